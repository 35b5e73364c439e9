import { SOURCE_REASON_EXAMPLES, TAX_MESSAGES, type TaxCell } from '@vcase/shared';
import { describe, expect, it } from 'vitest';
import type { TaxLookup, TaxReceipt } from './taxEvidence.js';
import { mainTaxYears } from './taxes.js';
import { cell, done, entry, GRID, MAIN, receipt, run, SECOND } from './testTaxes.js';

describe('main_tax grid (contract §4.7, §8)', () => {
  it('is a fixed grid of 5 fiscal years, current year plus 4 back, descending, for the main plate', () => {
    const body = run({ plates: [SECOND, MAIN], lookups: [done('MAIN123')] });
    expect(body.main_tax.result.map((r) => [r.fiscal_year, r.plate_number, r.state])).toEqual(GRID.map((y) => [y, 'MAIN123', 'MEX']));
  });

  it('reads the current fiscal year in Mexico City time', () => {
    expect(mainTaxYears(new Date('2027-01-01T05:00:00Z'))).toEqual(GRID);
    expect(mainTaxYears(new Date('2027-01-01T06:00:00Z'))[0]).toBe(2027);
  });

  it.each<[string, TaxReceipt[], TaxCell]>([
    [
      'document: success `Agregado` when a receipt covers that year',
      [receipt('MAIN123', [2023, 2024])],
      cell('success', TAX_MESSAGES.RECEIPT_ADDED),
    ],
    [
      'document: warning `Pendiente` when no receipt covers that year',
      [receipt('MAIN123', 2022), receipt('SEC4567', 2024)],
      cell('warning', TAX_MESSAGES.RECEIPT_PENDING),
    ],
  ])('%s', (_name, receipts, expected) => {
    const body = run({ plates: [MAIN, SECOND], lookups: [done('MAIN123')], receipts });
    expect(body.main_tax.result.find((r) => r.fiscal_year === 2024)?.document).toEqual(expected);
  });

  it.each<[string, TaxLookup[], boolean, TaxCell, 'completed' | 'processing']>([
    [
      'source: warning `Con adeudo` when the portal reports that year',
      [done('MAIN123', [{ fiscal_year: 2024, amount: 3000 }])],
      true,
      cell('warning', TAX_MESSAGES.WITH_DEBT),
      'completed',
    ],
    [
      'source: success `Sin adeudo` when the portal answered without that year',
      [done('MAIN123', [{ fiscal_year: 2023, amount: 3000 }])],
      true,
      cell('success', TAX_MESSAGES.NO_DEBT),
      'completed',
    ],
    [
      'source: failed with the portal message verbatim when it gives a useful reason',
      [{ plate: 'MAIN123', entity: 'MEX', state: 'reason', reason: SOURCE_REASON_EXAMPLES.TAX_VEHICLE_NOT_FOUND }],
      true,
      cell('failed', SOURCE_REASON_EXAMPLES.TAX_VEHICLE_NOT_FOUND),
      'completed',
    ],
    [
      'source: failed `Hubo un error al obtener la información` on a source error without publishable detail',
      [{ plate: 'MAIN123', entity: 'MEX', state: 'failed' }],
      true,
      cell('failed', TAX_MESSAGES.SOURCE_ERROR),
      'completed',
    ],
    [
      'source: failed `No se pudo ejecutar la consulta de tenencia para esta placa.` when the lookup never ran',
      [{ plate: 'MAIN123', entity: 'MEX', state: 'never' }],
      true,
      cell('failed', TAX_MESSAGES.LOOKUP_NEVER_RAN),
      'completed',
    ],
    [
      'source: processing `Se está procesando la información` while the lookup runs',
      [{ plate: 'MAIN123', entity: 'MEX', state: 'running' }],
      true,
      cell('processing', TAX_MESSAGES.PROCESSING),
      'processing',
    ],
    [
      'source: processing `Aún no se ha consultado la tenencia de esta placa` when the plate was never looked up',
      [done('SEC4567')],
      true,
      cell('processing', TAX_MESSAGES.PLATE_NEVER_QUERIED),
      'processing',
    ],
  ])('%s', (_name, lookups, started, expected, status) => {
    const body = run({ plates: [MAIN, SECOND], lookups, anyLookupStarted: started });
    expect(body.main_tax.result.find((r) => r.fiscal_year === 2024)?.source).toEqual(expected);
    expect(body.main_tax.status).toBe(status);
    expect(body.main_tax.message).toBe(status === 'completed' ? null : expected.message);
  });

  it('when the lookup returned fiscal years, each year is resolved separately', () => {
    const body = run({
      lookups: [
        done('MAIN123', [
          { fiscal_year: 2026, amount: 1 },
          { fiscal_year: 2023, amount: 2 },
        ]),
      ],
    });
    expect(body.main_tax.result.map((r) => r.source.message)).toEqual([
      TAX_MESSAGES.WITH_DEBT,
      TAX_MESSAGES.NO_DEBT,
      TAX_MESSAGES.NO_DEBT,
      TAX_MESSAGES.WITH_DEBT,
      TAX_MESSAGES.NO_DEBT,
    ]);
  });

  it.each<[string, TaxLookup[]]>([
    ['when the lookup returned none, all 5 years share one verdict (no debt)', [done('MAIN123')]],
    [
      'when the lookup returned none, all 5 years share one verdict (source reason)',
      [{ plate: 'MAIN123', entity: 'MEX', state: 'reason', reason: 'Placa dada de baja' }],
    ],
  ])('%s', (_name, lookups) => {
    const cells = run({ lookups }).main_tax.result.map((r) => JSON.stringify(r.source));
    expect(new Set(cells).size).toBe(1);
  });

  it.each<[string, TaxReceipt[], string | null]>([
    ['payment_date: from the receipt paired to the year', [receipt('MAIN123', 2024, { fecha_pago: '10/02/2024' })], '10/02/2024'],
    [
      'payment_date: the latest payment among receipts covering the year',
      [receipt('MAIN123', 2024, { fecha_pago: '10/02/2024' }), receipt('MAIN123', [2024, 2025], { fecha_pago: '01/01/2025' })],
      '01/01/2025',
    ],
    ['payment_date: null when there is no receipt', [], null],
    ['payment_date: null when pairing failed (the receipt declares no fiscal year)', [receipt('MAIN123', null)], null],
  ])('%s', (_name, receipts, expected) => {
    const row = run({ lookups: [done('MAIN123')], receipts }).main_tax.result.find((r) => r.fiscal_year === 2024);
    expect(row?.payment_date).toBe(expected);
  });

  it.each<[string, TaxLookup['years'], TaxReceipt[], number | string | null]>([
    [
      'total: the portal amount when it reports the year with an amount',
      [{ fiscal_year: 2024, amount: 3456.5 }],
      [receipt('MAIN123', 2024)],
      3456.5,
    ],
    ['total: a formatted portal amount exactly as given', [{ fiscal_year: 2024, amount: '$3,456.50' }], [], '$3,456.50'],
    [
      'total: the receipt amount when the portal reports the year without an amount',
      [{ fiscal_year: 2024, amount: null }],
      [receipt('MAIN123', 2024, { total: 1520 })],
      1520,
    ],
    [
      'total: the receipt amount when the portal does not report the year',
      [],
      [receipt('MAIN123', 2024, { total: '$1,520.00' })],
      '$1,520.00',
    ],
    ['total: null when neither gives an amount', [{ fiscal_year: 2024, amount: null }], [], null],
  ])('%s', (_name, years, receipts, expected) => {
    const row = run({ lookups: [done('MAIN123', years)], receipts }).main_tax.result.find((r) => r.fiscal_year === 2024);
    expect(row?.total).toBe(expected);
  });

  it('is completed with result [] only when no plate is legible (and then nothing is excluded from taxes)', () => {
    // Too short to be a plate: not legible, though normalized like any plate text.
    const plates = [entry('X', { document_date: '01/01/2025' }), entry('1', { document_date: '' })];
    const body = run({ plates, lookups: [done('X'), done('1')] });
    expect(body.main_tax).toEqual({ message: null, status: 'completed', result: [] });
    expect(body.taxes.result.map((r) => r.plate_number)).toEqual(['X', '1']);
  });
});
