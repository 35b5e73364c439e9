import { describe, expect, it } from 'vitest';
import { ROW_STATUSES, ticketRowSchema, ticketsResponseSchema } from './tickets.js';

const row = {
  plate_number: 'ABC1234',
  state: 'MEX',
  ticket_date: '12/03/2024',
  amount: '$1,234.00',
  status: 'warning',
  message: 'No Pagada',
};

describe('tickets row', () => {
  it('accepts exactly the six contract keys', () => {
    expect(Object.keys(ticketRowSchema.shape)).toEqual(['plate_number', 'state', 'ticket_date', 'amount', 'status', 'message']);
    expect(ticketRowSchema.parse(row)).toEqual(row);
  });

  it('rejects a seventh key', () => {
    expect(ticketRowSchema.safeParse({ ...row, job_id: 'x' }).success).toBe(false);
  });

  it('rejects a row missing one of the six keys', () => {
    const { amount: _amount, ...five } = row;
    expect(ticketRowSchema.safeParse(five).success).toBe(false);
  });

  it('keeps the amount as the source reports it, or null', () => {
    expect(ticketRowSchema.parse({ ...row, amount: 1234.5 }).amount).toBe(1234.5);
    expect(ticketRowSchema.parse({ ...row, amount: null, ticket_date: null, state: null }).amount).toBeNull();
  });

  it('allows only the four row statuses', () => {
    expect(ROW_STATUSES).toEqual(['success', 'warning', 'processing', 'failed']);
    expect(ticketRowSchema.safeParse({ ...row, status: 'completed' }).success).toBe(false);
  });
});

describe('tickets response', () => {
  it('accepts an empty completed result with a message', () => {
    const body = {
      case_id: '0b7e6f0e-3d6c-4c55-9d0e-7f1f4f1e2a10',
      status: 'completed',
      message: 'No se encontraron the service registradas',
      result: [],
    };
    expect(ticketsResponseSchema.parse(body)).toEqual(body);
  });

  it('refuses a job status that is not a block status', () => {
    expect(
      ticketsResponseSchema.safeParse({
        case_id: '0b7e6f0e-3d6c-4c55-9d0e-7f1f4f1e2a10',
        status: 'pending',
        message: null,
        result: [],
      }).success,
    ).toBe(false);
  });
});
