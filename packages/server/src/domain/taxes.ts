import {
  MAIN_TAX_YEARS,
  TAX_MESSAGES,
  type MainTaxBlock,
  type MainTaxRow,
  type SourceAmount,
  type TaxCell,
  type TaxesBlock,
  type TaxesResponse,
  type TaxRow,
} from '@vcase/shared';
import { mainPlate } from './mainPlate.js';
import { nivBelongsToCase, plateRoster, selectCasePlates, type RosterPlate, type SelectablePlate } from './plateSelection.js';
import { dateKey } from './plates.js';
import { normalizePlate } from './validators/index.js';
import { sourceAmount, type LookupState, type PlateQuery } from './tickets.js';

/**
 * Tenencia (contract §4.6, §4.7, §2.13, §9).
 *
 * Plates: rules 1–5 of §4.5; the main plate is chosen among the kept plates (§4.7); the
 * `taxes` block lists the other kept plates and the portal's previous plates (entity: the
 * plate they preceded). The tenencia portal is per state: each plate is queried once, in its
 * own entity.
 *
 * Lookups match a plate by normalized text, and by entity when both sides name one.
 * "Most informative" lookup of a plate: how much it tells about the vehicle's tax status,
 * in this order: an answer (`done`, debts or none) > the source's own reason > in flight
 * (an answer is coming) > failure without detail > never ran. Between equals the most
 * recent wins (`finished_at`, else the order given: newest first).
 *
 * Source cell of a plate, by its winning lookup: none → processing `Aún no se ha consultado
 * la tenencia de esta placa`; `never` (a lookup that never ran) → failed `No se pudo
 * ejecutar…`; `running` → processing; `failed` → failed generic; `reason` → failed with the
 * reason verbatim (blank → generic); `done` → each year warning `Con adeudo` when reported,
 * else success `Sin adeudo`. Every non-`done` verdict is shared by all years.
 *
 * Receipts count for the plate they declare: same normalized `placa`, same entity unless one
 * side has none, and a `vin` that does not contradict the case VIN (rule 1). A receipt with
 * no `ejercicio_fiscal` pairs with no year. When several receipts cover a year, the one with
 * the latest `fecha_pago` gives `payment_date` and its `total`.
 *
 * `total`: the portal's amount when it reports the year with a non-null, non-blank amount;
 * otherwise the paired receipt's `total`; else null. Values are passed through unchanged.
 *
 * The current fiscal year is read in Mexico City time (UTC−6, no DST since 2022).
 *
 * Blocks: `processing` when a cell is processing (message: the block-wide reason) or a
 * lookup of one of its plates is in flight (a re-run: the cells keep the most informative
 * answer, the block says more is coming), else `completed` with message null. Empties and §9: no plates / none for the case VIN → both
 * blocks `completed`, `[]`, that message. `main_tax` without a legible plate → `completed`,
 * `[]`, message null (and nothing is excluded from `taxes`). `taxes` with the main plate as
 * the only plate → `completed`, `[]`, `El caso no tiene the service adicionales a la
 * principal`, whatever the lookups, once the portal has answered whether the plate had a
 * previous one (while that lookup runs: `processing`, `[]`). No tenencia lookup ever started
 * → `processing`, message `Aún no se ha ejecutado ninguna consulta de tenencia para este
 * caso.`, publishing only the rows of the receipts that exist. Lookups started but none of the case's plates finished
 * yet (at least one running) → `processing`, `[]` (§4.6).
 */

export interface TaxYearReport {
  fiscal_year: number;
  amount: number | string | null;
}

export interface TaxLookup {
  plate: string;
  entity: string;
  state: LookupState;
  reason?: string;
  /** Years with debt the portal reported; empty = no debt. */
  years?: readonly TaxYearReport[];
  /** ISO timestamp. */
  finished_at?: string;
}

/** parsed_data of a processed `tax_payment` / `tenencia` document (operator-surface §5). */
export interface TaxReceipt {
  file_id: string;
  placa?: string | null;
  entidad?: string | null;
  ejercicio_fiscal?: number | readonly number[] | null;
  /** DD/MM/YYYY. */
  fecha_pago?: string | null;
  total?: number | string | null;
  vin?: string | null;
}

export interface TaxesInput {
  plates: readonly SelectablePlate[];
  caseVin: string | null;
  lookups: readonly TaxLookup[];
  receipts: readonly TaxReceipt[];
  /** Whether any tenencia lookup was ever started for the case. */
  anyLookupStarted: boolean;
  now: Date;
}

const MEXICO_CITY_YEAR = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Mexico_City', year: 'numeric' });

/** The current fiscal year: the year in Mexico City at `now`. */
export function taxYear(now: Date): number {
  return Number(MEXICO_CITY_YEAR.format(now));
}

/** The `main_tax` grid years: the current fiscal year and 4 back, descending. */
export function mainTaxYears(now: Date): number[] {
  const current = taxYear(now);
  return Array.from({ length: MAIN_TAX_YEARS }, (_, i) => current - i);
}

/** The pairs a tenencia POST queries: the main and previous plates, each once in its own entity. */
export function taxPlatesToQuery(plates: readonly SelectablePlate[], caseVin: string | null): PlateQuery[] {
  const kept = selectCasePlates(plates, caseVin).plates;
  return plateRoster(kept, mainPlate(kept)).map((p) => ({ plate: p.plate, entity: p.entity }));
}

const RANK: Record<LookupState, number> = { done: 4, reason: 3, running: 2, failed: 1, never: 0 };

/** The lookup that wins among a plate's lookups (see the rules above). */
export function mostInformativeLookup<T extends Pick<TaxLookup, 'state' | 'finished_at'>>(lookups: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const l of lookups) {
    if (!best) best = l;
    else if (RANK[l.state] !== RANK[best.state]) {
      if (RANK[l.state] > RANK[best.state]) best = l;
    } else if (l.finished_at && best.finished_at && l.finished_at > best.finished_at) best = l;
  }
  return best;
}

const sameEntity = (a: string | null | undefined, b: string | null | undefined) => {
  const x = (a ?? '').trim().toUpperCase();
  const y = (b ?? '').trim().toUpperCase();
  return !x || !y || x === y;
};

/** Groups items by normalized plate text once, so each plate reads only its own (linear in plates). */
function byPlateText<T>(items: readonly T[], plateOf: (item: T) => string | null | undefined): Map<string, T[]> {
  const index = new Map<string, T[]>();
  for (const item of items) {
    const text = plateOf(item);
    if (!text) continue;
    const key = normalizePlate(text);
    const list = index.get(key);
    if (list) list.push(item);
    else index.set(key, [item]);
  }
  return index;
}

const lookupsOf = (p: RosterPlate, lookups: Map<string, TaxLookup[]>) =>
  (lookups.get(p.plate) ?? []).filter((l) => sameEntity(l.entity, p.entity));

const receiptYears = (r: TaxReceipt): number[] => {
  const v = r.ejercicio_fiscal;
  const list = Array.isArray(v) ? v : v == null ? [] : [v];
  return list.map(Number).filter((y) => Number.isInteger(y));
};

function receiptsOf(p: RosterPlate, receipts: Map<string, TaxReceipt[]>, caseVin: string | null): TaxReceipt[] {
  return (receipts.get(p.plate) ?? []).filter((r) => sameEntity(r.entidad, p.entity) && nivBelongsToCase(r.vin, caseVin));
}

/** The receipt paired to a year: among those covering it, the latest `fecha_pago`. */
function receiptFor(year: number, receipts: readonly TaxReceipt[]): TaxReceipt | undefined {
  let best: TaxReceipt | undefined;
  for (const r of receipts) {
    if (!receiptYears(r).includes(year)) continue;
    if (!best || dateKey(r.fecha_pago ?? '') > dateKey(best.fecha_pago ?? '')) best = r;
  }
  return best;
}

const hasAmount = (v: unknown) => typeof v === 'number' || (typeof v === 'string' && v.trim() !== '');

/** What a plate's winning lookup says: the debt years when answered, else one shared cell. */
type Verdict = { answered: true; debts: Map<number, SourceAmount> } | { answered: false; cell: TaxCell };

function verdictOf(lookup: TaxLookup | undefined): Verdict {
  const cell = (status: TaxCell['status'], message: string): Verdict => ({ answered: false, cell: { status, message } });
  if (!lookup) return cell('processing', TAX_MESSAGES.PLATE_NEVER_QUERIED);
  switch (lookup.state) {
    case 'never':
      return cell('failed', TAX_MESSAGES.LOOKUP_NEVER_RAN);
    case 'running':
      return cell('processing', TAX_MESSAGES.PROCESSING);
    case 'failed':
      return cell('failed', TAX_MESSAGES.SOURCE_ERROR);
    case 'reason':
      return cell('failed', lookup.reason?.trim() ? lookup.reason : TAX_MESSAGES.SOURCE_ERROR);
    case 'done': {
      const debts = new Map<number, SourceAmount>();
      for (const y of lookup.years ?? []) {
        const year = Number(y.fiscal_year);
        if (Number.isInteger(year) && !debts.has(year)) debts.set(year, sourceAmount(y.amount));
      }
      return { answered: true, debts };
    }
  }
}

const cellFor = (v: Verdict, year: number): TaxCell =>
  !v.answered
    ? v.cell
    : v.debts.has(year)
      ? { status: 'warning', message: TAX_MESSAGES.WITH_DEBT }
      : { status: 'success', message: TAX_MESSAGES.NO_DEBT };

/** `payment_date` and `total` of a year, from the portal's amount and the paired receipt. */
function paymentOf(v: Verdict, year: number, receipts: readonly TaxReceipt[]) {
  const receipt = receiptFor(year, receipts);
  const portal = v.answered ? v.debts.get(year) : undefined;
  return {
    payment_date: receipt?.fecha_pago ?? null,
    total: hasAmount(portal) ? (portal as SourceAmount) : sourceAmount(receipt?.total),
  };
}

const stateOf = (p: RosterPlate, receipts: readonly TaxReceipt[]) =>
  p.entity || receipts.find((r) => r.entidad?.trim())?.entidad?.trim().toUpperCase() || null;

interface PlateTaxData {
  plate: RosterPlate;
  verdict: Verdict;
  receipts: TaxReceipt[];
  lookups: TaxLookup[];
}

interface TaxIndex {
  lookups: Map<string, TaxLookup[]>;
  receipts: Map<string, TaxReceipt[]>;
  caseVin: string | null;
}

function plateData(p: RosterPlate, index: TaxIndex): PlateTaxData {
  const lookups = lookupsOf(p, index.lookups);
  return { plate: p, verdict: verdictOf(mostInformativeLookup(lookups)), receipts: receiptsOf(p, index.receipts, index.caseVin), lookups };
}

/** A lookup of one of these plates is in flight (a re-run, while an earlier answer still wins its cells). */
const anyRunning = (plates: readonly PlateTaxData[]) => plates.some((d) => d.lookups.some((l) => l.state === 'running'));

/**
 * Block status and message from the processing cells it holds, and from lookups in flight:
 * §4.7 "`processing` means a lookup is pending (a plate whose query is in flight…)", so a
 * re-run keeps the block `processing` until it ends, while its cells show the most
 * informative answer so far.
 */
function blockOf<R>(result: R[], processing: TaxCell[], started: boolean, running: boolean) {
  if (processing.length === 0 && !running) return { message: null, status: 'completed' as const, result };
  const message = !started
    ? TAX_MESSAGES.NO_LOOKUP_YET
    : (processing.find((c) => c.message === TAX_MESSAGES.PROCESSING) ?? processing[0] ?? { message: TAX_MESSAGES.PROCESSING }).message;
  return { message, status: 'processing' as const, result };
}

function mainTaxBlock(d: PlateTaxData, years: number[], started: boolean): MainTaxBlock {
  const rows: MainTaxRow[] = years.map((year) => ({
    fiscal_year: year,
    plate_number: d.plate.plate,
    state: stateOf(d.plate, d.receipts),
    document: receiptFor(year, d.receipts)
      ? { status: 'success', message: TAX_MESSAGES.RECEIPT_ADDED }
      : { status: 'warning', message: TAX_MESSAGES.RECEIPT_PENDING },
    source: cellFor(d.verdict, year),
    ...paymentOf(d.verdict, year, d.receipts),
  }));
  return blockOf(rows, rows.map((r) => r.source).filter((c) => c.status === 'processing'), started, anyRunning([d]));
}

/** One item per fiscal year either source reported; one null-year item when neither did. */
function taxRows(d: PlateTaxData, receiptsOnly: boolean): TaxRow[] {
  const fromReceipts = d.receipts.flatMap(receiptYears);
  const reported = receiptsOnly || !d.verdict.answered ? fromReceipts : [...d.verdict.debts.keys(), ...fromReceipts];
  const years = [...new Set(reported)].sort((a, b) => b - a);
  const base = { plate_number: d.plate.plate, state: stateOf(d.plate, d.receipts) };
  if (years.length === 0) {
    if (receiptsOnly) return [];
    const status = d.verdict.answered ? { status: 'success' as const, message: TAX_MESSAGES.NO_DEBT } : d.verdict.cell;
    return [{ ...base, fiscal_year: null, status, payment_date: null, total: null }];
  }
  return years.map((year) => ({ ...base, fiscal_year: year, status: cellFor(d.verdict, year), ...paymentOf(d.verdict, year, d.receipts) }));
}

function taxesBlock(others: PlateTaxData[], all: PlateTaxData[], hasMain: boolean, started: boolean, previousPending: boolean): TaxesBlock {
  if (hasMain && others.length === 0) {
    // The single-plate outcome is permanent: not published while the portal may still name a previous plate.
    if (previousPending) return { message: TAX_MESSAGES.PROCESSING, status: 'processing', result: [] };
    return { message: TAX_MESSAGES.ONLY_MAIN_PLATE, status: 'completed', result: [] };
  }
  if (!started) {
    return { message: TAX_MESSAGES.NO_LOOKUP_YET, status: 'processing', result: others.flatMap((d) => taxRows(d, true)) };
  }
  const caseLookups = all.flatMap((d) => d.lookups);
  if (caseLookups.some((l) => l.state === 'running') && caseLookups.every((l) => l.state === 'running')) {
    return { message: TAX_MESSAGES.PROCESSING, status: 'processing', result: [] };
  }
  const rows = others.flatMap((d) => taxRows(d, false));
  return blockOf(rows, rows.map((r) => r.status).filter((c) => c.status === 'processing'), started, anyRunning(others));
}

/** GET /v1/cases/{case_id}/taxes. */
export function taxesResponse(input: TaxesInput): TaxesResponse {
  const selection = selectCasePlates(input.plates, input.caseVin);
  if (selection.emptyMessage) {
    const block = { message: selection.emptyMessage, status: 'completed' as const, result: [] };
    return { main_tax: block, taxes: { ...block, result: [] } };
  }
  const main = mainPlate(selection.plates);
  const roster = plateRoster(selection.plates, main);
  const started = input.anyLookupStarted || input.lookups.length > 0;
  const index: TaxIndex = {
    lookups: byPlateText(input.lookups, (l) => l.plate),
    receipts: byPlateText(input.receipts, (r) => r.placa),
    caseVin: input.caseVin,
  };
  const all = roster.map((p) => plateData(p, index));
  const mainData = all.find((d) => d.plate.role === 'main');
  const others = all.filter((d) => d.plate.role !== 'main');
  return {
    main_tax: mainData ? mainTaxBlock(mainData, mainTaxYears(input.now), started) : { message: null, status: 'completed', result: [] },
    taxes: taxesBlock(others, all, !!mainData, started, selection.plates.some((p) => p.previous_plate_pending)),
  };
}

