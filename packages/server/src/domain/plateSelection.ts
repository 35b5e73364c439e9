import { EMPTY_PLATES_MESSAGES } from '@vcase/shared';
import { dateKey, withKnownEntities } from './plates.js';
import { normalizePlate, normalizeVin, vinMatches } from './validators/index.js';

// Which plates belong to the case (contract §4.5 rules 1–5) and which a lookup covers;
// rules: docs/rules.md "Plate selection".

/** The fields of a contract §2.4 row the selection reads. */
export interface SelectablePlate {
  plate: string;
  entity: string;
  /** DD/MM/YYYY, or '' when the document has no date. */
  document_date: string;
  niv: string | null;
  previous_plate?: string | null;
  /** The portal's previous-plate lookup for this plate is still running (§2.4 `pending`). */
  previous_plate_pending?: boolean;
}

/** The full §2.4 row the services hand to the rules (portal fields they do not read omitted). */
export interface CasePlateEntry extends SelectablePlate {
  document_type: string;
  file_id: string;
  ocr_id: string;
  motor_number: string | null;
  owner_name: string | null;
  previous_plate: string | null;
}

export type EmptyPlatesMessage = (typeof EMPTY_PLATES_MESSAGES)[keyof typeof EMPTY_PLATES_MESSAGES];

export interface PlateSelection<T extends SelectablePlate> {
  /** One entry per (plate, entity), most recent first. */
  plates: T[];
  /** Set when nothing is left to look up: no plates at all, or none for the case VIN. */
  emptyMessage: EmptyPlatesMessage | null;
}

/** `PLATE|ENTITY` with both sides normalized: the identity of a plate (rule 3). */
export function plateIdentity(plate: string, entity: string | null | undefined): string {
  return `${normalizePlate(plate)}|${(entity ?? '').trim().toUpperCase()}`;
}

/** Rules 1, 2 and 5: whether an entry's `niv` lets it belong to the case. */
export function nivBelongsToCase(niv: string | null | undefined, caseVin: string | null | undefined): boolean {
  if (!caseVin || !normalizeVin(caseVin)) return true;
  if (!niv || !normalizeVin(niv)) return true;
  return vinMatches(niv, caseVin);
}

/** Newest first, undated last; stable on ties. */
export function byRecency<T extends { document_date: string }>(rows: readonly T[]): T[] {
  return rows
    .map((row, i) => ({ row, i, key: dateKey(row.document_date) }))
    .sort((a, b) => b.key.localeCompare(a.key) || a.i - b.i)
    .map(({ row }) => row);
}

/** Rules 1–5 of contract §4.5. */
export function selectCasePlates<T extends SelectablePlate>(entries: readonly T[], caseVin: string | null): PlateSelection<T> {
  if (entries.length === 0) return { plates: [], emptyMessage: EMPTY_PLATES_MESSAGES.NO_PLATES };
  const winners = new Map<string, T>();
  const known = withKnownEntities(entries);
  // An entry still without entity names a plate the case knows in several: each of those
  // pairs is kept on its own, so the entry is no pair of its own (rule 3).
  const inSomeEntity = new Set(
    known.filter((e) => e.entity.trim() && nivBelongsToCase(e.niv, caseVin)).map((e) => normalizePlate(e.plate)),
  );
  // byRecency puts each pair's winner first; the first one seen per pair is kept.
  for (const entry of byRecency(known)) {
    if (!entry.entity.trim() && inSomeEntity.has(normalizePlate(entry.plate))) continue;
    if (!nivBelongsToCase(entry.niv, caseVin)) continue;
    const id = plateIdentity(entry.plate, entry.entity);
    if (!winners.has(id)) winners.set(id, entry);
  }
  const plates = [...winners.values()];
  return { plates, emptyMessage: plates.length ? null : EMPTY_PLATES_MESSAGES.PLATES_NOT_FOR_CASE_VIN };
}

export type PlateRole = 'main' | 'other' | 'previous';

/** A plate a tickets or tenencia lookup covers. */
export interface RosterPlate {
  /** Normalized plate text. */
  plate: string;
  /** Uppercase entity code, '' when unknown. */
  entity: string;
  role: PlateRole;
  /** For a previous plate: the plate it preceded. */
  successor: string | null;
}

/**
 * The plates a lookup covers, in publication order: the main plate first, then the other
 * kept plates (most recent first), then the portal's previous plates not already listed.
 * `main` null (no legible plate) lists every kept plate as `other`.
 */
export function plateRoster<T extends SelectablePlate>(kept: readonly T[], main: T | null): RosterPlate[] {
  const mainId = main ? plateIdentity(main.plate, main.entity) : null;
  const toRoster = (p: T, role: PlateRole): RosterPlate => ({
    plate: normalizePlate(p.plate),
    entity: p.entity.trim().toUpperCase(),
    role,
    successor: null,
  });
  const roster: RosterPlate[] = [];
  if (main) roster.push(toRoster(main, 'main'));
  for (const p of kept) if (plateIdentity(p.plate, p.entity) !== mainId) roster.push(toRoster(p, 'other'));
  const texts = new Set(roster.map((r) => r.plate));
  for (const p of [...(main ? [main] : []), ...kept]) {
    const previous = p.previous_plate ? normalizePlate(p.previous_plate) : '';
    if (!previous || texts.has(previous)) continue;
    texts.add(previous);
    roster.push({ plate: previous, entity: p.entity.trim().toUpperCase(), role: 'previous', successor: normalizePlate(p.plate) });
  }
  return roster;
}
