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

// Plate chain (contract §2.5, §4.3), Estado de México only; rules: docs/rules.md "Plate chain".

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
