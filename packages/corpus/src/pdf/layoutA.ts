import type { Invoice } from '../cfdi/model.js';
import { bar, DEJAVU, labeled, renderPdf, text } from './doc.js';
import { conceptTable, CONCEPT_COLUMNS, sealBlocks, totals } from './conceptTable.js';
import { invoiceView } from './invoiceView.js';
import { drawVectorQr } from './qr.js';

const F = DEJAVU;
const M = 30;
const W = 612 - 2 * M;

/**
 * Layout A, the common open-source template: EMISOR | RECEPTOR side by side, a DATOS
 * ADICIONALES block, the CONCEPTOS table, and the SAT QR drawn as vector squares bottom-left
 * with the seals and the certification chain beside it. DejaVu Sans, embedded.
 */
export function layoutA(inv: Invoice): Promise<Buffer> {
  const view = invoiceView(inv);
  return renderPdf({ title: `Factura ${inv.serie}-${inv.folio}`, author: inv.emisor.nombre }, (doc) => {
    // Header: a logo stand-in, the title and the invoice's serie and folio.
    doc.roundedRect(M, M, 70, 42, 6).fill('#1f3a5f');
    text(
      doc,
      inv.emisor.nombre
        .split(/\s+/)
        .slice(0, 2)
        .map((w) => w[0])
        .join(''),
      M,
      M + 12,
      { font: F.bold, size: 16, width: 70, align: 'center', color: '#fff' },
    );
    text(doc, 'FACTURA', M + 300, M, { font: F.bold, size: 16, width: W - 300, align: 'right' });
    labeled(
      doc,
      [
        ['Serie:', inv.serie],
        ['Folio:', inv.folio],
        ['Fecha de emisión:', view.fecha],
        ['Tipo de comprobante:', view.efecto],
        ['Versión:', inv.version],
      ],
      M + 380,
      M + 20,
      W - 380,
      { font: F.regular, bold: F.bold, size: 7 },
    );

    // Two columns: issuer and receiver.
    const top = M + 80;
    const half = (W - 10) / 2;
    bar(doc, 'EMISOR', M, top, half, { font: F.bold });
    bar(doc, 'RECEPTOR', M + half + 10, top, half, { font: F.bold });
    let left = text(doc, inv.emisor.nombre, M + 2, top + 18, { font: F.bold, size: 8, width: half - 4, wrap: true });
    left = labeled(
      doc,
      [
        ['RFC:', inv.emisor.rfc],
        ['Régimen fiscal:', view.regimenEmisor],
        ['Domicilio:', inv.emisor.address ?? ''],
        ['Lugar de expedición:', inv.lugarExpedicion],
      ],
      M + 2,
      left + 2,
      half - 4,
      { font: F.regular, bold: F.bold, size: 7 },
    );
    let right = text(doc, inv.receptor.nombre, M + half + 12, top + 18, { font: F.bold, size: 8, width: half - 4, wrap: true });
    right = labeled(
      doc,
      [
        ['RFC:', inv.receptor.rfc],
        ['Régimen fiscal:', view.regimenReceptor],
        ['Domicilio fiscal:', inv.receptor.cp],
        ['Uso CFDI:', view.usoCfdi],
      ],
      M + half + 12,
      right + 2,
      half - 4,
      { font: F.regular, bold: F.bold, size: 7 },
    );

    // DATOS ADICIONALES: payment, certificate and the folio fiscal.
    let at = bar(doc, 'DATOS ADICIONALES', M, Math.max(left, right) + 8, W, { font: F.bold }) + 3;
    const extra: [string, string][] = [
      ['Forma de pago:', view.formaPago],
      ['Método de pago:', view.metodoPago],
      ['Moneda:', 'MXN - Peso Mexicano'],
      ['No. de certificado del emisor:', inv.noCertificado],
      ['Folio fiscal:', inv.timbre.uuid],
      ['Fecha de certificación:', view.fechaTimbrado],
      ['No. de certificado del SAT:', inv.timbre.noCertificadoSAT],
    ];
    if (view.related) extra.push(['CFDI relacionado:', `${view.related.uuid} (${view.related.tipo})`]);
    at = labeled(doc, extra, M + 2, at, W - 4, { font: F.regular, bold: F.bold, size: 7 });

    at = bar(doc, 'CONCEPTOS', M, at + 6, W, { font: F.bold }) + 2;
    const c = CONCEPT_COLUMNS;
    at = conceptTable(doc, inv, view, M, at, W, {
      fonts: F,
      size: 7,
      columns: [c.clave, c.cantidad, c.unidad, c.descripcion, c.unitario, c.importe],
      headerFill: '#dfe6ee',
      headerText: '#000',
    });
    if (view.usadoLines) {
      at = bar(doc, 'COMPLEMENTO VEHÍCULO USADO', M, at + 2, W, { font: F.bold }) + 3;
      at = labeled(doc, view.usadoLines, M + 2, at, W - 4, { font: F.regular, bold: F.bold, size: 7 });
    }
    totals(doc, view, M + W, at + 4, { fonts: F, size: 8 });

    // Bottom: vector QR and the seals beside it.
    const qrTop = 792 - M - 250;
    drawVectorQr(doc, view.qr, M, qrTop + 10, 110);
    sealBlocks(
      doc,
      [
        ['Sello digital del CFDI:', inv.sello],
        ['Sello del SAT:', inv.timbre.selloSAT],
        ['Cadena original del complemento de certificación digital del SAT:', view.cadenaTfd],
      ],
      M + 125,
      qrTop,
      W - 125,
      { fonts: F, size: 5.5 },
    );
    text(doc, 'Este documento es una representación impresa de un CFDI', M, 792 - M - 8, {
      font: F.regular,
      size: 6,
      width: W,
      align: 'center',
      color: '#555',
    });
  });
}
