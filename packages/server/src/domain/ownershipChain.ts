import {
  CHAIN_MESSAGES,
  type ChainStatus,
  type OwnershipChainLink,
  type OwnershipChainResponse,
  type OwnershipGap,
} from '@vcase/shared';
import { personType, samePerson, type ConsolidatedName } from './names.js';
import { isoOf } from './validators/index.js';
import { INVOICE_TYPES } from './vins.js';

/**
 * Ownership chain (contract §2.6, §4.3): rules.
 *
 * 1. Pivot (`chain_pivot` `invoice_original`): the original invoice is the oldest invoice
 *    (`factura`, `factura_xml`, `invoice`) that names a receiver, by `fecha_emision` (else
 *    `fecha_documento`); undated invoices count after dated ones, ties keep document order.
 *    Its issuer (`nombre_emisor`, often a dealer, persona moral) is link 0 and its receiver
 *    (`nombre_receptor`) link 1, the first owner, acquired on the invoice date.
 * 2. Transfers, in date order after the pivot: every endorsement (`endosos` `{de, a, fecha}`)
 *    of every invoice (undated: the invoice's date, in printed order), and every later
 *    invoice (re-invoicing: issuer → receiver on its date). On the same date re-invoicing
 *    comes before endorsements, and both before owner evidence; undated items come last.
 * 3. A transfer whose `de` is the current owner adds `a` as `matched`, stamps the current
 *    owner's `transferred_at`, and `link_to_previous` records it. A transfer whose `de` is
 *    someone else first adds `de` as `unmatched` with an `untraceable_transfer` gap from the
 *    current owner to `de`, then `a` as `matched` from `de`. A transfer with no `de` adds
 *    `a` as `unmatched` with a gap. A transfer to the current owner, or one already applied
 *    (same `de` and `a`: the PDF and the XML of one invoice), changes nothing.
 * 4. Owner evidence: `propietario` of any other document (titles, tax receipts, vehicle
 *    certificates…) and the full name of ID documents (`ine`, `id_front`,
 *    `id_front_and_reverse`), dated by `fecha_documento` (else `fecha_pago`; undated last,
 *    so an ID, usually undated, speaks for the present). Evidence naming the current owner
 *    confirms it; naming an earlier owner is stale (registries lag) and ignored; naming
 *    someone new adds them as `unmatched` (acquired_at unknown) with a gap. Evidence dated
 *    before the original invoice is ignored.
 * 5. The current owner (`is_current`, `summary.current_owner`) is the last link: the owner
 *    named by the newest evidence unless that evidence is stale.
 * 6. Names match by folded name (`nameKey`: case, accents, punctuation), also when only the
 *    spacing differs (`S.A. DE C.V.` / `SA DE CV`) or the word order does (`PEREZ LOPEZ
 *    JUAN` / `JUAN PEREZ LOPEZ`). `display_name` and `person_type` come from the names
 *    consolidation when it holds the name, else from the first spelling and `personType`.
 * 7. Without any invoice naming a receiver there is no pivot: `chain_pivot`
 *    `earliest_evidence`, and the chain starts with the owner of the oldest evidence.
 * 8. `match_status`: `origin` (first link, nothing before it), `matched`, `unmatched`.
 *    `link_to_previous`: null on the first link, else `{transfer_type, from_owner, date}`
 *    with `transfer_type` `invoice_original`, `endorsement`, `reinvoice` or `untraceable`,
 *    `from_owner` the previous link's display name and `date` the transfer's (null when
 *    untraceable).
 *    Dates are YYYY-MM-DD, like the plate chain. Gap ids are `gap-1`, `gap-2`… in chain order.
 */

export const OWNERSHIP_CHAIN_PIVOT = 'invoice_original';
export const OWNERSHIP_CHAIN_PIVOT_NO_INVOICE = 'earliest_evidence';
export const UNTRACEABLE_TRANSFER = 'untraceable_transfer';

/** Display labels of `role_label` (not contract texts). */
export const OWNER_ROLE_LABELS = {
  ISSUER: 'Emisor de la factura de origen',
  FIRST_OWNER: 'Primer propietario',
  ENDORSEMENT: 'Propietario por endoso',
  REINVOICE: 'Propietario por refacturación',
  UNTRACEABLE: 'Propietario sin transmisión documentada',
  EVIDENCE: 'Propietario según documento',
} as const;

const ID_TYPES = new Set(['ine', 'id_front', 'id_front_and_reverse']);

export interface OwnershipDocument {
  file_id: string;
  document_type: string | null;
  parsed_data: Record<string, unknown>;
}

export interface OwnershipChainCase {
  caseId: string;
  internalId: string;
}

export interface OwnershipChainInput extends OwnershipChainCase {
  /** Processed documents of the case. */
  documents: readonly OwnershipDocument[];
  /** The case's names consolidation, when it exists. */
  names?: readonly ConsolidatedName[];
  now: Date;
}

export type TransferType = 'invoice_original' | 'endorsement' | 'reinvoice' | 'untraceable';

/** The body of POST (and of GET while generating): `processing` or `pending`. */
export function ownershipChainPending(c: OwnershipChainCase, status: Exclude<ChainStatus, 'completed'> = 'processing'): OwnershipChainResponse {
  return {
    case_id: c.caseId,
    internal_id: c.internalId,
    summary: null,
    chain: [],
    gaps: [],
    status,
    message: status === 'processing' ? CHAIN_MESSAGES.OWNERSHIP_CHAIN_GENERATING : null,
  };
}

const str = (v: unknown) => (typeof v === 'string' && v.replace(/\s+/g, ' ').trim() ? v.replace(/\s+/g, ' ').trim() : null);
const isoDate = (v: unknown) => {
  const s = str(v);
  return s ? (isoOf(s) ?? null) : null;
};

// A type alias (not an interface) so it fits the schema's open object.
type SourceDocument = {
  document_type: string | null;
  folio: string | null;
  file_id: string;
};

type Event =
  | { kind: 'transfer'; via: 'endorsement' | 'reinvoice'; from: string | null; to: string; date: string | null; doc: SourceDocument }
  | { kind: 'evidence'; owner: string; date: string | null; doc: SourceDocument };

interface Invoice {
  doc: SourceDocument;
  issuer: string | null;
  receiver: string | null;
  date: string | null;
  endorsements: { from: string | null; to: string | null; date: string | null }[];
  index: number;
}

const sourceDocument = (d: OwnershipDocument): SourceDocument => ({
  document_type: d.document_type,
  folio: str(d.parsed_data.folio_fiscal) ?? str(d.parsed_data.folio),
  file_id: d.file_id,
});

function toInvoice(d: OwnershipDocument, index: number): Invoice {
  const p = d.parsed_data;
  const endorsements = Array.isArray(p.endosos)
    ? p.endosos
        .filter((e): e is Record<string, unknown> => !!e && typeof e === 'object')
        .map((e) => ({ from: str(e.de), to: str(e.a), date: isoDate(e.fecha) }))
    : [];
  return {
    doc: sourceDocument(d),
    issuer: str(p.nombre_emisor),
    receiver: str(p.nombre_receptor),
    date: isoDate(p.fecha_emision) ?? isoDate(p.fecha_documento),
    endorsements,
    index,
  };
}

function ownerInEvidence(d: OwnershipDocument): string | null {
  const p = d.parsed_data;
  if (d.document_type && ID_TYPES.has(d.document_type)) {
    const full = [p.nombre, p.apellido_paterno, p.apellido_materno].map(str).filter(Boolean).join(' ');
    return full || str(p.propietario);
  }
  return str(p.propietario);
}

const UNDATED = '9999-99-99';
const byDate = (a: string | null, b: string | null) => (a ?? UNDATED).localeCompare(b ?? UNDATED);

interface Link {
  name: string;
  role_label: string;
  acquired_at: string | null;
  transferred_at: string | null;
  match_status: 'origin' | 'matched' | 'unmatched';
  link_to_previous: { transfer_type: TransferType; from_owner: string | null; date: string | null } | null;
  source_document: SourceDocument;
}

interface Gap {
  from_owner: string;
  to_owner: string;
  related_sequence_indexes: number[];
}

const isInvoice = (d: OwnershipDocument) => !!d.document_type && INVOICE_TYPES.has(d.document_type);

/** Transfers and owner evidence after the pivot, in walking order (rule 2). */
function timeline(documents: readonly OwnershipDocument[], invoices: readonly Invoice[], pivot: Invoice | undefined): Event[] {
  // Priority on one date: re-invoicing (0), endorsements (1), evidence (2).
  const queue: { event: Event; priority: number; order: number }[] = [];
  const push = (event: Event, priority: number) => queue.push({ event, priority, order: queue.length });
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

/** Rules 1, 3 and 4: the owners in order and the breaks between them. */
function walk(pivot: Invoice | undefined, events: readonly Event[]) {
  const links: Link[] = [];
  const gaps: Gap[] = [];
  const applied: { from: string | null; to: string }[] = [];
  const current = () => links[links.length - 1] as Link | undefined;

  const origin = (name: string, role_label: string, acquired_at: string | null, doc: SourceDocument) =>
    links.push({ name, role_label, acquired_at, transferred_at: null, match_status: 'origin', link_to_previous: null, source_document: doc });

  const untraceable = (name: string, role_label: string, doc: SourceDocument) => {
    const prev = current();
    if (!prev) return origin(name, role_label, null, doc);
    links.push({
      name,
      role_label,
      acquired_at: null,
      transferred_at: null,
      match_status: 'unmatched',
      link_to_previous: { transfer_type: 'untraceable', from_owner: prev.name, date: null },
      source_document: doc,
    });
    gaps.push({ from_owner: prev.name, to_owner: name, related_sequence_indexes: [links.length - 2, links.length - 1] });
  };

  const matched = (to: string, via: TransferType, date: string | null, role_label: string, doc: SourceDocument) => {
    const prev = current()!;
    prev.transferred_at = date;
    links.push({
      name: to,
      role_label,
      acquired_at: date,
      transferred_at: null,
      match_status: 'matched',
      link_to_previous: { transfer_type: via, from_owner: prev.name, date },
      source_document: doc,
    });
  };

  const alreadyApplied = (from: string | null, to: string) =>
    applied.some((t) => samePerson(t.to, to) && (t.from === null || from === null ? t.from === from : samePerson(t.from, from)));

  if (pivot?.receiver) {
    if (pivot.issuer) {
      origin(pivot.issuer, OWNER_ROLE_LABELS.ISSUER, null, pivot.doc);
      matched(pivot.receiver, 'invoice_original', pivot.date, OWNER_ROLE_LABELS.FIRST_OWNER, pivot.doc);
      applied.push({ from: pivot.issuer, to: pivot.receiver });
    } else {
      origin(pivot.receiver, OWNER_ROLE_LABELS.FIRST_OWNER, pivot.date, pivot.doc);
    }
  }

  for (const event of events) {
    if (event.kind === 'evidence') {
      // the current owner is confirmed, an earlier one is stale
      if (!links.some((l) => samePerson(l.name, event.owner))) untraceable(event.owner, OWNER_ROLE_LABELS.EVIDENCE, event.doc);
      continue;
    }
    const { from, to, via, date, doc } = event;
    const cur = current();
    if ((cur && samePerson(cur.name, to)) || alreadyApplied(from, to)) continue;
    applied.push({ from, to });
    const role = via === 'endorsement' ? OWNER_ROLE_LABELS.ENDORSEMENT : OWNER_ROLE_LABELS.REINVOICE;
    if (!from) {
      untraceable(to, role, doc);
      continue;
    }
    if (!cur || !samePerson(cur.name, from)) untraceable(from, OWNER_ROLE_LABELS.UNTRACEABLE, doc);
    matched(to, via, date, role, doc);
  }
  return { links, gaps };
}

/** The `completed` body of GET ownership_chain. */
export function buildOwnershipChain(input: OwnershipChainInput): OwnershipChainResponse {
  const invoices = input.documents.map((d, i) => (isInvoice(d) ? toInvoice(d, i) : null)).filter((inv): inv is Invoice => !!inv);
  const pivot = invoices.filter((inv) => inv.receiver).sort((a, b) => byDate(a.date, b.date) || a.index - b.index)[0];
  const { links, gaps } = walk(pivot, timeline(input.documents, invoices, pivot));

  const consolidated = (name: string) => input.names?.find((n) => samePerson(n.name, name));
  const shown = (name: string) => consolidated(name)?.name ?? name;
  const chain: OwnershipChainLink[] = links.map((l, i) => ({
    sequence_index: i,
    display_name: shown(l.name),
    person_type: consolidated(l.name)?.person_type ?? personType(l.name),
    role_label: l.role_label,
    is_current: i === links.length - 1,
    acquired_at: l.acquired_at,
    transferred_at: l.transferred_at,
    match_status: l.match_status,
    link_to_previous: l.link_to_previous && { ...l.link_to_previous, from_owner: l.link_to_previous.from_owner && shown(l.link_to_previous.from_owner) },
    source_document: l.source_document,
  }));
  const outGaps: OwnershipGap[] = gaps.map((g, i) => ({
    gap_id: `gap-${i + 1}`,
    gap_type: UNTRACEABLE_TRANSFER,
    from_owner: shown(g.from_owner),
    to_owner: shown(g.to_owner),
    related_sequence_indexes: g.related_sequence_indexes,
  }));
  const last = links[links.length - 1];
  return {
    case_id: input.caseId,
    internal_id: input.internalId,
    summary: {
      owner_count: chain.length,
      gap_count: outGaps.length,
      current_owner: last ? shown(last.name) : null,
      chain_pivot: pivot ? OWNERSHIP_CHAIN_PIVOT : OWNERSHIP_CHAIN_PIVOT_NO_INVOICE,
      generated_at: input.now.toISOString(),
    },
    chain,
    gaps: outGaps,
    status: 'completed',
    message: null,
  };
}
