import {
  TAX_MESSAGES,
  type MainTaxBlock,
  type MainTaxRow,
  type SourceAmount,
  type TaxCell,
  type TaxesBlock,
  type TaxRow,
} from '@vcase/shared';
import { receiptFor, receiptYears, type PlateTaxEvidence, type TaxReceipt, type Verdict } from './taxEvidence.js';
import { sourceAmount } from './tickets.js';

// The `main_tax` and `taxes` blocks from each plate's evidence; rules: docs/rules.md "Tenencia".

const hasAmount = (v: unknown) => typeof v === 'number' || (typeof v === 'string' && v.trim() !== '');

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

const stateOf = (d: PlateTaxEvidence) =>
  d.plate.entity ||
  d.receipts
    .find((r) => r.entidad?.trim())
    ?.entidad?.trim()
    .toUpperCase() ||
  null;

/** A lookup of one of these plates is in flight (a re-run, while an earlier answer still wins its cells). */
const anyRunning = (plates: readonly PlateTaxEvidence[]) => plates.some((d) => d.lookups.some((l) => l.state === 'running'));

/** Block status and message from the processing cells it holds, and from lookups in flight. */
function blockOf<R>(result: R[], processing: TaxCell[], started: boolean, running: boolean) {
  if (processing.length === 0 && !running) return { message: null, status: 'completed' as const, result };
  const message = !started
    ? TAX_MESSAGES.NO_LOOKUP_YET
    : (processing.find((c) => c.message === TAX_MESSAGES.PROCESSING) ?? processing[0] ?? { message: TAX_MESSAGES.PROCESSING }).message;
  return { message, status: 'processing' as const, result };
}

/** The grid of the main plate: one row per year of `years`. */
export function mainTaxBlock(d: PlateTaxEvidence, years: readonly number[], started: boolean): MainTaxBlock {
  const rows: MainTaxRow[] = years.map((year) => ({
    fiscal_year: year,
    plate_number: d.plate.plate,
    state: stateOf(d),
    document: receiptFor(year, d.receipts)
      ? { status: 'success', message: TAX_MESSAGES.RECEIPT_ADDED }
      : { status: 'warning', message: TAX_MESSAGES.RECEIPT_PENDING },
    source: cellFor(d.verdict, year),
    ...paymentOf(d.verdict, year, d.receipts),
  }));
  return blockOf(
    rows,
    rows.map((r) => r.source).filter((c) => c.status === 'processing'),
    started,
    anyRunning([d]),
  );
}

/** One item per fiscal year either source reported; one null-year item when neither did. */
function taxRows(d: PlateTaxEvidence, receiptsOnly: boolean): TaxRow[] {
  const fromReceipts = d.receipts.flatMap(receiptYears);
  const reported = receiptsOnly || !d.verdict.answered ? fromReceipts : [...d.verdict.debts.keys(), ...fromReceipts];
  const years = [...new Set(reported)].sort((a, b) => b - a);
  const base = { plate_number: d.plate.plate, state: stateOf(d) };
  if (years.length === 0) {
    if (receiptsOnly) return [];
    const status = d.verdict.answered ? { status: 'success' as const, message: TAX_MESSAGES.NO_DEBT } : d.verdict.cell;
    return [{ ...base, fiscal_year: null, status, payment_date: null, total: null }];
  }
  return years.map((year) => ({ ...base, fiscal_year: year, status: cellFor(d.verdict, year), ...paymentOf(d.verdict, year, d.receipts) }));
}

export interface TaxesBlockInput {
  /** The plates of the block: every roster plate but the main one. */
  others: readonly PlateTaxEvidence[];
  /** Every roster plate, the main one included. */
  all: readonly PlateTaxEvidence[];
  hasMain: boolean;
  started: boolean;
  /** The portal may still name a previous plate of the case. */
  previousPending: boolean;
}

/** The `taxes` block: the plates other than the main one. */
export function taxesBlock({ others, all, hasMain, started, previousPending }: TaxesBlockInput): TaxesBlock {
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
  return blockOf(
    rows,
    rows.map((r) => r.status).filter((c) => c.status === 'processing'),
    started,
    anyRunning(others),
  );
}
