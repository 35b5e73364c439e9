import { describe, expect, it } from 'vitest';
import { ownershipChainResponseSchema, plateChainResponseSchema } from './chains.js';
import { CHAIN_MESSAGES } from './messages.js';

const CASE_ID = '0b7e6f0e-3d6c-4c55-9d0e-7f1f4f1e2a10';
const FILE_ID = '6a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('plate chain', () => {
  it('accepts the immediate POST answer', () => {
    const body = {
      case_id: CASE_ID,
      internal_id: 'EXP-1',
      niv: null,
      summary: null,
      chain: [],
      status: 'processing',
      message: CHAIN_MESSAGES.PLATE_CHAIN_GENERATING,
    };
    expect(plateChainResponseSchema.parse(body)).toEqual(body);
  });

  it('accepts a completed chain and checks its period dates', () => {
    const link = {
      sequence_index: 0,
      plate: 'ABC1234',
      entity: 'MEX',
      period_start: '2019-01-15',
      period_end: null,
      period_precision: 'day',
      is_current: true,
      predecessor_plate: null,
      documents: [
        {
          file_id: FILE_ID,
          ocr_id: FILE_ID,
          source_kind: 'ocr',
          document_type: 'tax_payment',
          field_name: 'placa',
          plate: 'ABC1234',
          folio: null,
          issued_at: '2019-01-15',
          date_source: 'document_field',
          valid_until: null,
          owner_name: null,
          niv: '1M8GDM9AXKP042788',
          niv_matches_case_niv: true,
          file_url: 'http://localhost/files/a.pdf',
        },
      ],
    };
    const body = {
      case_id: CASE_ID,
      internal_id: 'EXP-1',
      niv: '1M8GDM9AXKP042788',
      summary: { plate_count: 1, current_plate: 'ABC1234', chain_scope: 'edomex_only', generated_at: '2026-01-01T00:00:00Z' },
      chain: [link],
      status: 'completed',
      message: null,
    };
    expect(plateChainResponseSchema.safeParse(body).success).toBe(true);
    expect(plateChainResponseSchema.safeParse({ ...body, chain: [{ ...link, period_start: '15/01/2019' }] }).success).toBe(false);
    expect(plateChainResponseSchema.safeParse({ ...body, summary: { ...body.summary, chain_scope: 'national' } }).success).toBe(false);
  });
});

describe('ownership chain', () => {
  const base = {
    case_id: CASE_ID,
    internal_id: 'EXP-1',
    summary: {
      owner_count: 1,
      gap_count: 1,
      current_owner: 'ACME SA DE CV',
      chain_pivot: 'invoice_original',
      generated_at: '2026-01-01T00:00:00Z',
    },
    status: 'completed',
    message: null,
  };

  it('keeps unknown keys of chain and gap items and needs none of the listed ones', () => {
    const body = {
      ...base,
      chain: [{ display_name: 'ACME SA DE CV', person_type: 'moral', confidence: 0.9 }, {}],
      gaps: [{ gap_type: 'untraceable_transfer', related_sequence_indexes: [0, 1], severity: 'high' }],
    };
    const parsed = ownershipChainResponseSchema.parse(body);
    expect(parsed.chain[0]).toEqual({ display_name: 'ACME SA DE CV', person_type: 'moral', confidence: 0.9 });
    expect(parsed.gaps[0]).toMatchObject({ severity: 'high' });
  });

  it('still types the listed keys', () => {
    expect(ownershipChainResponseSchema.safeParse({ ...base, chain: [{ is_current: 'yes' }], gaps: [] }).success).toBe(false);
    expect(ownershipChainResponseSchema.safeParse({ ...base, chain: [], gaps: [{ related_sequence_indexes: ['a'] }] }).success).toBe(false);
  });

  it('accepts an empty completed chain', () => {
    expect(ownershipChainResponseSchema.safeParse({ ...base, chain: [], gaps: [] }).success).toBe(true);
  });
});
