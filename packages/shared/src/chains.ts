import * as z from 'zod';
import { timestamp, uuid } from './common.js';
import { chainStatusSchema } from './enums.js';

/** `YYYY-MM-DD` date, as the plate chain periods use. */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'debe tener el formato AAAA-MM-DD');

/** Value of `summary.chain_scope` (contract §2.5). */
export const PLATE_CHAIN_SCOPE = 'edomex_only';

/** Source document of a link in the plate chain (contract §2.5). Types the contract leaves open are nullable. */
export const plateChainDocumentSchema = z.object({
  file_id: uuid,
  ocr_id: uuid.nullable(),
  /** e.g. `ocr`. */
  source_kind: z.string(),
  document_type: z.string().nullable(),
  field_name: z.string().nullable(),
  plate: z.string(),
  folio: z.string().nullable(),
  issued_at: z.string().nullable(),
  /** e.g. `document_field`. */
  date_source: z.string().nullable(),
  valid_until: z.string().nullable(),
  owner_name: z.string().nullable(),
  niv: z.string().nullable(),
  niv_matches_case_niv: z.boolean(),
  file_url: z.string().nullable(),
});
export type PlateChainDocument = z.infer<typeof plateChainDocumentSchema>;

/** One plate in the chain; `sequence_index` 0 is the oldest. */
export const plateChainLinkSchema = z.object({
  sequence_index: z.number().int().min(0),
  plate: z.string(),
  entity: z.string(),
  period_start: isoDate.nullable(),
  period_end: isoDate.nullable(),
  /** e.g. `day`. */
  period_precision: z.string(),
  is_current: z.boolean(),
  predecessor_plate: z.string().nullable(),
  documents: z.array(plateChainDocumentSchema),
});
export type PlateChainLink = z.infer<typeof plateChainLinkSchema>;

export const plateChainSummarySchema = z.object({
  plate_count: z.number().int(),
  current_plate: z.string().nullable(),
  chain_scope: z.literal(PLATE_CHAIN_SCOPE),
  generated_at: timestamp,
});
export type PlateChainSummary = z.infer<typeof plateChainSummarySchema>;

/**
 * GET and POST /v1/cases/{case_id}/chain_plates (contract §2.5, §4.3). With `status`
 * `processing` or `pending`, `summary` is null and `chain` is `[]`.
 */
export const plateChainResponseSchema = z.object({
  case_id: uuid,
  internal_id: z.string(),
  /** The case's consolidated VIN. */
  niv: z.string().nullable(),
  summary: plateChainSummarySchema.nullable(),
  chain: z.array(plateChainLinkSchema),
  status: chainStatusSchema,
  message: z.string().nullable(),
});
export type PlateChainResponse = z.infer<typeof plateChainResponseSchema>;

export const ownershipChainSummarySchema = z.object({
  owner_count: z.number().int(),
  gap_count: z.number().int(),
  current_owner: z.string().nullable(),
  /** e.g. `invoice_original`. */
  chain_pivot: z.string(),
  generated_at: timestamp,
});
export type OwnershipChainSummary = z.infer<typeof ownershipChainSummarySchema>;

/** Document an owner link comes from; open like the link itself. */
export const ownershipSourceDocumentSchema = z.looseObject({
  document_type: z.string().nullable().optional(),
  folio: z.string().nullable().optional(),
  file_id: uuid.nullable().optional(),
});

/**
 * One owner in the ownership chain. The field set is not fixed (contract §2.6, §9): the
 * keys seen are typed and optional, and any other key is kept.
 */
export const ownershipChainLinkSchema = z.looseObject({
  sequence_index: z.number().int().min(0).optional(),
  display_name: z.string().nullable().optional(),
  /** e.g. `moral`. */
  person_type: z.string().nullable().optional(),
  role_label: z.string().nullable().optional(),
  is_current: z.boolean().optional(),
  acquired_at: z.string().nullable().optional(),
  transferred_at: z.string().nullable().optional(),
  /** e.g. `matched`. */
  match_status: z.string().nullable().optional(),
  /** Shape not shown by the contract. */
  link_to_previous: z.unknown().optional(),
  source_document: ownershipSourceDocumentSchema.nullable().optional(),
});
export type OwnershipChainLink = z.infer<typeof ownershipChainLinkSchema>;

/** A break in the ownership chain; open like the links. */
export const ownershipGapSchema = z.looseObject({
  gap_id: z.string().optional(),
  /** e.g. `untraceable_transfer`. */
  gap_type: z.string().optional(),
  from_owner: z.string().nullable().optional(),
  to_owner: z.string().nullable().optional(),
  related_sequence_indexes: z.array(z.number().int()).optional(),
});
export type OwnershipGap = z.infer<typeof ownershipGapSchema>;

/**
 * GET and POST /v1/cases/{case_id}/ownership_chain (contract §2.6, §4.3). With `status`
 * `processing` or `pending`, `summary` is null and `chain` and `gaps` are `[]`; with
 * `completed`, an empty `chain` is a legitimate result.
 */
export const ownershipChainResponseSchema = z.object({
  case_id: uuid,
  internal_id: z.string(),
  summary: ownershipChainSummarySchema.nullable(),
  chain: z.array(ownershipChainLinkSchema),
  gaps: z.array(ownershipGapSchema),
  status: chainStatusSchema,
  message: z.string().nullable(),
});
export type OwnershipChainResponse = z.infer<typeof ownershipChainResponseSchema>;
