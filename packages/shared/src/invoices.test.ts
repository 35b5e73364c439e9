import { describe, expect, it } from 'vitest';
import { INVOICE_CHECK_KEYS, invoiceCheckSchema, invoiceEntrySchema, invoicesResponseSchema } from './invoices.js';
import { INVOICE_CHECK_MESSAGES } from './messages.js';

const processing = { status: 'processing', message: INVOICE_CHECK_MESSAGES.PROCESSING, result: null, updated_at: null };
const found = {
  status: 'completed',
  message: null,
  result: { estadoCFDI: 'Vigente', folioFiscal: 'A1B2C3D4-0000-4000-8000-000000000000' },
  updated_at: '2026-01-02T03:04:05.000Z',
};
const notFound = { status: 'completed', message: INVOICE_CHECK_MESSAGES.NOT_FOUND, result: null, updated_at: '2026-01-02T03:04:05.000Z' };

describe('invoice check object', () => {
  it.each([
    ['processing', processing],
    ['found', found],
    ['not found', notFound],
  ])('accepts a %s check', (_label, check) => {
    expect(invoiceCheckSchema.parse(check)).toEqual(check);
  });

  it('has exactly status, message, result and updated_at', () => {
    expect(invoiceCheckSchema.safeParse({ ...found, source: 'sat' }).success).toBe(false);
    const { updated_at: _u, ...three } = found;
    expect(invoiceCheckSchema.safeParse(three).success).toBe(false);
  });

  it('keeps message and result mutually exclusive', () => {
    expect(invoiceCheckSchema.safeParse({ ...found, message: 'x' }).success).toBe(false);
    expect(invoiceCheckSchema.safeParse({ ...notFound, message: null }).success).toBe(false);
  });

  it('has updated_at null while processing', () => {
    expect(invoiceCheckSchema.safeParse({ ...processing, updated_at: '2026-01-02T03:04:05.000Z' }).success).toBe(false);
  });
});

describe('invoice entry', () => {
  const fresh = {
    file_id: '0b7e6f0e-3d6c-4c55-9d0e-7f1f4f1e2a10',
    file_url: null,
    data: null,
    updated_at: null,
    ...Object.fromEntries(INVOICE_CHECK_KEYS.map((k) => [k, processing])),
  };

  it('accepts a freshly uploaded invoice with all four checks processing', () => {
    expect(invoiceEntrySchema.parse(fresh)).toEqual(fresh);
    expect(INVOICE_CHECK_KEYS).toEqual(['validate_invoice', 'consulta_pedimento', 'amda_invoice', 'amis']);
  });

  it('requires all four checks, never null', () => {
    expect(invoiceEntrySchema.safeParse({ ...fresh, amis: null }).success).toBe(false);
    const { amda_invoice: _a, ...three } = fresh as Record<string, unknown>;
    expect(invoiceEntrySchema.safeParse(three).success).toBe(false);
  });

  it('reads data fields as {db_field, label, text}', () => {
    const data = { vin: { db_field: 'vin', label: 'NIV', text: '1M8GDM9AXKP042788' } };
    expect(invoiceEntrySchema.parse({ ...fresh, data }).data).toEqual(data);
    expect(invoiceEntrySchema.safeParse({ ...fresh, data: { vin: '1M8GDM9AXKP042788' } }).success).toBe(false);
  });

  it('wraps entries as {case_id, invoices}', () => {
    expect(invoicesResponseSchema.safeParse({ case_id: fresh.file_id, invoices: [] }).success).toBe(true);
  });
});
