import { describe, expect, it } from 'vitest';
import { TAX_MESSAGES } from './messages.js';
import { taxesResponseSchema, taxesStartResponseSchema } from './taxes.js';

const mainRow = {
  fiscal_year: 2026,
  plate_number: 'ABC1234',
  state: 'MEX',
  document: { status: 'warning', message: TAX_MESSAGES.RECEIPT_PENDING },
  source: { status: 'warning', message: TAX_MESSAGES.WITH_DEBT },
  payment_date: null,
  total: '$1,234.50',
};
const otherRow = {
  plate_number: 'XYZ987',
  state: 'MEX',
  fiscal_year: null,
  status: { status: 'processing', message: TAX_MESSAGES.PLATE_NEVER_QUERIED },
  payment_date: null,
  total: null,
};

describe('taxes response', () => {
  it('accepts both blocks', () => {
    const body = {
      main_tax: { message: null, status: 'completed', result: [mainRow] },
      taxes: { message: TAX_MESSAGES.NO_LOOKUP_YET, status: 'processing', result: [otherRow] },
    };
    expect(taxesResponseSchema.parse(body)).toEqual(body);
  });

  it('has no document cell in the taxes block and a single status cell', () => {
    const body = {
      main_tax: { message: null, status: 'completed', result: [] },
      taxes: { message: null, status: 'completed', result: [{ ...otherRow, status: 'Con adeudo' }] },
    };
    expect(taxesResponseSchema.safeParse(body).success).toBe(false);
  });

  it('refuses a cell status outside success, warning, failed, processing', () => {
    const body = {
      main_tax: { message: null, status: 'completed', result: [{ ...mainRow, source: { status: 'error', message: 'x' } }] },
      taxes: { message: null, status: 'completed', result: [] },
    };
    expect(taxesResponseSchema.safeParse(body).success).toBe(false);
  });

  it('refuses a block status other than completed or processing', () => {
    const body = {
      main_tax: { message: null, status: 'pending', result: [] },
      taxes: { message: null, status: 'completed', result: [] },
    };
    expect(taxesResponseSchema.safeParse(body).success).toBe(false);
  });

  it('starts with {job_id, plates, status: pending}', () => {
    const body = { job_id: '0b7e6f0e-3d6c-4c55-9d0e-7f1f4f1e2a10', plates: ['ABC1234'], status: 'pending' };
    expect(taxesStartResponseSchema.parse(body)).toEqual(body);
    expect(taxesStartResponseSchema.safeParse({ ...body, status: 'processing' }).success).toBe(false);
  });
});
