import { EMPTY_PLATES_MESSAGES, SOURCE_REASON_EXAMPLES, TAX_MESSAGES, type TaxCell } from '@vcase/shared';
import { describe, expect, it } from 'vitest';
import type { CasePlateEntry } from './plateSelection.js';
import { mostInformativeLookup, type TaxLookup } from './taxEvidence.js';
import { taxPlatesToQuery } from './taxes.js';
import { OTHER_VIN, VIN } from './testPlates.js';
import { cell, done, entry, GRID, MAIN, receipt, run, SECOND } from './testTaxes.js';

describe('taxes block: the other plates (contract §4.7)', () => {
  it('has one item per fiscal year either source reported, descending, with a single status cell', () => {
    const body = run({
      plates: [MAIN, SECOND],
      lookups: [
        done('MAIN123'),
        done('SEC4567', [
          { fiscal_year: 2021, amount: 900 },
          { fiscal_year: 2019, amount: '$800.00' },
        ]),
      ],
      receipts: [receipt('SEC4567', 2020, { fecha_pago: '02/02/2020', total: 700 })],
    });
    expect(body.taxes).toEqual({
      message: null,
      status: 'completed',
      result: [
        {
          plate_number: 'SEC4567',
          state: 'MEX',
          fiscal_year: 2021,
          status: cell('warning', TAX_MESSAGES.WITH_DEBT),
          payment_date: null,
          total: 900,
        },
        {
          plate_number: 'SEC4567',
          state: 'MEX',
          fiscal_year: 2020,
          status: cell('success', TAX_MESSAGES.NO_DEBT),
          payment_date: '02/02/2020',
          total: 700,
        },
        {
          plate_number: 'SEC4567',
          state: 'MEX',
          fiscal_year: 2019,
          status: cell('warning', TAX_MESSAGES.WITH_DEBT),
          payment_date: null,
          total: '$800.00',
        },
      ],
    });
  });

  it.each<[string, TaxLookup[], TaxCell, number | null]>([
    [
      'fiscal_year null when neither source reported anything: success `Sin adeudo`',
      [done('MAIN123'), done('SEC4567')],
      cell('success', TAX_MESSAGES.NO_DEBT),
      null,
    ],
    [
      'status failed with the portal reason',
      [done('MAIN123'), { plate: 'SEC4567', entity: 'MEX', state: 'reason', reason: SOURCE_REASON_EXAMPLES.TAX_VEHICLE_NOT_FOUND }],
      cell('failed', SOURCE_REASON_EXAMPLES.TAX_VEHICLE_NOT_FOUND),
      null,
    ],
    [
      'status failed with the sanitized generic message',
      [done('MAIN123'), { plate: 'SEC4567', entity: 'MEX', state: 'failed' }],
      cell('failed', TAX_MESSAGES.SOURCE_ERROR),
      null,
    ],
    [
      'status processing while the lookup runs',
      [done('MAIN123'), { plate: 'SEC4567', entity: 'MEX', state: 'running' }],
      cell('processing', TAX_MESSAGES.PROCESSING),
      null,
    ],
    ['status processing when the plate was never looked up', [done('MAIN123')], cell('processing', TAX_MESSAGES.PLATE_NEVER_QUERIED), null],
  ])('%s', (_name, lookups, expected, year) => {
    const body = run({ plates: [MAIN, SECOND], lookups });
    expect(body.taxes.result).toEqual([
      { plate_number: 'SEC4567', state: 'MEX', fiscal_year: year, status: expected, payment_date: null, total: null },
    ]);
    expect(body.taxes.status).toBe(expected.status === 'processing' ? 'processing' : 'completed');
    expect(body.taxes.message).toBe(expected.status === 'processing' ? expected.message : null);
  });

  it('a receipt counts for the plate it declares, not for the case', () => {
    const body = run({
      plates: [MAIN, SECOND],
      lookups: [done('MAIN123'), done('SEC4567')],
      receipts: [receipt('MAIN123', 2024), receipt('SEC4567', 2022, { fecha_pago: '05/05/2022' })],
    });
    expect(body.taxes.result.map((r) => [r.plate_number, r.fiscal_year, r.payment_date])).toEqual([['SEC4567', 2022, '05/05/2022']]);
    expect(body.main_tax.result.find((r) => r.fiscal_year === 2022)?.document.message).toBe(TAX_MESSAGES.RECEIPT_PENDING);
    expect(body.main_tax.result.find((r) => r.fiscal_year === 2024)?.document.message).toBe(TAX_MESSAGES.RECEIPT_ADDED);
  });

  it('a receipt whose VIN is another vehicle’s does not count', () => {
    const body = run({ lookups: [done('MAIN123')], receipts: [receipt('MAIN123', 2024, { vin: OTHER_VIN })] });
    expect(body.main_tax.result.find((r) => r.fiscal_year === 2024)?.document.message).toBe(TAX_MESSAGES.RECEIPT_PENDING);
  });

  it('state is the receipt’s when the plate has none', () => {
    const body = run({
      plates: [MAIN, entry('NOE4567', { entity: '', document_date: '' })],
      lookups: [done('MAIN123'), done('NOE4567')],
      receipts: [receipt('NOE4567', 2021, { entidad: 'JAL' })],
    });
    expect(body.taxes.result).toEqual([
      {
        plate_number: 'NOE4567',
        state: 'JAL',
        fiscal_year: 2021,
        status: cell('success', TAX_MESSAGES.NO_DEBT),
        payment_date: '15/03/2024',
        total: 1520,
      },
    ]);
  });

  it('previous plates are listed, in the entity of the plate they preceded', () => {
    const body = run({ plates: [entry('MAIN123', { previous_plate: 'PRV0001' })], lookups: [done('MAIN123'), done('PRV0001')] });
    expect(body.taxes.result.map((r) => [r.plate_number, r.state])).toEqual([['PRV0001', 'MEX']]);
  });

  it.each<[string, TaxLookup[], TaxCell]>([
    [
      'most informative wins, not the most recent: an older answer over a newer failure',
      [
        { plate: 'SEC4567', entity: 'MEX', state: 'failed', finished_at: '2026-08-02T00:00:00Z' },
        done('SEC4567', [], { finished_at: '2026-08-01T00:00:00Z' }),
      ],
      cell('success', TAX_MESSAGES.NO_DEBT),
    ],
    [
      'most informative wins: a source reason over a newer failure without detail',
      [
        { plate: 'SEC4567', entity: 'MEX', state: 'failed' },
        { plate: 'SEC4567', entity: 'MEX', state: 'reason', reason: 'Placa dada de baja' },
      ],
      cell('failed', 'Placa dada de baja'),
    ],
    [
      'between equally informative lookups the most recent wins',
      [
        done('SEC4567', [], { finished_at: '2026-08-01T00:00:00Z' }),
        done('SEC4567', [{ fiscal_year: 2025, amount: 1 }], { finished_at: '2026-08-03T00:00:00Z' }),
      ],
      cell('warning', TAX_MESSAGES.WITH_DEBT),
    ],
  ])('%s', (_name, lookups, expected) => {
    const body = run({ plates: [MAIN, SECOND], lookups: [done('MAIN123'), ...lookups] });
    expect(body.taxes.result[0].status).toEqual(expected);
  });

  it('a re-run in flight keeps the most informative answer in the cells and the block processing until it ends', () => {
    const rerun: TaxLookup = { plate: 'MAIN123', entity: 'MEX', state: 'running' };
    const body = run({
      plates: [MAIN, SECOND],
      lookups: [done('MAIN123'), rerun, done('SEC4567'), { plate: 'SEC4567', entity: 'MEX', state: 'running' }],
    });
    expect(body.main_tax.status).toBe('processing');
    expect(body.main_tax.message).toBe(TAX_MESSAGES.PROCESSING);
    expect(body.main_tax.result.map((r) => r.source)).toEqual(body.main_tax.result.map(() => cell('success', TAX_MESSAGES.NO_DEBT)));
    expect(body.taxes).toMatchObject({ status: 'processing', message: TAX_MESSAGES.PROCESSING });
    expect(body.taxes.result[0].status).toEqual(cell('success', TAX_MESSAGES.NO_DEBT));
    // Once it ends (here: failed), the earlier answer still wins and the blocks are completed.
    const ended = run({ plates: [MAIN, SECOND], lookups: [done('MAIN123'), { ...rerun, state: 'failed' }, done('SEC4567')] });
    expect([ended.main_tax.status, ended.main_tax.message, ended.taxes.status]).toEqual(['completed', null, 'completed']);
    expect(ended.main_tax.result[0].source).toEqual(cell('success', TAX_MESSAGES.NO_DEBT));
  });

  it('ranks lookups: answer > reason > running > failure > never', () => {
    const states = ['never', 'failed', 'running', 'reason', 'done'] as const;
    for (let i = 0; i < states.length; i++) {
      const lookups = states.slice(0, i + 1).map((state) => ({ state }));
      expect(mostInformativeLookup(lookups)?.state).toBe(states[i]);
    }
  });
});

describe('taxes block outcomes and empties (contract §4.6, §4.7, §9)', () => {
  it('when the main plate is the only plate: completed, [], `El caso no tiene the service adicionales a la principal` (permanent)', () => {
    for (const started of [true, false]) {
      const body = run({ lookups: [], anyLookupStarted: started });
      expect(body.taxes).toEqual({ message: TAX_MESSAGES.ONLY_MAIN_PLATE, status: 'completed', result: [] });
    }
  });

  it.each<[string, CasePlateEntry[], string]>([
    [
      'empty: no extracted plates → both blocks completed, [], `No se encontraron the service registradas` (§9)',
      [],
      EMPTY_PLATES_MESSAGES.NO_PLATES,
    ],
    [
      'empty: plates exist but none belongs to the case VIN → both blocks completed, [], ' +
        '`Las the service registradas no corresponden al VIN del expediente` (§9)',
      [entry('MAIN123', { niv: OTHER_VIN })],
      EMPTY_PLATES_MESSAGES.PLATES_NOT_FOR_CASE_VIN,
    ],
  ])('%s', (_name, plates, message) => {
    const block = { message, status: 'completed', result: [] };
    expect(run({ plates, anyLookupStarted: false })).toEqual({ main_tax: block, taxes: block });
  });

  it(
    'no tenencia lookup at all: processing, receipts that exist are published, ' +
      '`Aún no se ha ejecutado ninguna consulta de tenencia para este caso.`',
    () => {
      const body = run({
        plates: [MAIN, SECOND, entry('THR8901', { document_date: '01/01/2018' })],
        receipts: [receipt('SEC4567', 2023, { fecha_pago: '01/02/2023', total: 1100 })],
        anyLookupStarted: false,
      });
      expect(body.taxes).toEqual({
        message: TAX_MESSAGES.NO_LOOKUP_YET,
        status: 'processing',
        result: [
          {
            plate_number: 'SEC4567',
            state: 'MEX',
            fiscal_year: 2023,
            status: cell('processing', TAX_MESSAGES.PLATE_NEVER_QUERIED),
            payment_date: '01/02/2023',
            total: 1100,
          },
        ],
      });
      expect(body.main_tax.status).toBe('processing');
      expect(body.main_tax.message).toBe(TAX_MESSAGES.NO_LOOKUP_YET);
      expect(body.main_tax.result.map((r) => r.source)).toEqual(GRID.map(() => cell('processing', TAX_MESSAGES.PLATE_NEVER_QUERIED)));
    },
  );

  it('before the first job finishes the taxes block is processing with result []', () => {
    const running = (plate: string): TaxLookup => ({ plate, entity: 'MEX', state: 'running' });
    const body = run({ plates: [MAIN, SECOND], lookups: [running('MAIN123'), running('SEC4567')], receipts: [receipt('SEC4567', 2023)] });
    expect(body.taxes).toEqual({ message: TAX_MESSAGES.PROCESSING, status: 'processing', result: [] });
    const later = run({ plates: [MAIN, SECOND], lookups: [done('MAIN123'), running('SEC4567')], receipts: [receipt('SEC4567', 2023)] });
    expect(later.taxes.status).toBe('processing');
    expect(later.taxes.result.map((r) => r.fiscal_year)).toEqual([2023]);
  });

  it('block status completed once every plate reached its outcome, even a business error', () => {
    const body = run({
      plates: [MAIN, SECOND],
      lookups: [
        { plate: 'MAIN123', entity: 'MEX', state: 'failed' },
        { plate: 'SEC4567', entity: 'MEX', state: 'never' },
      ],
    });
    expect([body.main_tax.status, body.taxes.status]).toEqual(['completed', 'completed']);
    expect(body.taxes.result[0].status).toEqual(cell('failed', TAX_MESSAGES.LOOKUP_NEVER_RAN));
  });
});

describe('taxes POST plates (contract §4.6)', () => {
  it('looks up the unique main and previous plates, each once in its own entity', () => {
    const plates = [
      entry('MAIN123', { previous_plate: 'PRV0001' }),
      entry('MAIN123', { document_date: '01/01/2010', file_id: 'dup' }),
      entry('JAL4567', { entity: 'JAL', document_date: '01/01/2020' }),
      entry('BAD0000', { niv: OTHER_VIN }),
    ];
    expect(taxPlatesToQuery(plates, VIN)).toEqual([
      { plate: 'MAIN123', entity: 'MEX' },
      { plate: 'JAL4567', entity: 'JAL' },
      { plate: 'PRV0001', entity: 'MEX' },
    ]);
  });
});
