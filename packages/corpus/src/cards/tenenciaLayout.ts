import { pesos } from '../cfdi/model.js';
import { DEJAVU, DEJAVU_CONDENSED, HELVETICA, labeled, renderPdf, text, type Fonts } from '../pdf/doc.js';
import { DAY_FORMATS } from './common.js';
import { PRINTS_VEHICLE, type Tenencia } from './tenencia.js';

const HEADS: Record<Tenencia['state']['code'], [string, Fonts]> = {
  CMX: ['SECRETARÍA DE ADMINISTRACIÓN Y FINANZAS · TESORERÍA', DEJAVU],
  MEX: ['SECRETARÍA DE FINANZAS · FORMATO UNIVERSAL DE PAGO', HELVETICA],
  JAL: ['SECRETARÍA DE LA HACIENDA PÚBLICA · RECIBO OFICIAL', DEJAVU_CONDENSED],
  NLE: ['INSTITUTO DE CONTROL VEHICULAR · RECIBO DE PAGO', DEJAVU],
  PUE: ['SECRETARÍA DE PLANEACIÓN Y FINANZAS · RECIBO DE PAGO', DEJAVU_CONDENSED],
};

/**
 * A payment receipt as the state's portal prints it: the government header, the vehicle and
 * owner labeled, a table of concept / year / amount, the total and the payment date. Estado
 * de México prints Helvetica and the last 8 characters of the VIN; the others an embedded font.
 */
export function tenenciaPdf(t: Tenencia): Promise<Buffer> {
  const [office, F] = HEADS[t.state.code];
  const v = t.vehicle;
  return renderPdf({ title: `Recibo ${t.folio}` }, (doc) => {
    text(doc, t.state.government, 50, 48, { font: F.bold, size: 14, width: 512, align: 'center' });
    text(doc, office, 50, 68, { font: F.regular, size: 9, width: 512, align: 'center' });
    text(doc, t.lineas[0].concepto, 50, 92, { font: F.bold, size: 12, width: 512, align: 'center' });
    const o = { font: F.regular, bold: F.bold, size: 9.5, gap: 4 };
    const vinLabel = t.vinPrinted.length === 17 ? (t.state.code === 'CMX' ? 'NÚMERO DE SERIE:' : 'NIV:') : 'NIV:';
    const left: [string, string][] = [
      ['PLACA:', t.placa],
      [vinLabel, t.vinPrinted],
      ['PROPIETARIO:', t.propietario],
    ];
    if (PRINTS_VEHICLE[t.state.code]) left.push(['MARCA:', v.marca], ['LÍNEA:', v.modelo], ['AÑO MODELO:', String(v.anio)]);
    labeled(doc, left, 60, 130, 300, o);
    const years = t.ejercicios.length === 1 ? String(t.ejercicios[0]) : t.ejercicios.join(', ');
    labeled(
      doc,
      [
        ['FOLIO:', t.folio],
        ['FECHA DE PAGO:', t.state.code === 'JAL' ? DAY_FORMATS.long(t.pago) : DAY_FORMATS.slash(t.pago)],
        ['EJERCICIO FISCAL:', years],
      ],
      370,
      130,
      190,
      o,
    );

    let y = 270;
    doc.rect(60, y, 492, 18).fill('#d9d9d9');
    text(doc, 'CONCEPTO', 66, y + 5, { font: F.bold, size: 9 });
    text(doc, 'EJERCICIO', 330, y + 5, { font: F.bold, size: 9 });
    text(doc, 'IMPORTE', 440, y + 5, { font: F.bold, size: 9, width: 106, align: 'right' });
    for (const l of t.lineas) {
      y += 22;
      text(doc, l.concepto, 66, y, { font: F.regular, size: 9, width: 250 });
      text(doc, String(l.ejercicio), 330, y, { font: F.regular, size: 9 });
      text(doc, pesos(l.importe), 440, y, { font: F.regular, size: 9, width: 106, align: 'right' });
    }
    y += 30;
    text(doc, `TOTAL PAGADO: ${pesos(t.total)}`, 300, y, { font: F.bold, size: 11, width: 252, align: 'right' });
    text(doc, `LÍNEA DE CAPTURA: ${t.lineaCaptura}`, 60, y + 40, { font: F.mono, size: 9, width: 492 });
    text(doc, 'PAGO RECIBIDO. CONSERVE ESTE COMPROBANTE.', 60, y + 70, { font: F.regular, size: 8, width: 492, align: 'center' });
  });
}
