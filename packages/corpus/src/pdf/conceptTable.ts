import type { Invoice } from '../cfdi/model.js';
import { money } from '../cfdi/model.js';
import { text, type Fonts, type Pdf } from './doc.js';
import type { InvoiceView } from './invoiceView.js';

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
  value: (c: Invoice['conceptos'][number]) => string;
}

export const CONCEPT_COLUMNS: Record<string, Column> = {
  clave: { title: 'Clave', width: 50, value: (c) => c.claveProdServ },
  cantidad: { title: 'Cant.', width: 30, align: 'right', value: (c) => String(c.cantidad) },
  unidad: { title: 'Unidad', width: 50, value: (c) => `${c.claveUnidad} ${c.unidad}` },
  descripcion: { title: 'Descripción', width: 0, value: (c) => c.descripcion },
  unitario: { title: 'P. unitario', width: 70, align: 'right', value: (c) => money(c.valorUnitario) },
  importe: { title: 'Importe', width: 70, align: 'right', value: (c) => money(c.importe) },
};

/**
 * The concepts table: a header row, then one row per concept whose description wraps in the
 * flexible column, with the concept's notes (vehicle complement, customs) under it.
 */
export function conceptTable(
  doc: Pdf,
  inv: Invoice,
  view: InvoiceView,
  x: number,
  y: number,
  w: number,
  o: { fonts: Fonts; size: number; columns: Column[]; headerFill: string; headerText: string },
) {
  const fixed = o.columns.reduce((s, c) => s + c.width, 0);
  const widths = o.columns.map((c) => c.width || w - fixed);
  const h = o.size + 6;
  doc.rect(x, y, w, h).fill(o.headerFill);
  let cx = x;
  o.columns.forEach((c, i) => {
    text(doc, c.title, cx + 2, y + 3, { font: o.fonts.bold, size: o.size, width: widths[i] - 4, align: c.align, color: o.headerText });
    cx += widths[i];
  });
  let at = y + h + 3;
  for (const concept of inv.conceptos) {
    let bottom = at;
    cx = x;
    o.columns.forEach((c, i) => {
      const end = text(doc, c.value(concept), cx + 2, at, {
        font: o.fonts.regular,
        size: o.size,
        width: widths[i] - 4,
        align: c.align,
        wrap: true,
      });
      bottom = Math.max(bottom, end);
      cx += widths[i];
    });
    for (const note of view.conceptNotes(concept)) {
      bottom = text(doc, note, x + 8, bottom + 1, { font: o.fonts.regular, size: o.size - 1, width: w - 16, color: '#333' });
    }
    at = bottom + 3;
    doc
      .moveTo(x, at)
      .lineTo(x + w, at)
      .lineWidth(0.3)
      .stroke('#999');
    at += 3;
  }
  return at;
}

/** Subtotal, IVA and total, right-aligned. */
export function totals(
  doc: Pdf,
  view: InvoiceView,
  right: number,
  y: number,
  o: { fonts: Fonts; size: number; labels?: [string, string, string] },
) {
  const [s, i, t] = o.labels ?? ['Subtotal:', 'IVA 16%:', 'Total:'];
  let at = y;
  for (const [label, value, bold] of [
    [s, view.subtotal, false],
    [i, view.iva, false],
    [t, view.total, true],
  ] as const) {
    text(doc, label, right - 190, at, { font: bold ? o.fonts.bold : o.fonts.regular, size: o.size, width: 90, align: 'right' });
    text(doc, value, right - 95, at, { font: bold ? o.fonts.bold : o.fonts.regular, size: o.size, width: 95, align: 'right' });
    at += o.size + 4;
  }
  return at;
}

/** The seals and the certification chain, each under its title, in a monospace font. */
export function sealBlocks(doc: Pdf, blocks: [string, string][], x: number, y: number, w: number, o: { fonts: Fonts; size: number }) {
  let at = y;
  for (const [title, value] of blocks) {
    at = text(doc, title, x, at, { font: o.fonts.bold, size: o.size + 1, width: w });
    at = text(doc, value, x, at + 1, { font: o.fonts.mono, size: o.size, width: w, wrap: true }) + 4;
  }
  return at;
}
