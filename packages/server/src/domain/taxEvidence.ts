import { TAX_MESSAGES, type SourceAmount, type TaxCell } from '@vcase/shared';
import { nivBelongsToCase, type RosterPlate } from './plateSelection.js';
import { dateKey } from './plates.js';
import { sourceAmount, type LookupState } from './tickets.js';
import { normalizePlate } from './validators/index.js';

// What each plate's tenencia lookups and receipts say; rules: docs/rules.md "Tenencia".

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

/** What a plate's winning lookup says: the debt years when answered, else one shared cell. */
export type Verdict = { answered: true; debts: Map<number, SourceAmount> } | { answered: false; cell: TaxCell };

/** One plate of the roster with the lookups and receipts that count for it. */
export interface PlateTaxEvidence {
  plate: RosterPlate;
  verdict: Verdict;
  receipts: TaxReceipt[];
  lookups: TaxLookup[];
}

const RANK: Record<LookupState, number> = { done: 4, reason: 3, running: 2, failed: 1, never: 0 };

/** The lookup that wins among a plate's lookups: the most informative, then the most recent. */
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

/** The fiscal years a receipt pays; none when it declares none. */
export const receiptYears = (r: TaxReceipt): number[] => {
  const v = r.ejercicio_fiscal;
  const list = Array.isArray(v) ? v : v == null ? [] : [v];
  return list.map(Number).filter((y) => Number.isInteger(y));
};

/** The receipt paired to a year: among those covering it, the latest `fecha_pago`. */
export function receiptFor(year: number, receipts: readonly TaxReceipt[]): TaxReceipt | undefined {
  let best: TaxReceipt | undefined;
  for (const r of receipts) {
    if (!receiptYears(r).includes(year)) continue;
    if (!best || dateKey(r.fecha_pago ?? '') > dateKey(best.fecha_pago ?? '')) best = r;
  }
  return best;
}

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

/** Each roster plate with its lookups (same plate text, entity unless one side has none) and receipts. */
export function taxEvidence(
  roster: readonly RosterPlate[],
  lookups: readonly TaxLookup[],
  receipts: readonly TaxReceipt[],
  caseVin: string | null,
): PlateTaxEvidence[] {
  const lookupsByPlate = byPlateText(lookups, (l) => l.plate);
  const receiptsByPlate = byPlateText(receipts, (r) => r.placa);
  return roster.map((p) => {
    const own = (lookupsByPlate.get(p.plate) ?? []).filter((l) => sameEntity(l.entity, p.entity));
    return {
      plate: p,
      verdict: verdictOf(mostInformativeLookup(own)),
      receipts: (receiptsByPlate.get(p.plate) ?? []).filter((r) => sameEntity(r.entidad, p.entity) && nivBelongsToCase(r.vin, caseVin)),
      lookups: own,
    };
  });
}
