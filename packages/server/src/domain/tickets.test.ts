import { EMPTY_PLATES_MESSAGES, SOURCE_REASON_EXAMPLES, TICKET_MESSAGES, ticketsResponseSchema, type TicketRow } from '@vcase/shared';
import { describe, expect, it } from 'vitest';
import { OTHER_VIN, plateEntry, VIN } from './testPlates.js';
import { buildPlateChain } from './plateChain.js';
import type { CasePlateEntry } from './plateSelection.js';
import { taxesResponse } from './taxes.js';
import { ticketPlatesToQuery, ticketsResponse, type TicketInfraction, type TicketLookup } from './tickets.js';

const CASE_ID = '6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60';

const entry = (plate: string, over: Partial<CasePlateEntry> = {}) => plateEntry(plate, over);

const done = (plate: string, entity: string, infractions: TicketInfraction[] = []): TicketLookup => ({
  plate,
  entity,
  state: 'done',
  infractions,
});
const run = (plates: CasePlateEntry[], lookups: TicketLookup[], caseVin: string | null = VIN) => {
  const body = ticketsResponse({ caseId: CASE_ID, plates, caseVin, lookups });
  ticketsResponseSchema.parse(body); // strict rows: exactly six keys
  return body;
};
const SIX_KEYS = ['amount', 'message', 'plate_number', 'state', 'status', 'ticket_date'];

describe('tickets row status rules (contract §4.5)', () => {
  const plate = entry('ABC1234');
  const other = entry('ZZZ9999', { document_date: '01/01/2020' });
  it.each<[string, TicketLookup[], Partial<TicketRow>[]]>([
    [
      'row: Infraction with source status PAGADA → success `Pagada`',
      [done('ABC1234', 'JAL', [{ date: '03/02/2024', amount: 850.5, status: 'PAGADA' }])],
      [{ state: 'JAL', ticket_date: '03/02/2024', amount: 850.5, status: 'success', message: TICKET_MESSAGES.PAID }],
    ],
    [
      'row: Infraction with source status NO PAGADA → warning `No Pagada`',
      [done('ABC1234', 'JAL', [{ date: '04/05/2023', amount: '$1,200.00', status: 'NO PAGADA' }])],
      [{ state: 'JAL', ticket_date: '04/05/2023', amount: '$1,200.00', status: 'warning', message: TICKET_MESSAGES.UNPAID }],
    ],
    [
      'row: amounts of any JSON kind exactly as the source gave them; a date that is not text → null',
      [
        done('ABC1234', 'JAL', [
          { date: 5 as unknown as string, amount: [1, 2], status: 'NO PAGADA' },
          { date: '01/01/2024', amount: { valor: 150, moneda: 'MXN' }, status: 'NO PAGADA' },
          { date: null, amount: true, status: 'NO PAGADA' },
        ]),
      ],
      [
        { state: 'JAL', ticket_date: null, amount: [1, 2], status: 'warning', message: TICKET_MESSAGES.UNPAID },
        {
          state: 'JAL',
          ticket_date: '01/01/2024',
          amount: { valor: 150, moneda: 'MXN' },
          status: 'warning',
          message: TICKET_MESSAGES.UNPAID,
        },
        { state: 'JAL', ticket_date: null, amount: true, status: 'warning', message: TICKET_MESSAGES.UNPAID },
      ],
    ],
    [
      'row: Infraction with any other source status (e.g. PENDIENTE) → warning with the source text exactly',
      [done('ABC1234', 'JAL', [{ date: null, amount: null, status: 'Pendiente de pago' }])],
      [{ state: 'JAL', ticket_date: null, amount: null, status: 'warning', message: 'Pendiente de pago' }],
    ],
    [
      'row: Plate with no infractions → success `Placa sin adeudos`',
      [done('ABC1234', 'JAL')],
      [{ state: 'JAL', ticket_date: null, amount: null, status: 'success', message: TICKET_MESSAGES.NO_INFRACTIONS }],
    ],
    [
      'row: Query still running → processing `Se está procesando la información`',
      [{ plate: 'ABC1234', entity: 'JAL', state: 'running' }],
      [{ state: 'JAL', ticket_date: null, amount: null, status: 'processing', message: TICKET_MESSAGES.PROCESSING }],
    ],
    [
      'row: Query could not run (process or provider failure) → failed `Hubo un problema al extraer la información`',
      [{ plate: 'ABC1234', entity: 'JAL', state: 'failed' }],
      [{ state: 'JAL', ticket_date: null, amount: null, status: 'failed', message: TICKET_MESSAGES.LOOKUP_FAILED }],
    ],
    [
      'row: Plate never queried → failed `Aún no se ha consultado esta placa`',
      [done('ZZZ9999', 'JAL')],
      [{ state: 'JAL', ticket_date: null, amount: null, status: 'failed', message: TICKET_MESSAGES.PLATE_NEVER_QUERIED }],
    ],
    [
      'row: Source answered with its own reason (e.g. `Entidad aún sin cobertura`) → failed with the source text',
      [{ plate: 'ABC1234', entity: 'JAL', state: 'reason', reason: SOURCE_REASON_EXAMPLES.TICKETS_NO_COVERAGE }],
      [{ state: 'JAL', ticket_date: null, amount: null, status: 'failed', message: SOURCE_REASON_EXAMPLES.TICKETS_NO_COVERAGE }],
    ],
  ])('%s', (_name, lookups, expected) => {
    const body = run([plate, other], lookups);
    expect(body.status).toBe('completed');
    const rows = body.result.filter((r) => r.plate_number === 'ABC1234');
    expect(rows).toEqual(expected.map((e) => ({ plate_number: 'ABC1234', ...e })));
    for (const r of body.result) expect(Object.keys(r).sort()).toEqual(SIX_KEYS);
  });

  it('each infraction is one row, amounts exactly as the source reports them', () => {
    const body = run(
      [plate],
      [
        done('ABC1234', 'JAL', [
          { date: '01/01/2024', amount: 100, status: 'PAGADA' },
          { date: '02/01/2024', amount: '$2,000.00', status: 'no pagada' },
          { date: '03/01/2024', amount: undefined, status: 'EN PROCESO' },
        ]),
      ],
    );
    expect(body.result.map((r) => [r.amount, r.status, r.message])).toEqual([
      [100, 'success', TICKET_MESSAGES.PAID],
      ['$2,000.00', 'warning', TICKET_MESSAGES.UNPAID],
      [null, 'warning', 'EN PROCESO'],
    ]);
  });

  it('a plate is queried in its own entity and in CMX: both records are published, one per state', () => {
    const body = run([plate], [done('ABC1234', 'CMX', [{ date: '01/01/2024', amount: 10, status: 'NO PAGADA' }]), done('ABC1234', 'JAL')]);
    expect(body.result.map((r) => [r.state, r.status, r.message])).toEqual([
      ['JAL', 'success', TICKET_MESSAGES.NO_INFRACTIONS],
      ['CMX', 'warning', TICKET_MESSAGES.UNPAID],
    ]);
  });

  it('a lookup newer in the list wins over an older one of the same (plate, entity)', () => {
    const body = run([plate], [{ plate: 'ABC1234', entity: 'JAL', state: 'running' }, done('ABC1234', 'JAL')]);
    expect(body.result.map((r) => r.status)).toEqual(['processing']);
  });
});

describe('tickets root status and messages (contract §4.5, §9)', () => {
  it.each<[string, CasePlateEntry[], TicketLookup[], 'completed' | 'processing', string | null, number]>([
    [
      'root: information found for at least one plate → completed, message null',
      [entry('ABC1234'), entry('DEF5678')],
      [done('ABC1234', 'JAL')],
      'completed',
      null,
      2,
    ],
    [
      'root: a failed or running record counts as information → completed',
      [entry('ABC1234')],
      [{ plate: 'ABC1234', entity: 'CMX', state: 'running' }],
      'completed',
      null,
      1,
    ],
    [
      'empty: Case has no plates → completed `No se encontraron the service registradas` (§9)',
      [],
      [],
      'completed',
      EMPTY_PLATES_MESSAGES.NO_PLATES,
      0,
    ],
    [
      'empty: Plates exist but none belongs to the case VIN → ' +
        'completed `Las the service registradas no corresponden al VIN del expediente` (§9)',
      [entry('ABC1234', { niv: OTHER_VIN })],
      [done('ABC1234', 'JAL')],
      'completed',
      EMPTY_PLATES_MESSAGES.PLATES_NOT_FOR_CASE_VIN,
      0,
    ],
    [
      'empty: Plates exist, never queried → processing `Aún no se ha ejecutado ninguna consulta de infracciones para este caso`',
      [entry('ABC1234')],
      [done('OTHER11', 'JAL'), { plate: 'ABC1234', entity: 'JAL', state: 'never' }],
      'processing',
      TICKET_MESSAGES.NO_LOOKUP_YET,
      0,
    ],
  ])('%s', (_name, plates, lookups, status, message, rows) => {
    const body = run(plates, lookups);
    expect(body).toMatchObject({ case_id: CASE_ID, status, message });
    expect(body.result).toHaveLength(rows);
  });

  it('the main plate comes first, then the rest, previous plates included', () => {
    const plates = [
      entry('OLD2020', { document_date: '01/01/2020' }),
      entry('CUR2024', { entity: 'MEX', document_date: '01/01/2024', previous_plate: 'PRV1999' }),
    ];
    const body = run(plates, [done('OLD2020', 'JAL')]);
    expect(body.result.map((r) => [r.plate_number, r.state, r.message])).toEqual([
      ['CUR2024', 'MEX', TICKET_MESSAGES.PLATE_NEVER_QUERIED],
      ['OLD2020', 'JAL', TICKET_MESSAGES.NO_INFRACTIONS],
      ['PRV1999', 'MEX', TICKET_MESSAGES.PLATE_NEVER_QUERIED],
    ]);
  });

  it('a plate with an unknown entity is published with state null until queried', () => {
    const body = run([entry('ABC1234'), entry('NOE1234', { entity: '', document_date: '01/01/2020' })], [done('ABC1234', 'JAL')]);
    expect(body.result.at(-1)).toMatchObject({ plate_number: 'NOE1234', state: null, message: TICKET_MESSAGES.PLATE_NEVER_QUERIED });
  });
});

describe('tickets POST plates (contract §4.5)', () => {
  it('queries main and previous plates in their own entity and in CMX, CMX plates once', () => {
    const plates = [
      entry('CUR2024', { entity: 'MEX', previous_plate: 'PRV1999' }),
      entry('CDM2020', { entity: 'CMX', document_date: '01/01/2020' }),
      entry('BAD2020', { niv: OTHER_VIN }),
    ];
    expect(ticketPlatesToQuery(plates, VIN)).toEqual([
      { plate: 'CUR2024', entity: 'MEX' },
      { plate: 'CUR2024', entity: 'CMX' },
      { plate: 'CDM2020', entity: 'CMX' },
      { plate: 'PRV1999', entity: 'MEX' },
      { plate: 'PRV1999', entity: 'CMX' },
    ]);
  });
});

describe('a case with 200 documents and 40 plates', () => {
  // Plate i has 5 documents dated in year 1990 + i; the newest of each is another vehicle's.
  const plates: CasePlateEntry[] = [];
  for (let i = 0; i < 40; i++) {
    for (let j = 0; j < 5; j++) {
      plates.push(
        entry(`ABC${1000 + i}`, {
          entity: i % 2 ? 'JAL' : 'MEX',
          document_type: j % 2 ? 'tax_payment' : 'certificate_title',
          document_date: `0${j + 1}/0${j + 1}/${1990 + i}`,
          file_id: `file-${i}-${j}`,
          niv: j === 4 ? OTHER_VIN : j === 3 ? null : VIN.slice(-8),
          previous_plate: i < 10 && i % 2 === 0 ? `OLD${1000 + i}` : null,
        }),
      );
    }
  }
  const lookups: TicketLookup[] = [];
  for (let i = 0; i < 40; i++) {
    const plate = `ABC${1000 + i}`;
    lookups.push(i % 2 ? done(plate, 'JAL') : done(plate, 'MEX', [{ date: '01/01/2024', amount: i, status: 'NO PAGADA' }]));
    if (i % 3 === 0) lookups.push({ plate, entity: 'CMX', state: 'running' });
  }

  it('keeps one entry per plate, puts the main plate first and publishes every plate', () => {
    expect(plates).toHaveLength(200);
    const body = run(plates, lookups);
    expect(body.status).toBe('completed');
    const order = [...new Set(body.result.map((r) => r.plate_number))];
    const kept = Array.from({ length: 40 }, (_, k) => `ABC${1039 - k}`);
    const previous = [8, 6, 4, 2, 0].map((i) => `OLD${1000 + i}`);
    expect(order).toEqual([...kept, ...previous]);
    // previous plates follow their successors (most recent first)
    // 40 own-entity rows, 14 running CMX rows, 5 never-queried previous plates
    expect(body.result).toHaveLength(40 + 14 + 5);
    expect(body.result.filter((r) => r.status === 'processing')).toHaveLength(14);

    const taxes = taxesResponse({
      plates,
      caseVin: VIN,
      lookups: [],
      receipts: [],
      anyLookupStarted: true,
      now: new Date('2026-09-01T12:00:00Z'),
    });
    expect(taxes.main_tax.result.map((r) => r.plate_number)).toEqual(Array(5).fill('ABC1039'));
    expect(new Set(taxes.taxes.result.map((r) => r.plate_number)).size).toBe(39 + 5);

    const chain = buildPlateChain({ caseId: CASE_ID, internalId: 'big', caseVin: VIN, plates, fileUrl: () => null, now: new Date() });
    expect(chain.summary?.plate_count).toBe(20 + 5);
    expect(chain.summary?.current_plate).toBe('ABC1038');
    expect(chain.chain.every((l) => l.documents.length === 5 || l.plate.startsWith('OLD'))).toBe(true);
  });
});
