import { CHAIN_MESSAGES, PLATE_CHAIN_SCOPE, plateChainResponseSchema } from '@vcase/shared';
import { describe, expect, it } from 'vitest';
import { buildPlateChain, plateChainPending, type PlateChainEntry } from './plateChain.js';

const CASE = { caseId: '6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60', internalId: 'EXP-1', caseVin: '1M8GDM9AXKP042788' };
const NOW = new Date('2026-09-01T12:00:00.000Z');
let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

const entry = (plate: string, document_date: string, over: Partial<PlateChainEntry> = {}): PlateChainEntry => ({
  plate,
  entity: 'MEX',
  document_type: 'certificate_title',
  document_date,
  file_id: uuid(),
  ocr_id: uuid(),
  niv: CASE.caseVin,
  owner_name: 'ANA LOPEZ',
  ...over,
});

const build = (plates: PlateChainEntry[], caseVin: string | null = CASE.caseVin) => {
  const body = buildPlateChain({ ...CASE, caseVin, plates, fileUrl: (id) => `https://files.test/${id}`, now: NOW });
  plateChainResponseSchema.parse(body);
  return body;
};

describe('plate chain (contract §2.5, §4.3)', () => {
  it.each([
    ['processing', CHAIN_MESSAGES.PLATE_CHAIN_GENERATING],
    ['pending', null],
  ] as const)('status %s: summary null, chain [], message %s', (status, message) => {
    expect(plateChainPending(CASE, status)).toEqual({
      case_id: CASE.caseId,
      internal_id: 'EXP-1',
      niv: CASE.caseVin,
      summary: null,
      chain: [],
      status,
      message,
    });
  });

  it('covers Estado de México plates only, ordered by evidence dates, oldest first, the last one current', () => {
    const body = build([
      entry('NEW2024', '10/04/2024'),
      entry('JAL0001', '01/01/2023', { entity: 'JAL' }),
      entry('OLD2018', '05/02/2018'),
      entry('OLD2018', '20/11/2019'),
    ]);
    expect(
      body.chain.map((l) => [l.sequence_index, l.plate, l.entity, l.period_start, l.period_end, l.period_precision, l.is_current]),
    ).toEqual([
      [0, 'OLD2018', 'MEX', '2018-02-05', '2024-04-10', 'day', false],
      [1, 'NEW2024', 'MEX', '2024-04-10', null, 'day', true],
    ]);
    expect(body).toMatchObject({
      status: 'completed',
      message: null,
      niv: CASE.caseVin,
      summary: { plate_count: 2, current_plate: 'NEW2024', chain_scope: PLATE_CHAIN_SCOPE, generated_at: NOW.toISOString() },
    });
  });

  it('takes predecessor_plate from the portal previous plates, adding an undocumented predecessor before its successor', () => {
    const body = build([entry('NEW2024', '10/04/2024', { previous_plate: 'PRV-10-10' }), entry('MID2020', '01/01/2020')]);
    expect(body.chain.map((l) => [l.plate, l.predecessor_plate, l.documents.length, l.period_precision])).toEqual([
      ['MID2020', null, 1, 'day'],
      ['PRV1010', null, 0, 'day'],
      ['NEW2024', 'PRV1010', 1, 'day'],
    ]);
  });

  it('a portal predecessor comes first even when its documents are newer', () => {
    const body = build([entry('CUR0001', '01/01/2020', { previous_plate: 'PRE0001' }), entry('PRE0001', '01/01/2022')]);
    expect(body.chain.map((l) => [l.plate, l.period_start, l.period_end, l.is_current])).toEqual([
      ['PRE0001', '2022-01-01', '2022-01-01', false],
      ['CUR0001', '2020-01-01', null, true],
    ]);
  });

  it('lists each document as evidence with its fields', () => {
    const e = entry('ABC1234', '03/07/2022', { folio: 'F-77', valid_until: '03/07/2025', document_type: 'tax_payment' });
    const [link] = build([e]).chain;
    expect(link.documents).toEqual([
      {
        file_id: e.file_id,
        ocr_id: e.ocr_id,
        source_kind: 'ocr',
        document_type: 'tax_payment',
        field_name: 'placa',
        plate: 'ABC1234',
        folio: 'F-77',
        issued_at: '2022-07-03',
        date_source: 'document_field',
        valid_until: '2025-07-03',
        owner_name: 'ANA LOPEZ',
        niv: CASE.caseVin,
        niv_matches_case_niv: true,
        file_url: `https://files.test/${e.file_id}`,
      },
    ]);
  });

  it.each<[string, string | null, string | null, boolean]>([
    ['niv_matches_case_niv: true when the niv equals the case VIN', CASE.caseVin, CASE.caseVin, true],
    ['niv_matches_case_niv: true when a partial niv is a suffix of the case VIN', 'KP042788', CASE.caseVin, true],
    ['niv_matches_case_niv: false when the niv is empty', null, CASE.caseVin, false],
    ['niv_matches_case_niv: false when the case has no VIN', CASE.caseVin, null, false],
  ])('%s', (_name, niv, caseVin, expected) => {
    expect(build([entry('ABC1234', '01/01/2022', { niv })], caseVin).chain[0].documents[0].niv_matches_case_niv).toBe(expected);
  });

  it('leaves out a plate whose documents all belong to another VIN, and flags the odd document of a mixed plate', () => {
    const body = build([
      entry('OTH0001', '01/01/2023', { niv: '3VWFE21C04M000001' }),
      entry('ABC1234', '01/01/2022'),
      entry('ABC1234', '01/01/2021', { niv: '3VWFE21C04M000001' }),
    ]);
    expect(body.chain.map((l) => l.plate)).toEqual(['ABC1234']);
    expect(body.chain[0].documents.map((d) => [d.issued_at, d.niv_matches_case_niv])).toEqual([
      ['2021-01-01', false],
      ['2022-01-01', true],
    ]);
  });

  it('places undated plates first, with unknown periods, and an empty case gives an empty completed chain', () => {
    const body = build([entry('DAT0001', '01/01/2022'), entry('UND0001', '', { document_type: 'vehicle_plate' })]);
    expect(body.chain.map((l) => [l.plate, l.period_start, l.period_end, l.period_precision])).toEqual([
      ['UND0001', null, '2022-01-01', 'day'],
      ['DAT0001', '2022-01-01', null, 'day'],
    ]);
    expect(body.chain[0].documents[0]).toMatchObject({ issued_at: null, date_source: null });
    const empty = build([]);
    expect(empty).toMatchObject({ status: 'completed', chain: [], summary: { plate_count: 0, current_plate: null } });
    expect(build([entry('UND0001', '')]).chain[0].period_precision).toBe('unknown');
  });
});
