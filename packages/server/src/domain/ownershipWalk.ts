import { samePerson } from './names.js';
import type { Invoice, OwnershipEvent, SourceDocument } from './ownershipEvents.js';

// The owners in order and the breaks between them; rules: docs/rules.md "Ownership chain".

/** Display labels of `role_label` (not contract texts). */
export const OWNER_ROLE_LABELS = {
  ISSUER: 'Emisor de la factura de origen',
  FIRST_OWNER: 'Primer propietario',
  ENDORSEMENT: 'Propietario por endoso',
  REINVOICE: 'Propietario por refacturación',
  UNTRACEABLE: 'Propietario sin transmisión documentada',
  EVIDENCE: 'Propietario según documento',
} as const;

export type TransferType = 'invoice_original' | 'endorsement' | 'reinvoice' | 'untraceable';

export interface Link {
  name: string;
  role_label: string;
  acquired_at: string | null;
  transferred_at: string | null;
  match_status: 'origin' | 'matched' | 'unmatched';
  link_to_previous: { transfer_type: TransferType; from_owner: string | null; date: string | null } | null;
  source_document: SourceDocument;
}

export interface Gap {
  from_owner: string;
  to_owner: string;
  related_sequence_indexes: number[];
}

/** Rules 1, 3 and 4: walks the pivot, then the events in order. */
export function walk(pivot: Invoice | undefined, events: readonly OwnershipEvent[]): { links: Link[]; gaps: Gap[] } {
  const links: Link[] = [];
  const gaps: Gap[] = [];
  const applied: { from: string | null; to: string }[] = [];
  const current = () => links[links.length - 1] as Link | undefined;

  const origin = (name: string, role_label: string, acquired_at: string | null, doc: SourceDocument) =>
    links.push({
      name,
      role_label,
      acquired_at,
      transferred_at: null,
      match_status: 'origin',
      link_to_previous: null,
      source_document: doc,
    });

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
