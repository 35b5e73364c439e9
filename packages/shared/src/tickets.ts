import * as z from 'zod';
import { uuid } from './common.js';
import { blockStatusSchema } from './enums.js';

/** Status of a tickets row or a tenencia cell (contract §2.12, §4.7). */
export const ROW_STATUSES = ['success', 'warning', 'processing', 'failed'] as const;
export const rowStatusSchema = z.enum(ROW_STATUSES);
export type RowStatus = z.infer<typeof rowStatusSchema>;

/** An amount exactly as the source reports it: a number, a formatted string, or null. */
export const sourceAmountSchema = z.union([z.number(), z.string(), z.null()]);
export type SourceAmount = z.infer<typeof sourceAmountSchema>;

/** A row of `result`: exactly six keys (contract §2.12). */
export const ticketRowSchema = z.strictObject({
  plate_number: z.string(),
  /** Null when unknown. */
  state: z.string().nullable(),
  ticket_date: z.string().nullable(),
  /** Exactly as the source reports it (operator-surface §3: any JSON value); null when absent. */
  amount: z.unknown(),
  status: rowStatusSchema,
  message: z.string(),
});
export type TicketRow = z.infer<typeof ticketRowSchema>;

/** GET /v1/cases/{case_id}/tickets (contract §4.5): main plate first. */
export const ticketsResponseSchema = z.object({
  case_id: uuid,
  status: blockStatusSchema,
  message: z.string().nullable(),
  result: z.array(ticketRowSchema),
});
export type TicketsResponse = z.infer<typeof ticketsResponseSchema>;

/** 202 of the POSTs that look up every plate of the case (tickets, taxes). */
export const plateLookupStartResponseSchema = z.object({
  job_id: uuid,
  plates: z.array(z.string()),
  status: z.literal('pending'),
});
export type PlateLookupStartResponse = z.infer<typeof plateLookupStartResponseSchema>;

/** POST /v1/cases/{case_id}/tickets, 202. */
export const ticketsStartResponseSchema = plateLookupStartResponseSchema;
export type TicketsStartResponse = PlateLookupStartResponse;
