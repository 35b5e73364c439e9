import { CHAIN_MESSAGES, type ChainStatus, type OwnershipChainLink, type OwnershipChainResponse, type OwnershipGap } from '@vcase/shared';
import { personType, samePerson, type ConsolidatedName } from './names.js';
import { invoicesOf, pivotOf, timeline, type OwnershipDocument } from './ownershipEvents.js';
import { walk } from './ownershipWalk.js';

// Ownership chain (contract §2.6, §4.3); rules: docs/rules.md "Ownership chain".

export const OWNERSHIP_CHAIN_PIVOT = 'invoice_original';
export const OWNERSHIP_CHAIN_PIVOT_NO_INVOICE = 'earliest_evidence';
export const UNTRACEABLE_TRANSFER = 'untraceable_transfer';

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

/** The body of POST (and of GET while generating): `processing` or `pending`. */
export function ownershipChainPending(
  c: OwnershipChainCase,
  status: Exclude<ChainStatus, 'completed'> = 'processing',
): OwnershipChainResponse {
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

/** The `completed` body of GET ownership_chain. */
export function buildOwnershipChain(input: OwnershipChainInput): OwnershipChainResponse {
  const invoices = invoicesOf(input.documents);
  const pivot = pivotOf(invoices);
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
    link_to_previous: l.link_to_previous && {
      ...l.link_to_previous,
      from_owner: l.link_to_previous.from_owner && shown(l.link_to_previous.from_owner),
    },
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
