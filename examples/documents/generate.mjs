// Regenerates the sample PDFs of this folder (text-layer PDFs, as a state portal or RENAPO
// would print them). Run: node examples/documents/generate.mjs
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

const here = path.dirname(new URL(import.meta.url).pathname);

async function pdf(file, title, lines) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  let y = 730;
  for (const t of title) {
    page.drawText(t, { x: 50, y, size: 14, font: bold, color: rgb(0.1, 0.1, 0.3) });
    y -= 22;
  }
  y -= 10;
  for (const line of lines) {
    page.drawText(line, { x: 50, y, size: 11, font });
    y -= 18;
  }
  doc.setCreationDate(new Date('2025-02-20T12:00:00Z'));
  doc.setModificationDate(new Date('2025-02-20T12:00:00Z'));
  fs.writeFileSync(path.join(here, file), await doc.save());
}

await pdf(
  'tarjeta-circulacion.pdf',
  ['GOBIERNO DEL ESTADO DE MEXICO', 'TARJETA DE CIRCULACION'],
  [
    'PLACA: NXA-12-34',
    'ENTIDAD: ESTADO DE MEXICO',
    'NIV: 3N1CN8AE5RK812345',
    'NUMERO DE MOTOR: HR16123456X',
    'MARCA: NISSAN   MODELO: VERSA   ANO MODELO: 2024',
    'PROPIETARIO: JUAN PEREZ LOPEZ',
    'FOLIO: TC-2024-0031877',
    'FECHA DE EXPEDICION: 15/03/2024',
    'VIGENCIA: 15/03/2027',
  ],
);

await pdf(
  'tenencia-2025.pdf',
  ['GOBIERNO DEL ESTADO DE MEXICO', 'RECIBO DE PAGO DE TENENCIA Y REFRENDO'],
  [
    'PLACA: NXA1234',
    'ENTIDAD: ESTADO DE MEXICO',
    'NIV: 3N1CN8AE5RK812345',
    'EJERCICIO FISCAL: 2025',
    'FECHA DE PAGO: 20/02/2025',
    'LINEA DE CAPTURA: 1234 5678 9012 3456 7890',
    'TOTAL PAGADO: $1,850.50',
  ],
);

await pdf(
  'curp.pdf',
  ['CONSTANCIA DE LA CLAVE UNICA DE REGISTRO DE POBLACION', 'RENAPO'],
  [
    'CURP: PELJ800101HMCRPN06',
    'NOMBRE: JUAN',
    'PRIMER APELLIDO: PEREZ',
    'SEGUNDO APELLIDO: LOPEZ',
    'FECHA DE NACIMIENTO: 01/01/1980',
    'ENTIDAD DE NACIMIENTO: MEXICO',
  ],
);
console.log('sample PDFs written to', here);
