import {
  invoicesResponseSchema,
  ownershipChainResponseSchema,
  plateChainResponseSchema,
  platesResponseSchema,
  rapiResponseSchema,
  taxesResponseSchema,
  ticketsResponseSchema,
} from '@vcase/shared';
import { describe, expect, it } from 'vitest';
import * as f from './helpers/fixtures.js';

/** The rendering fixtures must be bodies the server could send: checked with the shared schemas. */
describe('fixtures follow the shared schemas', () => {
  it.each([
    ['plates', platesResponseSchema, f.plates],
    ['chain_plates', plateChainResponseSchema, f.chainPlates],
    ['ownership_chain', ownershipChainResponseSchema, f.ownership],
    ['taxes', taxesResponseSchema, f.taxes],
    ['tickets', ticketsResponseSchema, f.tickets],
    ['invoices', invoicesResponseSchema, f.invoices],
    ['rapi', rapiResponseSchema, f.rapi('completed', { tiene_reporte: false })],
  ] as const)('%s', (_name, schema, body) => {
    const parsed = (schema as { safeParse(v: unknown): { success: boolean; error?: unknown } }).safeParse(body);
    expect(parsed.error).toBeUndefined();
    expect(parsed.success).toBe(true);
  });
});
