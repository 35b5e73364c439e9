import { MAIN_TAX_YEARS, type TaxesResponse } from '@vcase/shared';
import { mainPlate } from './mainPlate.js';
import { plateRoster, selectCasePlates, type SelectablePlate } from './plateSelection.js';
import { mainTaxBlock, taxesBlock } from './taxBlocks.js';
import { taxEvidence, type TaxLookup, type TaxReceipt } from './taxEvidence.js';
import type { PlateQuery } from './tickets.js';

// Tenencia (contract §4.6, §4.7, §2.13, §9); rules: docs/rules.md "Tenencia".

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

/** GET /v1/cases/{case_id}/taxes. */
export function taxesResponse(input: TaxesInput): TaxesResponse {
  const selection = selectCasePlates(input.plates, input.caseVin);
  if (selection.emptyMessage) {
    const block = { message: selection.emptyMessage, status: 'completed' as const, result: [] };
    return { main_tax: block, taxes: { ...block, result: [] } };
  }
  const roster = plateRoster(selection.plates, mainPlate(selection.plates));
  const started = input.anyLookupStarted || input.lookups.length > 0;
  const all = taxEvidence(roster, input.lookups, input.receipts, input.caseVin);
  const main = all.find((d) => d.plate.role === 'main');
  const others = all.filter((d) => d.plate.role !== 'main');
  const previousPending = selection.plates.some((p) => p.previous_plate_pending);
  return {
    main_tax: main ? mainTaxBlock(main, mainTaxYears(input.now), started) : { message: null, status: 'completed', result: [] },
    taxes: taxesBlock({ others, all, hasMain: !!main, started, previousPending }),
  };
}
