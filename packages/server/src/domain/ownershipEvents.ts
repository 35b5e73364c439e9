import { str } from './text.js';
import { isoOf } from './validators/index.js';
import { INVOICE_TYPES } from './vins.js';

// The transfers and owner evidence the documents hold; rules: docs/rules.md "Ownership chain".

export interface OwnershipDocument {
  file_id: string;
  document_type: string | null;
  parsed_data: Record<string, unknown>;
}

// A type alias (not an interface) so it fits the schema's open object.
export type SourceDocument = {
  document_type: string | null;
  folio: string | null;
  file_id: string;
};

export type OwnershipEvent =
  | { kind: 'transfer'; via: 'endorsement' | 'reinvoice'; from: string | null; to: string; date: string | null; doc: SourceDocument }
  | { kind: 'evidence'; owner: string; date: string | null; doc: SourceDocument };

export interface Invoice {
  doc: SourceDocument;
  issuer: string | null;
  receiver: string | null;
  date: string | null;
  endorsements: { from: string | null; to: string | null; date: string | null }[];
  index: number;
}

const ID_TYPES = new Set(['ine', 'id_front', 'id_front_and_reverse']);

/** A name as read, its spaces collapsed. */
const name = (v: unknown) => str(v)?.replace(/\s+/g, ' ') ?? null;
const isoDate = (v: unknown) => {
  const s = str(v);
  return s ? (isoOf(s) ?? null) : null;
};

const sourceDocument = (d: OwnershipDocument): SourceDocument => ({
  document_type: d.document_type,
  folio: name(d.parsed_data.folio_fiscal) ?? name(d.parsed_data.folio),
  file_id: d.file_id,
});

const isInvoice = (d: OwnershipDocument) => !!d.document_type && INVOICE_TYPES.has(d.document_type);

function toInvoice(d: OwnershipDocument, index: number): Invoice {
  const p = d.parsed_data;
  const endorsements = Array.isArray(p.endosos)
    ? p.endosos
        .filter((e): e is Record<string, unknown> => !!e && typeof e === 'object')
        .map((e) => ({ from: name(e.de), to: name(e.a), date: isoDate(e.fecha) }))
    : [];
  return {
    doc: sourceDocument(d),
    issuer: name(p.nombre_emisor),
    receiver: name(p.nombre_receptor),
    date: isoDate(p.fecha_emision) ?? isoDate(p.fecha_documento),
    endorsements,
    index,
  };
}

/** The documents' invoices, in document order. */
export const invoicesOf = (documents: readonly OwnershipDocument[]): Invoice[] =>
  documents.map((d, i) => (isInvoice(d) ? toInvoice(d, i) : null)).filter((inv): inv is Invoice => !!inv);

function ownerInEvidence(d: OwnershipDocument): string | null {
  const p = d.parsed_data;
  if (d.document_type && ID_TYPES.has(d.document_type)) {
    const full = [p.nombre, p.apellido_paterno, p.apellido_materno].map(name).filter(Boolean).join(' ');
    return full || name(p.propietario);
  }
  return name(p.propietario);
}

const UNDATED = '9999-99-99';
/** YYYY-MM-DD ascending, undated last. */
export const byDate = (a: string | null, b: string | null) => (a ?? UNDATED).localeCompare(b ?? UNDATED);

/** The pivot: the oldest invoice that names a receiver (ties: document order). */
export const pivotOf = (invoices: readonly Invoice[]): Invoice | undefined =>
  invoices.filter((inv) => inv.receiver).sort((a, b) => byDate(a.date, b.date) || a.index - b.index)[0];

/** Transfers and owner evidence after the pivot, in walking order. */
export function timeline(
  documents: readonly OwnershipDocument[],
  invoices: readonly Invoice[],
  pivot: Invoice | undefined,
): OwnershipEvent[] {
  // Priority on one date: re-invoicing (0), endorsements (1), evidence (2).
  const queue: { event: OwnershipEvent; priority: number; order: number }[] = [];
  const push = (event: OwnershipEvent, priority: number) => queue.push({ event, priority, order: queue.length });
  for (const inv of invoices) {
    if (inv !== pivot && inv.receiver) {
      push({ kind: 'transfer', via: 'reinvoice', from: inv.issuer, to: inv.receiver, date: inv.date, doc: inv.doc }, 0);
    }
    for (const e of inv.endorsements) {
      if (e.to) push({ kind: 'transfer', via: 'endorsement', from: e.from, to: e.to, date: e.date ?? inv.date, doc: inv.doc }, 1);
    }
  }
  for (const d of documents) {
    const owner = isInvoice(d) ? null : ownerInEvidence(d);
    if (!owner) continue;
    const date = isoDate(d.parsed_data.fecha_documento) ?? isoDate(d.parsed_data.fecha_pago);
    if (pivot?.date && date && date < pivot.date) continue;
    push({ kind: 'evidence', owner, date, doc: sourceDocument(d) }, 2);
  }
  queue.sort((a, b) => byDate(a.event.date, b.event.date) || a.priority - b.priority || a.order - b.order);
  return queue.map((q) => q.event);
}
