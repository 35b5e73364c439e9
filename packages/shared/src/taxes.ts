import * as z from 'zod';
import { blockStatusSchema } from './enums.js';
import { plateLookupStartResponseSchema, rowStatusSchema, sourceAmountSchema, type PlateLookupStartResponse } from './tickets.js';

/** A `{status, message}` cell (contract §4.7). */
export const taxCellSchema = z.object({
  status: rowStatusSchema,
  message: z.string(),
});
export type TaxCell = z.infer<typeof taxCellSchema>;

/** Number of fiscal years in the `main_tax` grid: current plus 4 back (contract §8). */
export const MAIN_TAX_YEARS = 5;

/** Row of `main_tax.result`: one per fiscal year of the grid, descending. */
export const mainTaxRowSchema = z.object({
  fiscal_year: z.number().int(),
  plate_number: z.string(),
  /** Abbreviated entity of the plate. */
  state: z.string().nullable(),
  /** Whether a tenencia receipt for the plate declares the year. */
  document: taxCellSchema,
  /** What the state's portal says for the year. */
  source: taxCellSchema,
  payment_date: z.string().nullable(),
  total: sourceAmountSchema,
});
export type MainTaxRow = z.infer<typeof mainTaxRowSchema>;

/** Row of `taxes.result`: one per fiscal year reported for a plate other than the main one. */
export const taxRowSchema = z.object({
  plate_number: z.string(),
  state: z.string().nullable(),
  /** Null when neither source reported anything for the plate. */
  fiscal_year: z.number().int().nullable(),
  status: taxCellSchema,
  payment_date: z.string().nullable(),
  total: sourceAmountSchema,
});
export type TaxRow = z.infer<typeof taxRowSchema>;

function taxBlockOf<T extends z.ZodType>(row: T) {
  return z.object({
    message: z.string().nullable(),
    status: blockStatusSchema,
    result: z.array(row),
  });
}

export const mainTaxBlockSchema = taxBlockOf(mainTaxRowSchema);
export type MainTaxBlock = z.infer<typeof mainTaxBlockSchema>;
export const taxesBlockSchema = taxBlockOf(taxRowSchema);
export type TaxesBlock = z.infer<typeof taxesBlockSchema>;

/** GET /v1/cases/{case_id}/taxes (contract §4.7). */
export const taxesResponseSchema = z.object({
  main_tax: mainTaxBlockSchema,
  taxes: taxesBlockSchema,
});
export type TaxesResponse = z.infer<typeof taxesResponseSchema>;

/** POST /v1/cases/{case_id}/taxes, 202. */
export const taxesStartResponseSchema = plateLookupStartResponseSchema;
export type TaxesStartResponse = PlateLookupStartResponse;
