import { DEJAVU, DEJAVU_CONDENSED, labeled, renderPdf, text, type Pdf } from '../pdf/doc.js';
import { DAY_FORMATS } from './common.js';
import type { Tarjeta } from './tarjeta.js';

const F = DEJAVU;
const C = DEJAVU_CONDENSED;

/** A small label over its value, in a thin box. */
function box(doc: Pdf, label: string, value: string, x: number, y: number, w: number, size = 8) {
  doc
    .rect(x, y, w, size * 2 + 9)
    .lineWidth(0.5)
    .stroke('#7a8a99');
  text(doc, label, x + 3, y + 2, { font: C.regular, size: size - 2, color: '#44525f', width: w - 6 });
  text(doc, value, x + 3, y + size, { font: F.bold, size, width: w - 6 });
}

/** CDMX: a card (enlarged copy) with label-over-value boxes and the plate top right. */
async function cdmx(t: Tarjeta) {
  return renderPdf({ title: 'Tarjeta de circulación', size: [396, 252] }, (doc) => {
    doc.rect(0, 0, 396, 34).fill('#9f2241');
    text(doc, t.state.government, 10, 6, { font: F.bold, size: 8, color: '#fff', width: 250 });
    text(doc, 'SECRETARÍA DE MOVILIDAD', 10, 18, { font: C.regular, size: 7, color: '#fff', width: 250 });
    text(doc, 'TARJETA DE CIRCULACIÓN', 10, 40, { font: F.bold, size: 10, width: 250 });
    box(doc, 'PLACA', t.placa, 290, 38, 96, 11);
    const v = t.vehicle;
    const rows: [string, string, number][][] = [
      [
        ['NIV', v.vin, 180],
        ['MARCA', v.marca, 96],
        ['LÍNEA', v.modelo, 100],
      ],
      [
        ['MODELO', String(v.anio), 60],
        ['NÚMERO DE MOTOR', v.motor, 120],
        ['CLASE', v.body === 'SEDAN' ? 'AUTOMÓVIL' : 'CAMIONETA', 90],
        ['COLOR', v.color, 106],
      ],
      [['PROPIETARIO', t.propietario, 376]],
      [
        ['FECHA DE EXPEDICIÓN', DAY_FORMATS.slash(t.expedicion), 110],
        ['VIGENCIA', DAY_FORMATS.slash(t.vigencia), 90],
        ['FOLIO', t.folio, 96],
        ['USO', 'PARTICULAR', 80],
      ],
    ];
    rows.forEach((row, i) => {
      let x = 10;
      for (const [label, value, w] of row) {
        box(doc, label, value, x, 76 + i * 42, w);
        x += w;
      }
    });
  });
}

/** Estado de México: a half-letter form, `LABEL: value` lines in two columns. */
async function edomex(t: Tarjeta) {
  return renderPdf({ title: 'Tarjeta de circulación', size: [612, 396] }, (doc) => {
    text(doc, t.state.government, 30, 24, { font: 'DejaVu-Serif-Bold', size: 13, width: 552, align: 'center' });
    text(doc, 'SECRETARÍA DE FINANZAS — DIRECCIÓN GENERAL DE RECAUDACIÓN', 30, 42, {
      font: F.regular,
      size: 8,
      width: 552,
      align: 'center',
    });
    text(doc, 'TARJETA DE CIRCULACIÓN', 30, 60, { font: F.bold, size: 12, width: 552, align: 'center' });
    const v = t.vehicle;
    const o = { font: F.regular, bold: F.bold, size: 9, gap: 5 };
    labeled(
      doc,
      [
        ['PLACAS:', t.placa],
        ['NO. DE SERIE:', v.vin],
        ['MARCA:', v.marca],
        ['SUBMARCA:', v.modelo],
        ['AÑO MODELO:', String(v.anio)],
        ['NO. DE MOTOR:', v.motor],
      ],
      40,
      96,
      260,
      o,
    );
    labeled(
      doc,
      [
        ['FOLIO:', t.folio],
        ['FECHA DE EXPEDICIÓN:', DAY_FORMATS.short(t.expedicion)],
        ['COLOR:', v.color],
        ['COMBUSTIBLE:', 'GASOLINA'],
        ['CILINDROS:', String(v.cilindros)],
        ['SERVICIO:', 'PARTICULAR'],
      ],
      330,
      96,
      250,
      o,
    );
    labeled(
      doc,
      [
        ['NOMBRE DEL PROPIETARIO:', t.propietario],
        ['DOMICILIO:', t.domicilio.join(', ')],
      ],
      40,
      232,
      530,
      o,
    );
    doc.rect(30, 86, 552, 200).lineWidth(0.8).stroke('#333');
    text(doc, 'ESTE DOCUMENTO DEBE PORTARSE EN EL VEHÍCULO', 30, 350, { font: C.regular, size: 7, width: 552, align: 'center' });
  });
}

/** Jalisco: a portal printout, a two-column table (concept | data). */
async function jalisco(t: Tarjeta) {
  return renderPdf({ title: 'Tarjeta de circulación' }, (doc) => {
    text(doc, t.state.government, 50, 50, { font: F.bold, size: 14, width: 512 });
    text(doc, 'Secretaría de la Hacienda Pública', 50, 70, { font: F.regular, size: 10, width: 512 });
    text(doc, 'TARJETA DE CIRCULACIÓN', 50, 100, { font: F.bold, size: 13, width: 512 });
    const v = t.vehicle;
    const rows: [string, string][] = [
      ['Placa', t.placa],
      ['Entidad', 'JALISCO'],
      ['Número de serie (NIV)', v.vin],
      ['Marca', v.marca],
      ['Modelo', v.modelo],
      ['Año modelo', String(v.anio)],
      ['Número de motor', v.motor],
      ['Tipo de vehículo', v.body],
      ['Propietario', t.propietario],
      ['RFC', t.rfcPropietario],
      ['Fecha de expedición', DAY_FORMATS.long(t.expedicion)],
      ['Folio', t.folio],
    ];
    rows.forEach(([label, value], i) => {
      const y = 130 + i * 22;
      if (i % 2 === 0) doc.rect(50, y - 4, 512, 22).fill('#eef3f7');
      text(doc, `${label}:`, 56, y + 2, { font: F.bold, size: 10, width: 180 });
      text(doc, value, 240, y + 2, { font: F.regular, size: 10, width: 316 });
    });
  });
}

/** Nuevo León: half letter, boxed fields in three columns under the institute's header. */
async function nuevoLeon(t: Tarjeta) {
  return renderPdf({ title: 'Tarjeta de circulación', size: [612, 396] }, (doc) => {
    text(doc, t.state.government, 30, 22, { font: F.bold, size: 11, width: 552 });
    text(doc, 'INSTITUTO DE CONTROL VEHICULAR', 30, 38, { font: F.regular, size: 9, width: 552 });
    text(doc, 'TARJETA DE CIRCULACIÓN', 30, 56, { font: F.bold, size: 12, width: 552 });
    const v = t.vehicle;
    const cells: [string, string][] = [
      ['PLACA', t.placa],
      ['SERIE', v.vin],
      ['FOLIO', t.folio],
      ['MARCA', v.marca],
      ['LÍNEA', v.modelo],
      ['MODELO', String(v.anio)],
      ['MOTOR', v.motor],
      ['COLOR', v.color],
      ['FECHA DE EXPEDICIÓN', DAY_FORMATS.dash(t.expedicion)],
    ];
    cells.forEach(([label, value], i) => box(doc, label, value, 30 + (i % 3) * 184, 84 + Math.floor(i / 3) * 40, 184, 10));
    box(doc, 'NOMBRE O RAZÓN SOCIAL', t.propietario, 30, 210, 552, 10);
    box(doc, 'DOMICILIO', t.domicilio.join(', '), 30, 250, 552, 9);
  });
}

/** Puebla: a card with `Label: value` lines in a condensed font. */
async function puebla(t: Tarjeta) {
  return renderPdf({ title: 'Tarjeta de circulación', size: [396, 252] }, (doc) => {
    doc.rect(0, 0, 396, 6).fill('#0b5c4e');
    text(doc, t.state.government, 12, 12, { font: F.bold, size: 9, width: 372 });
    text(doc, 'SECRETARÍA DE PLANEACIÓN Y FINANZAS · TARJETA DE CIRCULACIÓN', 12, 26, { font: C.regular, size: 7, width: 372 });
    const v = t.vehicle;
    const o = { font: C.regular, bold: C.bold, size: 8, gap: 2 };
    labeled(
      doc,
      [
        ['Placa:', t.placa],
        ['NIV:', v.vin],
        ['Marca:', v.marca],
        ['Línea:', v.modelo],
        ['Año modelo:', String(v.anio)],
        ['No. motor:', v.motor],
      ],
      12,
      48,
      190,
      o,
    );
    labeled(
      doc,
      [
        ['Folio:', t.folio],
        ['Fecha de expedición:', DAY_FORMATS.slash(t.expedicion)],
        ['Clase:', v.body],
        ['Uso:', 'PARTICULAR'],
        ['Color:', v.color],
      ],
      210,
      48,
      176,
      o,
    );
    labeled(doc, [['Propietario:', t.propietario]], 12, 160, 372, o);
    text(doc, t.domicilio.join(', '), 12, 176, { font: C.regular, size: 7, width: 372, wrap: true });
  });
}

export const TARJETA_LAYOUTS = { CMX: cdmx, MEX: edomex, JAL: jalisco, NLE: nuevoLeon, PUE: puebla } as const;

/** The state's tarjeta as a PDF with a text layer. */
export const tarjetaPdf = (t: Tarjeta) => TARJETA_LAYOUTS[t.state.code](t);
