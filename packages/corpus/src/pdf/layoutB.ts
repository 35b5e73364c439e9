import type { Invoice } from '../cfdi/model.js';
import { HELVETICA, labeled, renderPdf, text } from './doc.js';
import { conceptTable, CONCEPT_COLUMNS, sealBlocks, totals } from './conceptTable.js';
import { invoiceView } from './invoiceView.js';
import { qrPng } from './qr.js';

const F = HELVETICA;
const M = 36;
const W = 612 - 2 * M;

/**
 * Layout B, a PAC portal's printout: the issuer's company name as the unlabeled header, a
 * "Folio fiscal" box top right, a Receptor (or Cliente) block, the concepts, a vehicle data
 * box with a labeled VIN, and the QR embedded as a PNG beside the seals. Standard Helvetica
 * (not embedded), as many portals print.
 */
export async function layoutB(inv: Invoice, opts: { receptorTitle?: 'Receptor' | 'Cliente' } = {}): Promise<Buffer> {
  const view = invoiceView(inv);
  const qr = await qrPng(view.qr);
  return renderPdf({ title: `CFDI ${inv.timbre.uuid}`, author: inv.emisor.nombre }, (doc) => {
    text(doc, inv.emisor.nombre, M, M, { font: F.bold, size: 13, width: 330, wrap: true });
    labeled(
      doc,
      [
        ['RFC:', inv.emisor.rfc],
        ['Régimen fiscal:', view.regimenEmisor],
      ],
      M,
      doc.y + 4,
      330,
      { font: F.regular, bold: F.bold, size: 8 },
    );
    text(doc, inv.emisor.address ?? '', M, doc.y + 2, { font: F.regular, size: 8, width: 330, wrap: true });

    // The folio fiscal box.
    const bx = M + 350;
    const bw = W - 350;
    doc.rect(bx, M, bw, 104).lineWidth(0.8).stroke('#444');
    text(doc, 'Folio fiscal', bx + 6, M + 5, { font: F.bold, size: 9, width: bw - 12 });
    text(doc, inv.timbre.uuid, bx + 6, M + 17, { font: F.regular, size: 8, width: bw - 12 });
    const boxRows: [string, string][] = [
      ['Folio:', `${inv.serie}-${inv.folio}`],
      ['No. de serie del CSD:', inv.noCertificado],
      ['Fecha y hora de emisión:', view.fecha.replace('T', ' ')],
      ['Fecha y hora de certificación:', view.fechaTimbrado.replace('T', ' ')],
      ['Lugar de expedición:', inv.lugarExpedicion],
      ['Efecto de comprobante:', 'Ingreso'],
    ];
    labeled(doc, boxRows, bx + 6, M + 31, bw - 12, { font: F.regular, bold: F.bold, size: 7 });

    let at = M + 116;
    if (view.related) {
      at =
        labeled(
          doc,
          [
            ['Tipo de relación:', view.related.tipo],
            ['CFDI relacionado:', view.related.uuid],
          ],
          M,
          at,
          W,
          { font: F.regular, bold: F.bold, size: 8 },
        ) + 4;
    }
    const title = opts.receptorTitle ?? 'Receptor';
    doc.rect(M, at, W, 14).fill('#e6e6e6');
    text(doc, title, M + 4, at + 3, { font: F.bold, size: 9 });
    at = labeled(
      doc,
      [
        ['Nombre:', inv.receptor.nombre],
        ['RFC:', inv.receptor.rfc],
        ['Uso CFDI:', view.usoCfdi],
        ['Régimen fiscal:', view.regimenReceptor],
        ['Código postal:', inv.receptor.cp],
      ],
      M + 4,
      at + 18,
      W - 8,
      { font: F.regular, bold: F.bold, size: 8 },
    );

    const c = CONCEPT_COLUMNS;
    at = conceptTable(doc, inv, view, M, at + 8, W, {
      fonts: F,
      size: 7.5,
      columns: [
        { ...c.cantidad, title: 'Cantidad', width: 42 },
        { ...c.clave, title: 'Clave SAT' },
        c.unidad,
        c.descripcion,
        { ...c.unitario, title: 'Valor unitario' },
        c.importe,
      ],
      headerFill: '#333',
      headerText: '#fff',
    });
    const v = inv.vehicle;
    if (v) {
      doc.rect(M, at + 2, W, 14).fill('#e6e6e6');
      text(doc, 'Datos del vehículo', M + 4, at + 5, { font: F.bold, size: 9 });
      const rows: [string, string][] = [
        ['VIN:', v.vin],
        ['Marca:', v.marca],
        ['Modelo:', v.modelo],
        ['Año:', String(v.anio)],
        ['Motor:', v.motor],
        ['Color:', v.color],
      ];
      if (inv.pedimento) rows.push(['Pedimento:', inv.pedimento.formatted]);
      if (inv.conceptos.some((k) => k.ventaVehiculos?.aduana)) rows.push(['Aduana:', inv.pedimento!.aduana.name]);
      at = labeled(doc, rows, M + 4, at + 20, W / 2, { font: F.regular, bold: F.bold, size: 8 });
    }
    const after = totals(doc, view, M + W, at + 6, { fonts: F, size: 9, labels: ['Subtotal', 'IVA Trasladado (16%)', 'Total'] });
    labeled(
      doc,
      [
        ['Forma de pago:', view.formaPago],
        ['Método de pago:', view.metodoPago],
        ['Moneda:', 'MXN'],
      ],
      M,
      at + 6,
      300,
      { font: F.regular, bold: F.bold, size: 8 },
    );

    const qrTop = Math.max(after + 10, 792 - M - 200);
    doc.image(qr, M, qrTop, { width: 105 });
    sealBlocks(
      doc,
      [
        ['Sello digital del emisor', inv.sello],
        ['Sello digital del SAT', inv.timbre.selloSAT],
        ['Cadena original del complemento de certificación digital del SAT', view.cadenaTfd],
      ],
      M + 115,
      qrTop,
      W - 115,
      { fonts: F, size: 6 },
    );
    text(doc, 'Este documento es una representación impresa de un CFDI versión ' + inv.version, M, 792 - 24, {
      font: F.regular,
      size: 7,
      width: W,
      align: 'center',
    });
  });
}
