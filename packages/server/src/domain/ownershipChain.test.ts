import { CHAIN_MESSAGES, ownershipChainResponseSchema } from '@vcase/shared';
import { describe, expect, it } from 'vitest';
import { consolidateNames } from './names.js';
import { buildOwnershipChain, ownershipChainPending } from './ownershipChain.js';
import type { OwnershipDocument } from './ownershipEvents.js';
import { OWNER_ROLE_LABELS } from './ownershipWalk.js';
import { samePerson } from './names.js';

const CASE = { caseId: '6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60', internalId: 'EXP-1' };
const NOW = new Date('2026-09-01T12:00:00.000Z');
let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

const DEALER = 'Autos del Norte S.A. de C.V.';
const doc = (document_type: string, parsed_data: Record<string, unknown>): OwnershipDocument => ({
  file_id: uuid(),
  document_type,
  parsed_data,
});
const invoice = (emisor: string | null, receptor: string, fecha: string, extra: Record<string, unknown> = {}) =>
  doc('factura', { nombre_emisor: emisor, nombre_receptor: receptor, fecha_emision: fecha, folio_fiscal: `FOLIO-${fecha}`, ...extra });

const build = (documents: OwnershipDocument[], names?: Parameters<typeof buildOwnershipChain>[0]['names']) => {
  const body = buildOwnershipChain({ ...CASE, documents, names, now: NOW });
  ownershipChainResponseSchema.parse(body);
  return body;
};
const owners = (body: ReturnType<typeof build>) => body.chain.map((l) => [l.display_name, l.match_status, l.is_current]);

describe('ownership chain (contract §2.6, §4.3)', () => {
  it.each([
    ['processing', CHAIN_MESSAGES.OWNERSHIP_CHAIN_GENERATING],
    ['pending', null],
  ] as const)('status %s: summary null, chain and gaps [], message %s', (status, message) => {
    expect(ownershipChainPending(CASE, status)).toEqual({
      case_id: CASE.caseId,
      internal_id: 'EXP-1',
      summary: null,
      chain: [],
      gaps: [],
      status,
      message,
    });
  });

  it('pivots on the original invoice: the issuer (a dealer, persona moral) then the receiver as first owner', () => {
    const inv = invoice(DEALER, 'Ana López Pérez', '15/01/2019');
    const body = build([inv]);
    expect(body.chain).toEqual([
      {
        sequence_index: 0,
        display_name: DEALER,
        person_type: 'moral',
        role_label: OWNER_ROLE_LABELS.ISSUER,
        is_current: false,
        acquired_at: null,
        transferred_at: '2019-01-15',
        match_status: 'origin',
        link_to_previous: null,
        source_document: { document_type: 'factura', folio: 'FOLIO-15/01/2019', file_id: inv.file_id },
      },
      {
        sequence_index: 1,
        display_name: 'Ana López Pérez',
        person_type: 'fisica',
        role_label: OWNER_ROLE_LABELS.FIRST_OWNER,
        is_current: true,
        acquired_at: '2019-01-15',
        transferred_at: null,
        match_status: 'matched',
        link_to_previous: { transfer_type: 'invoice_original', from_owner: DEALER, date: '2019-01-15' },
        source_document: { document_type: 'factura', folio: 'FOLIO-15/01/2019', file_id: inv.file_id },
      },
    ]);
    expect(body.summary).toEqual({
      owner_count: 2,
      gap_count: 0,
      current_owner: 'Ana López Pérez',
      chain_pivot: 'invoice_original',
      generated_at: NOW.toISOString(),
    });
    expect(body.gaps).toEqual([]);
  });

  it('takes the oldest invoice as the original, whatever the document order', () => {
    const body = build([invoice('ANA LOPEZ PEREZ', 'Luis Gómez', '01/03/2022'), invoice(DEALER, 'Ana López Pérez', '15/01/2019')]);
    expect(owners(body)).toEqual([
      [DEALER, 'origin', false],
      ['Ana López Pérez', 'matched', false],
      ['Luis Gómez', 'matched', true],
    ]);
    expect(body.chain[2]).toMatchObject({
      role_label: OWNER_ROLE_LABELS.REINVOICE,
      link_to_previous: { transfer_type: 'reinvoice', from_owner: 'Ana López Pérez' },
    });
  });

  it('match_status matched: an endorsement whose `de` is the previous owner by folded name', () => {
    const body = build([
      invoice(DEALER, 'Ana López Pérez', '15/01/2019', {
        endosos: [
          { de: 'ANA LOPEZ PEREZ', a: 'Luis Gómez', fecha: '10/10/2020' },
          { de: 'luis gomez', a: 'Marta Ruiz', fecha: '05/05/2023' },
        ],
      }),
    ]);
    expect(owners(body)).toEqual([
      [DEALER, 'origin', false],
      ['Ana López Pérez', 'matched', false],
      ['Luis Gómez', 'matched', false],
      ['Marta Ruiz', 'matched', true],
    ]);
    expect(body.chain.map((l) => [l.acquired_at, l.transferred_at])).toEqual([
      [null, '2019-01-15'],
      ['2019-01-15', '2020-10-10'],
      ['2020-10-10', '2023-05-05'],
      ['2023-05-05', null],
    ]);
    expect(body.chain[2]).toMatchObject({
      role_label: OWNER_ROLE_LABELS.ENDORSEMENT,
      link_to_previous: { transfer_type: 'endorsement', from_owner: 'Ana López Pérez', date: '2020-10-10' },
    });
  });

  it('gap untraceable_transfer: an endorsement whose `de` is not the previous owner', () => {
    const body = build([
      invoice(DEALER, 'Ana López', '15/01/2019', { endosos: [{ de: 'Pedro Sánchez', a: 'Luis Gómez', fecha: '10/10/2020' }] }),
    ]);
    expect(owners(body)).toEqual([
      [DEALER, 'origin', false],
      ['Ana López', 'matched', false],
      ['Pedro Sánchez', 'unmatched', false],
      ['Luis Gómez', 'matched', true],
    ]);
    expect(body.chain[2]).toMatchObject({
      role_label: OWNER_ROLE_LABELS.UNTRACEABLE,
      acquired_at: null,
      link_to_previous: { transfer_type: 'untraceable', from_owner: 'Ana López', date: null },
    });
    expect(body.gaps).toEqual([
      {
        gap_id: 'gap-1',
        gap_type: 'untraceable_transfer',
        from_owner: 'Ana López',
        to_owner: 'Pedro Sánchez',
        related_sequence_indexes: [1, 2],
      },
    ]);
    expect(body.summary).toMatchObject({ owner_count: 4, gap_count: 1, current_owner: 'Luis Gómez' });
  });

  it('current owner from the newest evidence: a title naming someone new adds them with a gap', () => {
    const title = doc('certificate_title', { propietario: 'MARTA RUIZ', fecha_documento: '01/02/2024' });
    const body = build([invoice(DEALER, 'Ana López', '15/01/2019'), title]);
    expect(owners(body).at(-1)).toEqual(['MARTA RUIZ', 'unmatched', true]);
    expect(body.chain.at(-1)).toMatchObject({
      role_label: OWNER_ROLE_LABELS.EVIDENCE,
      source_document: { document_type: 'certificate_title', file_id: title.file_id },
    });
    expect(body.gaps).toMatchObject([{ from_owner: 'Ana López', to_owner: 'MARTA RUIZ', related_sequence_indexes: [1, 2] }]);
  });

  it('evidence naming the current owner confirms it; evidence naming an earlier owner is stale', () => {
    const body = build([
      invoice(DEALER, 'Ana López', '15/01/2019', { endosos: [{ de: 'Ana López', a: 'Luis Gómez', fecha: '10/10/2020' }] }),
      doc('tax_payment', { propietario: 'ANA LOPEZ', fecha_pago: '01/03/2022' }),
      doc('ine', { nombre: 'LUIS', apellido_paterno: 'GOMEZ' }),
    ]);
    expect(owners(body)).toEqual([
      [DEALER, 'origin', false],
      ['Ana López', 'matched', false],
      ['Luis Gómez', 'matched', true],
    ]);
    expect(body.gaps).toEqual([]);
  });

  it('an ID card of a new person, undated, speaks for the present', () => {
    const body = build([
      invoice(DEALER, 'Ana López', '15/01/2019'),
      doc('ine', { nombre: 'SOFIA', apellido_paterno: 'DIAZ', apellido_materno: 'MORA' }),
    ]);
    expect(body.summary?.current_owner).toBe('SOFIA DIAZ MORA');
    expect(body.summary?.gap_count).toBe(1);
  });

  it('the PDF and the XML of one invoice do not duplicate owners', () => {
    const body = build([
      invoice(DEALER, 'Ana López', '15/01/2019', { endosos: [{ de: 'Ana López', a: 'Luis Gómez', fecha: '10/10/2020' }] }),
      { ...invoice('AUTOS DEL NORTE SA DE CV', 'ANA LOPEZ', '15/01/2019'), document_type: 'factura_xml' },
    ]);
    expect(body.summary).toMatchObject({ owner_count: 3, gap_count: 0, current_owner: 'Luis Gómez' });
  });

  it('display_name and person_type come from the names consolidation when it holds the name', () => {
    const names = consolidateNames([{ file_id: 'x', document_type: 'ine', field: 'nombre', name: 'Ana María López' }]);
    const body = build([invoice(DEALER, 'ANA MARIA LOPEZ', '15/01/2019')], names);
    expect(body.chain[1].display_name).toBe('Ana María López');
  });

  it('without an invoice the chain starts at the oldest evidence (`earliest_evidence`)', () => {
    const body = build([
      doc('tax_payment', { propietario: 'LUIS GOMEZ', fecha_pago: '01/03/2023' }),
      doc('certificate_title', { propietario: 'ANA LOPEZ', fecha_documento: '01/02/2020' }),
    ]);
    expect(owners(body)).toEqual([
      ['ANA LOPEZ', 'origin', false],
      ['LUIS GOMEZ', 'unmatched', true],
    ]);
    expect(body.summary).toMatchObject({ chain_pivot: 'earliest_evidence', gap_count: 1 });
  });

  it('an empty chain is a legitimate completed result', () => {
    const body = build([]);
    expect(body).toMatchObject({
      status: 'completed',
      message: null,
      chain: [],
      gaps: [],
      summary: { owner_count: 0, gap_count: 0, current_owner: null },
    });
  });

  it.each([
    ['Autos del Norte, S.A. de C.V.', 'AUTOS DEL NORTE SA DE CV', true],
    ['PEREZ LOPEZ JUAN', 'Juan Pérez López', true],
    ['Juan Pérez', 'Juana Pérez', false],
  ])('names %s and %s are the same owner: %s', (a, b, same) => expect(samePerson(a, b)).toBe(same));
});
