import { readFileSync } from 'node:fs';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

export const fixture = (name: string) => readFileSync(new URL(`../fixtures/documents/${name}`, import.meta.url));
export const fixtureText = (name: string) => fixture(name).toString('utf8');

/** A one-page PDF whose text layer holds `lines`, top to bottom. */
export async function makePdf(lines: readonly string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  lines.forEach((line, i) => page.drawText(line, { x: 36, y: 750 - i * 16, size: 10, font }));
  return doc.save();
}

/** A PDF with a page and no text layer at all (a scan without OCR). */
export async function makeEmptyPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  return doc.save();
}

export const TENENCIA_RECEIPT = [
  'GOBIERNO DEL ESTADO DE MÉXICO',
  'SECRETARÍA DE FINANZAS',
  'RECIBO OFICIAL DE PAGO',
  'IMPUESTO SOBRE TENENCIA O USO DE VEHÍCULOS Y DERECHOS DE CONTROL VEHICULAR',
  'FOLIO: 0012345678',
  'FECHA DE PAGO: 15 de marzo de 2024',
  'PROPIETARIO: JUAN PÉREZ LÓPEZ',
  'PLACA: MBC-12-34        MARCA: NISSAN        MODELO: 2018',
  'NIV: AE5RK812345',
  'EJERCICIO FISCAL: 2023, 2024',
  'CONCEPTO                                   IMPORTE',
  'TENENCIA 2023                              $ 1,234.00',
  'TENENCIA 2024                              $ 1,300.50',
  'TOTAL A PAGAR                              $ 2,534.50',
  'LÍNEA DE CAPTURA: 98765432101234567890',
];

export const TARJETA_CIRCULACION = [
  'GOBIERNO DEL ESTADO DE JALISCO',
  'SECRETARÍA DE LA HACIENDA PÚBLICA',
  'TARJETA DE CIRCULACIÓN',
  'FOLIO: A 7654321',
  'PROPIETARIO: MARÍA FERNANDA LÓPEZ DE LA CRUZ',
  'PLACA: JKL-123-A          FECHA DE EXPEDICIÓN: 2023-01-15',
  'MARCA: VOLKSWAGEN     LÍNEA: JETTA     MODELO: 2019',
  'NO. DE SERIE: 3VWFE21C04M000001     NO. DE MOTOR: CBP123456',
  'TIPO: SEDAN     COLOR: BLANCO',
  'VIGENCIA: 15/01/2026',
];

/** A tarjeta that prints its labels in a row above their values (text layers join the columns). */
export const TARJETA_COLUMNS = [
  'EDOMEX SECRETARÍA DE MOVILIDAD',
  'TARJETA DE CIRCULACIÓN',
  'PLACA NÚMERO DE SERIE',
  'MNO-12-34 KMHCT41D8EU123456',
  'PROPIETARIO FECHA DE EXPEDICIÓN',
  'CARLOS RAMÍREZ TORRES 15-MAR-2024',
  'MARCA AÑO MODELO',
  'HYUNDAI 2014',
];

export const PDF_INVOICE = [
  'AUTOMOTRIZ VALLE DE MEXICO SA DE CV',
  'RFC EMISOR: AVM9203175R5',
  'FACTURA',
  'FOLIO FISCAL: 6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B',
  'FECHA DE EMISIÓN: 12/03/2024',
  'RECEPTOR: JUAN PEREZ LOPEZ      RFC RECEPTOR: PELJ800101A14',
  'USO CFDI: G01 ADQUISICIÓN DE MERCANCÍAS',
  'CANTIDAD  DESCRIPCIÓN                                            VALOR UNITARIO   IMPORTE',
  '1  AUTOMOVIL NUEVO MARCA NISSAN TIPO VERSA SENSE MODELO 2024',
  '   NIV: 3N1CN8AE5RK812345   MOTOR: HR16123456X   COLOR: BLANCO   $350,000.00   $350,000.00',
  'SUBTOTAL $350,000.00',
  'IVA 16% $56,000.00',
  'TOTAL $406,000.00',
  'ENDOSO',
  'Endoso la presente factura a favor de MARIA FERNANDA LOPEZ DE LA CRUZ el 20/06/2022.',
];

/** A one-page PDF holding only an image (a scan; PNG, or JPEG as scanners store it): no text layer. */
export async function makeImagePdf(png: Uint8Array, size: { width: number; height: number }, text?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const image = png[0] === 0xff && png[1] === 0xd8 ? await doc.embedJpg(png) : await doc.embedPng(png);
  const page = doc.addPage([612, 792]);
  if (text) page.drawText(text, { x: 36, y: 770, size: 10, font: await doc.embedFont(StandardFonts.Helvetica) });
  page.drawImage(image, { x: 20, y: 760 - size.height, ...size });
  return doc.save();
}

/**
 * A PDF whose QR code is drawn as vector squares, as most CFDI printers draw it: the modules
 * of a QR image are sampled (the finder pattern's first row gives the module size) and each
 * dark one becomes a filled square, beside a text layer.
 */
export async function makeVectorQrPdf(qrPng: Uint8Array, text: readonly string[]): Promise<Uint8Array> {
  const sharp = (await import('sharp')).default;
  const { data, info } = await sharp(qrPng).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const dark = (x: number, y: number) => data[y * info.width + x] < 128;
  let top = 0;
  let left = 0;
  outer: for (top = 0; top < info.height; top++) for (left = 0; left < info.width; left++) if (dark(left, top)) break outer;
  let run = 0;
  while (dark(left + run, top)) run++;
  const module = run / 7;
  const count = Math.round((info.width - 2 * left) / module);
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  text.forEach((line, i) => page.drawText(line, { x: 160, y: 150 - i * 12, size: 8, font }));
  const side = 2.2; // points per module: a 45-module QR prints about 3.5 cm wide
  for (let r = 0; r < count; r++) {
    for (let c = 0; c < count; c++) {
      if (dark(Math.floor(left + (c + 0.5) * module), Math.floor(top + (r + 0.5) * module))) {
        page.drawRectangle({ x: 36 + c * side, y: 160 - (r + 1) * side, width: side, height: side, color: rgb(0, 0, 0) });
      }
    }
  }
  return doc.save();
}

/**
 * A PDF that prints `rows` as a monospaced page (Courier 9 pt): each run of text between
 * double spaces is drawn where its first character stands, as a printer places its cells, so
 * columns land where the row strings put them.
 */
export async function makeGridPdf(rows: readonly string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Courier);
  const page = doc.addPage([612, 792]);
  rows.forEach((row, i) => {
    for (const m of row.matchAll(/\S+(?: \S+)*/g)) {
      page.drawText(m[0], { x: 24 + m.index * 5.4, y: 760 - i * 12, size: 9, font });
    }
  });
  return doc.save();
}
