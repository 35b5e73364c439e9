import { DEJAVU, DEJAVU_CONDENSED, renderPdf, text, type Pdf } from '../pdf/doc.js';
import { drawVectorQr } from '../pdf/qr.js';
import { dmy } from './common.js';
import type { IneCard } from './ine.js';

/** ID-1 card size in points (85.6 × 54 mm). */
export const CARD_SIZE: [number, number] = [242.6, 153];
const [W, H] = CARD_SIZE;
const F = DEJAVU;
const C = DEJAVU_CONDENSED;

/** Faint wavy lines (the guilloche background of security printing). */
function guilloche(doc: Pdf, color: string) {
  doc.save().lineWidth(0.25).strokeColor(color).opacity(0.35);
  for (let k = 0; k < 14; k++) {
    doc.moveTo(0, 10 + k * 10);
    for (let x = 0; x <= W; x += 4) doc.lineTo(x, 10 + k * 10 + 4 * Math.sin((x + k * 13) / 11));
    doc.stroke();
  }
  doc.restore();
}

const label = (doc: Pdf, value: string, x: number, y: number) => text(doc, value, x, y, { font: C.regular, size: 4.6, color: '#6d5a6b' });
const value = (doc: Pdf, v: string, x: number, y: number, w = 160) => text(doc, v, x, y, { font: F.bold, size: 6, width: w });

/** The front: header, photo, name block (one name per line), address, keys and dates. */
export function ineFrontPdf(c: IneCard): Promise<Buffer> {
  const p = c.person;
  return renderPdf({ title: 'Credencial para votar', size: CARD_SIZE }, (doc) => {
    doc.rect(0, 0, W, H).fill('#f7eef3');
    guilloche(doc, '#c77d9b');
    text(doc, 'MÉXICO', 8, 6, { font: F.bold, size: 7 });
    text(doc, 'INSTITUTO NACIONAL ELECTORAL', 56, 6, { font: F.bold, size: 6.5 });
    text(doc, 'CREDENCIAL PARA VOTAR', 56, 15, { font: C.regular, size: 5.5 });
    // Photo stand-in: a grey silhouette.
    doc.roundedRect(8, 28, 50, 64, 3).fill('#b9b4b8');
    doc.circle(33, 50, 12).fill('#8d878c');
    doc.roundedRect(17, 66, 32, 26, 8).fill('#8d878c');
    label(doc, 'NOMBRE', 64, 28);
    value(doc, p.paterno, 64, 34);
    value(doc, p.materno, 64, 41);
    value(doc, p.nombre, 64, 48);
    label(doc, 'DOMICILIO', 64, 58);
    c.domicilio.forEach((line, i) => text(doc, line, 64, 64 + i * 6.5, { font: C.regular, size: 5.4, width: 170 }));
    label(doc, 'CLAVE DE ELECTOR', 64, 86);
    value(doc, p.claveElector, 112, 85);
    label(doc, 'CURP', 64, 94);
    value(doc, p.curp, 80, 93);
    label(doc, 'FECHA DE NACIMIENTO', 64, 103);
    value(doc, dmy(p.nacimiento), 64, 109);
    label(doc, 'SECCIÓN', 130, 103);
    value(doc, c.seccion, 130, 109);
    label(doc, 'VIGENCIA', 176, 103);
    value(doc, `${c.emision} - ${c.vigencia}`, 176, 109);
    label(doc, 'SEXO', 8, 103);
    value(doc, p.sexo, 8, 109);
    label(doc, 'AÑO DE REGISTRO', 64, 122);
    value(doc, c.registro, 110, 121, 50);
    label(doc, 'EDAD', 8, 122);
    value(doc, String(c.emision - p.nacimiento.y), 24, 121, 20);
  });
}

/** The back: QR code, signature and fingerprint boxes, and the 3-line MRZ. */
export function ineBackPdf(c: IneCard): Promise<Buffer> {
  return renderPdf({ title: 'Credencial para votar (reverso)', size: CARD_SIZE }, (doc) => {
    doc.rect(0, 0, W, H).fill('#eef4f1');
    guilloche(doc, '#6aa58a');
    drawVectorQr(doc, `${c.cic}|${c.ocr}|${c.seccion}`, 8, 8, 52);
    doc.rect(70, 12, 90, 34).lineWidth(0.4).stroke('#555');
    text(doc, 'FIRMA', 70, 48, { font: C.regular, size: 4.6, width: 90, align: 'center' });
    doc.roundedRect(172, 8, 60, 60, 4).lineWidth(0.4).stroke('#555');
    text(doc, 'INSTITUTO NACIONAL ELECTORAL', 8, 70, { font: C.regular, size: 5, width: 160 });
    doc.rect(0, H - 46, W, 46).fill('#fff');
    c.mrz.forEach((line, i) => text(doc, line, 10, H - 42 + i * 13, { font: F.mono, size: 10, width: W - 14 }));
  });
}
