import type { Invoice } from '../cfdi/model.js';
import { DEJAVU_CONDENSED, renderPdf, text, type Pdf } from './doc.js';
import { conceptTable, CONCEPT_COLUMNS, sealBlocks, totals } from './conceptTable.js';
import { invoiceView } from './invoiceView.js';
import { drawVectorQr } from './qr.js';

const F = DEJAVU_CONDENSED;
const M = 32;
const W = 612 - 2 * M;

/** Rows of `Label:` | value with a light rule under each; two pairs per row. */
function labelTable(doc: Pdf, rows: [string, string][], y: number): number {
  const col = W / 2;
  let at = y;
  for (let i = 0; i < rows.length; i += 2) {
    let bottom = at;
    rows.slice(i, i + 2).forEach(([label, value], k) => {
      const x = M + k * col;
      const labelEnd = text(doc, label, x + 2, at + 2, { font: F.bold, size: 7.5, width: 100, wrap: true });
      bottom = Math.max(bottom, labelEnd, text(doc, value, x + 104, at + 2, { font: F.regular, size: 7.5, width: col - 108, wrap: true }));
    });
    at = bottom + 3;
    doc
      .moveTo(M, at)
      .lineTo(M + W, at)
      .lineWidth(0.3)
      .stroke('#bbb');
  }
  return at;
}

/**
 * Layout C, a label table ("RFC emisor:", "Nombre emisor:", …) in which a related CFDI's
 * UUID is printed before the invoice's folio fiscal, the vehicle's serial number under "No. de
 * serie", and the certification chain (or the XML's first characters) printed as text.
 */
export function layoutC(inv: Invoice, opts: { printXml?: boolean } = {}): Promise<Buffer> {
  const view = invoiceView(inv);
  return renderPdf({ title: `${inv.emisor.rfc}_${inv.serie}${inv.folio}`, author: inv.emisor.rfc }, (doc) => {
    text(doc, 'COMPROBANTE FISCAL DIGITAL POR INTERNET', M, M, { font: F.bold, size: 12, width: W, align: 'center' });
    text(doc, `Factura — Versión ${inv.version}`, M, M + 16, { font: F.regular, size: 9, width: W, align: 'center' });
    const rows: [string, string][] = [
      ['RFC emisor:', inv.emisor.rfc],
      ['Nombre emisor:', inv.emisor.nombre],
      ['RFC receptor:', inv.receptor.rfc],
      ['Nombre receptor:', inv.receptor.nombre],
      ['Régimen fiscal:', view.regimenEmisor],
      ['Régimen fiscal receptor:', view.regimenReceptor],
      ['Uso CFDI:', view.usoCfdi],
      ['Domicilio fiscal receptor:', inv.receptor.cp],
    ];
    if (view.related) rows.push(['CFDI relacionado:', view.related.uuid], ['Tipo de relación:', view.related.tipo]);
    rows.push(
      ['Folio fiscal:', inv.timbre.uuid],
      ['No. de serie del CSD:', inv.noCertificado],
      ['Serie y folio:', `${inv.serie}-${inv.folio}`],
      ['Código postal, fecha y hora de emisión:', `${inv.lugarExpedicion} ${view.fecha.replace('T', ' ')}`],
      ['Efecto de comprobante:', view.efecto],
      ['Exportación:', '01 - No aplica'],
    );
    let at = labelTable(doc, rows, M + 36);

    const c = CONCEPT_COLUMNS;
    at = conceptTable(doc, inv, view, M, at + 10, W, {
      fonts: F,
      size: 7,
      columns: [c.clave, c.cantidad, c.unidad, c.descripcion, c.unitario, c.importe],
      headerFill: '#6b7b8c',
      headerText: '#fff',
    });
    const v = inv.vehicle;
    if (v) {
      const line =
        `No. de serie: ${v.vin}    No. de motor: ${v.motor}    ` + `Marca: ${v.marca}    Modelo: ${v.modelo}    Año modelo: ${v.anio}`;
      at = text(doc, line, M + 2, at + 2, { font: F.regular, size: 7.5, width: W, wrap: true }) + 2;
      if (view.usadoLines)
        at =
          text(doc, view.usadoLines.map(([l, x]) => `${l} ${x}`).join('   '), M + 2, at, {
            font: F.regular,
            size: 7,
            width: W,
            wrap: true,
          }) + 2;
    }
    const end = totals(doc, view, M + W, at + 6, { fonts: F, size: 8 });
    text(doc, `Moneda: MXN    Forma de pago: ${view.formaPago}    Método de pago: ${view.metodoPago}`, M, at + 6, {
      font: F.regular,
      size: 7,
      width: 300,
      wrap: true,
    });

    const y = Math.max(end + 8, 792 - M - 270);
    const blocks: [string, string][] = [
      ['Sello digital del CFDI:', inv.sello],
      ['Sello digital del SAT:', inv.timbre.selloSAT],
      ['Cadena original del complemento de certificación digital del SAT:', view.cadenaTfd],
    ];
    if (opts.printXml) blocks.push(['Archivo XML:', view.xmlHead]);
    sealBlocks(doc, blocks, M, y, W - 115, { fonts: F, size: 5.5 });
    drawVectorQr(doc, view.qr, M + W - 105, 792 - M - 270, 105);
    text(doc, 'Este documento es una representación impresa de un CFDI', M, 792 - 22, {
      font: F.regular,
      size: 6.5,
      width: W,
      align: 'center',
    });
  });
}
