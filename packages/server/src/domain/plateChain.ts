import {
  CHAIN_MESSAGES,
  PLATE_CHAIN_SCOPE,
  type ChainStatus,
  type PlateChainDocument,
  type PlateChainLink,
  type PlateChainResponse,
} from '@vcase/shared';
import { nivBelongsToCase } from './plateSelection.js';
import { isoOf, normalizePlate, normalizeVin, vinMatches } from './validators/index.js';

/**
 * Plate chain (contract §2.5, §4.3), Estado de México only (`chain_scope` `edomex_only`).
 *
 * - Links: the case's plate entries registered in `MEX`, one link per normalized plate,
 *   plus the MEX portal's previous plates that no entry documents (a link with no
 *   documents). A plate none of whose entries can belong to the case VIN (every entry has a
 *   non-empty `niv` that does not match, §4.5 rule 1) is left out; with a mixed plate every
 *   document is listed and flagged by `niv_matches_case_niv`.
 * - Evidence dates of a plate: its documents' `document_date` and the portal's
 *   `plate_valid_from`. Links are ordered by their earliest evidence date, then their latest,
 *   then plate text; undated plates come first (they cannot be placed, and a dated plate is
 *   the better candidate for the current one, as with the main plate). The portal's
 *   previous plate always comes before the plate it preceded; an undocumented one (no
 *   dates at all) goes right before it.
 * - `period_start`: the earliest evidence date. `period_end`: the next link's
 *   `period_start` (the day the plate was replaced) unless that is missing or earlier than
 *   this plate's start, in which case the plate's latest evidence date; null for the
 *   current link (still in use). YYYY-MM-DD. `period_precision` `day` when a
 *   period date is known (documents carry day dates), else `unknown`.
 * - `is_current`: the last link. `predecessor_plate`: the portal's previous plate, null when
 *   the portal gave none.
 * - `documents`: one per entry, oldest first: `source_kind` `ocr`, `field_name` `placa`,
 *   `issued_at` the document date (YYYY-MM-DD) with `date_source` `document_field` (null
 *   both when undated), `niv_matches_case_niv` true only when the case has a VIN and the
 *   entry's `niv` equals it or is a suffix of it.
 */

export const PLATE_CHAIN_ENTITY = 'MEX';

/** A contract §2.4 row with the fields the chain reads; portal fields optional. */
export interface PlateChainEntry {
  plate: string;
  entity: string;
  document_type: string | null;
  /** DD/MM/YYYY or ''. */
  document_date: string;
  file_id: string;
  ocr_id: string | null;
  niv: string | null;
  owner_name: string | null;
  previous_plate?: string | null;
  /** DD/MM/YYYY, from the portal. */
  plate_valid_from?: string | null;
  folio?: string | null;
  /** DD/MM/YYYY: the document's own validity, when it prints one. */
  valid_until?: string | null;
  /** The parsed_data key the plate was read from; `placa` by default. */
  field_name?: string | null;
}

export interface PlateChainCase {
  caseId: string;
  internalId: string;
  caseVin: string | null;
}

export interface PlateChainInput extends PlateChainCase {
  plates: readonly PlateChainEntry[];
  fileUrl: (fileId: string) => string | null;
  now: Date;
}

/** The body of POST (and of GET while generating): `processing` or `pending`, no summary. */
export function plateChainPending(c: PlateChainCase, status: Exclude<ChainStatus, 'completed'> = 'processing'): PlateChainResponse {
  return {
    case_id: c.caseId,
    internal_id: c.internalId,
    niv: c.caseVin,
    summary: null,
    chain: [],
    status,
    message: status === 'processing' ? CHAIN_MESSAGES.PLATE_CHAIN_GENERATING : null,
  };
}

interface PlateGroup {
  plate: string;
  entries: PlateChainEntry[];
  previous: string | null;
  /** Evidence dates, YYYY-MM-DD, ascending. */
  dates: string[];
}

const iso = (ddmmyyyy: string | null | undefined) => (ddmmyyyy ? (isoOf(ddmmyyyy.trim()) ?? null) : null);

function nivMatchesCase(niv: string | null, caseVin: string | null): boolean {
  return !!niv && !!caseVin && !!normalizeVin(niv) && vinMatches(niv, caseVin);
}

function groupsOf(entries: readonly PlateChainEntry[], caseVin: string | null): PlateGroup[] {
  const byPlate = new Map<string, PlateGroup>();
  for (const e of entries) {
    if (e.entity.trim().toUpperCase() !== PLATE_CHAIN_ENTITY) continue;
    const plate = normalizePlate(e.plate);
    if (!plate) continue;
    const g = byPlate.get(plate) ?? { plate, entries: [], previous: null, dates: [] };
    g.entries.push(e);
    g.previous ??= e.previous_plate ? normalizePlate(e.previous_plate) || null : null;
    for (const d of [iso(e.document_date), iso(e.plate_valid_from)]) if (d) g.dates.push(d);
    byPlate.set(plate, g);
  }
  const kept = [...byPlate.values()].filter((g) => g.entries.some((e) => nivBelongsToCase(e.niv, caseVin)));
  const known = new Set(kept.map((g) => g.plate));
  for (const g of [...kept]) {
    if (g.previous && g.previous !== g.plate && !known.has(g.previous)) {
      known.add(g.previous);
      kept.push({ plate: g.previous, entries: [], previous: null, dates: [] });
    }
  }
  for (const g of kept) g.dates.sort();
  return kept;
}

/** Oldest first; a portal predecessor is moved before the plate it preceded. */
function ordered(groups: PlateGroup[]): PlateGroup[] {
  const first = (g: PlateGroup) => g.dates[0] ?? '';
  const last = (g: PlateGroup) => g.dates[g.dates.length - 1] ?? '';
  const portalOnly = (g: PlateGroup) => g.entries.length === 0 && g.dates.length === 0;
  const list = groups
    .filter((g) => !portalOnly(g))
    .sort((a, b) => first(a).localeCompare(first(b)) || last(a).localeCompare(last(b)) || a.plate.localeCompare(b.plate));
  // An undocumented predecessor has no date of its own: it goes right before its successor.
  for (const g of groups.filter(portalOnly)) {
    const at = list.findIndex((s) => s.previous === g.plate);
    list.splice(at < 0 ? 0 : at, 0, g);
  }
  // Each move places a predecessor right before its successor; a cycle in the portal data
  // cannot be satisfied, so the passes are bounded.
  for (let pass = 0; pass < list.length; pass++) {
    let moved = false;
    for (let i = 0; i < list.length; i++) {
      const prev = list[i].previous;
      const at = prev ? list.findIndex((g) => g.plate === prev) : -1;
      if (at > i) {
        const [p] = list.splice(at, 1);
        list.splice(i, 0, p);
        moved = true;
        break;
      }
    }
    if (!moved) break;
  }
  return list;
}

function documentOf(e: PlateChainEntry, plate: string, caseVin: string | null, fileUrl: PlateChainInput['fileUrl']): PlateChainDocument {
  const issued = iso(e.document_date);
  return {
    file_id: e.file_id,
    ocr_id: e.ocr_id,
    source_kind: 'ocr',
    document_type: e.document_type,
    field_name: e.field_name ?? 'placa',
    plate,
    folio: e.folio ?? null,
    issued_at: issued,
    date_source: issued ? 'document_field' : null,
    valid_until: iso(e.valid_until),
    owner_name: e.owner_name,
    niv: e.niv,
    niv_matches_case_niv: nivMatchesCase(e.niv, caseVin),
    file_url: fileUrl(e.file_id),
  };
}

/** The `completed` body of GET chain_plates. */
export function buildPlateChain(input: PlateChainInput): PlateChainResponse {
  const groups = ordered(groupsOf(input.plates, input.caseVin));
  const chain: PlateChainLink[] = groups.map((g, i) => {
    const isCurrent = i === groups.length - 1;
    const start = g.dates[0] ?? null;
    const own = g.dates[g.dates.length - 1] ?? null;
    const next = isCurrent ? null : (groups[i + 1].dates[0] ?? null);
    // a successor dated before this plate's start (portal order against document dates) cannot end it
    const end = isCurrent ? null : next && (!start || next >= start) ? next : own;
    const documents = g.entries
      .map((e) => documentOf(e, g.plate, input.caseVin, input.fileUrl))
      .map((doc, j) => ({ doc, j }))
      .sort((a, b) => (a.doc.issued_at ?? '9999').localeCompare(b.doc.issued_at ?? '9999') || a.j - b.j)
      .map(({ doc }) => doc);
    return {
      sequence_index: i,
      plate: g.plate,
      entity: PLATE_CHAIN_ENTITY,
      period_start: start,
      period_end: end,
      period_precision: start || end ? 'day' : 'unknown',
      is_current: isCurrent,
      predecessor_plate: g.previous,
      documents,
    };
  });
  return {
    case_id: input.caseId,
    internal_id: input.internalId,
    niv: input.caseVin,
    summary: {
      plate_count: chain.length,
      current_plate: chain.length ? chain[chain.length - 1].plate : null,
      chain_scope: PLATE_CHAIN_SCOPE,
      generated_at: input.now.toISOString(),
    },
    chain,
    status: 'completed',
    message: null,
  };
}
