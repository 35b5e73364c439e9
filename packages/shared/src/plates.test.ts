import { describe, expect, it } from 'vitest';
import { ENTITY_CODES, PLATE_SOURCE_DOCUMENT_TYPES, PLATE_STATUSES, plateEntrySchema, platesResponseSchema } from './plates.js';

const entry = {
  plate: 'ABC1234',
  entity: 'MEX',
  document_type: 'tax_payment',
  document_date: '15/01/2024',
  file_id: '0b7e6f0e-3d6c-4c55-9d0e-7f1f4f1e2a10',
  ocr_id: '6a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  niv: 'KP042788',
  motor_number: null,
  owner_name: null,
  plate_status: 'Vigente',
  plate_valid_from: '01/01/2020',
  plate_valid_until: null,
  previous_plate: null,
  previous_plate_lookup_status: 'pending',
};

describe('plate entry', () => {
  it('accepts a contract entry', () => {
    expect(plateEntrySchema.parse(entry)).toEqual(entry);
    expect(platesResponseSchema.safeParse({ case_id: entry.file_id, internal_id: 'EXP-1', plates: [entry] }).success).toBe(true);
  });

  it('takes null as previous_plate_lookup_status and refuses other values', () => {
    expect(plateEntrySchema.safeParse({ ...entry, previous_plate_lookup_status: null }).success).toBe(true);
    expect(plateEntrySchema.safeParse({ ...entry, previous_plate_lookup_status: 'none' }).success).toBe(false);
  });

  it('limits plate_status and source document types to the contract values', () => {
    expect(PLATE_STATUSES).toEqual(['Vigente', 'Vencida', 'Inactiva']);
    expect(plateEntrySchema.safeParse({ ...entry, plate_status: 'Activa' }).success).toBe(false);
    expect(PLATE_SOURCE_DOCUMENT_TYPES).toHaveLength(7);
    expect(plateEntrySchema.safeParse({ ...entry, document_type: 'invoice' }).success).toBe(false);
  });

  it('checks validity dates as DD/MM/YYYY', () => {
    expect(plateEntrySchema.safeParse({ ...entry, plate_valid_until: '2025-01-01' }).success).toBe(false);
  });
});

describe('entity codes', () => {
  it('has the 32 three-letter codes, unique', () => {
    expect(ENTITY_CODES).toHaveLength(32);
    expect(new Set(ENTITY_CODES).size).toBe(32);
    expect(ENTITY_CODES.every((c) => /^[A-Z]{3}$/.test(c))).toBe(true);
    expect(ENTITY_CODES).toEqual(expect.arrayContaining(['MEX', 'NLE', 'JAL', 'CMX']));
  });
});
