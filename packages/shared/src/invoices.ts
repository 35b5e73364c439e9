import * as z from 'zod';
import { jsonObject, uuid } from './common.js';

/** The four background checks of every invoice (contract §2.14, §4.8). */
export const INVOICE_CHECK_KEYS = ['validate_invoice', 'consulta_pedimento', 'amda_invoice', 'amis'] as const;
export type InvoiceCheckKey = (typeof INVOICE_CHECK_KEYS)[number];

export const INVOICE_CHECK_STATUSES = ['processing', 'completed'] as const;
export const invoiceCheckStatusSchema = z.enum(INVOICE_CHECK_STATUSES);

/**
 * A check object: exactly these four keys. `message` and `result` are mutually exclusive,
 * and `updated_at` is null while `processing`.
 */
export const invoiceCheckSchema = z
  .strictObject({
    status: invoiceCheckStatusSchema,
    message: z.string().nullable(),
    /** Only keys that carry data. */
    result: jsonObject.nullable(),
    updated_at: z.string().nullable(),
  })
  .refine((c) => (c.result === null) !== (c.message === null), {
    message: 'exactly one of message or result must be set',
  })
  .refine((c) => c.status !== 'processing' || c.updated_at === null, {
    message: 'updated_at must be null while processing',
    path: ['updated_at'],
  });
export type InvoiceCheck = z.infer<typeof invoiceCheckSchema>;

/** One sanitized OCR field of an invoice. */
export const invoiceFieldSchema = z.object({
  db_field: z.string(),
  label: z.string(),
  text: z.string().nullable(),
});
export type InvoiceField = z.infer<typeof invoiceFieldSchema>;

/** One invoice document of the case (contract §2.14). */
export const invoiceEntrySchema = z.object({
  file_id: uuid,
  file_url: z.string().nullable(),
  data: z.record(z.string(), invoiceFieldSchema).nullable(),
  /** Last OCR update. */
  updated_at: z.string().nullable(),
  validate_invoice: invoiceCheckSchema,
  consulta_pedimento: invoiceCheckSchema,
  amda_invoice: invoiceCheckSchema,
  amis: invoiceCheckSchema,
});
export type InvoiceEntry = z.infer<typeof invoiceEntrySchema>;

/** GET /v1/cases/{case_id}/invoices: newest first, active and inactive, not paginated. */
export const invoicesResponseSchema = z.object({
  case_id: uuid,
  invoices: z.array(invoiceEntrySchema),
});
export type InvoicesResponse = z.infer<typeof invoicesResponseSchema>;
