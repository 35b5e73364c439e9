import * as z from 'zod';
import { jsonObject, timestamp, uuid, queryInt } from './common.js';
import { limitedJsonObject, METADATA_LIMITS } from './jsonLimits.js';
import { jobStatusSchema, vehicleOriginSchema } from './enums.js';
import { CASES_PAGE, pageOf, pageQuery } from './pagination.js';

/** Case list item (contract §2.1). */
export const caseListItemSchema = z.object({
  case_id: uuid,
  internal_id: z.string(),
  review_status: z.string().nullable(),
  use_case_id: uuid.nullable(),
  user_id_added_by: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: timestamp,
  active: z.boolean(),
});
export type CaseListItem = z.infer<typeof caseListItemSchema>;

/**
 * The longest `internal_id` a case may have, and a filter may name: a client's own reference
 * (the contract states no limit; 1 MiB was accepted and echoed in every list and webhook).
 */
export const MAX_INTERNAL_ID_LENGTH = 200;
const tooLongInternalId = `internal_id admite como máximo ${MAX_INTERNAL_ID_LENGTH} caracteres`;

export const caseListQuerySchema = pageQuery(CASES_PAGE.defaultLimit, CASES_PAGE.maxLimit).extend({
  internal_id: z.string().max(MAX_INTERNAL_ID_LENGTH, tooLongInternalId).optional(),
  vin: z.string().optional(),
  case_type: uuid.optional(),
});
export type CaseListQuery = z.input<typeof caseListQuerySchema>;

export const caseListResponseSchema = pageOf(caseListItemSchema);
export type CaseListResponse = z.infer<typeof caseListResponseSchema>;

/** Item of `files[]` in the case detail (contract §2.2). */
export const caseFileSchema = z.object({
  file_id: uuid,
  created_at: timestamp,
  document_type: z.string(),
  document_subtype: z.string().nullable(),
  mime_type: z.string(),
  active: z.boolean(),
  url: z.string(),
  ocr: jsonObject,
});
export type CaseFile = z.infer<typeof caseFileSchema>;

/** Case detail (contract §2.2). */
export const caseDetailSchema = z.object({
  case_id: uuid,
  internal_id: z.string(),
  review_status: z.string().nullable(),
  created_at: timestamp,
  files: z.array(caseFileSchema),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

export const caseDetailQuerySchema = z.object({
  files: z.enum(['all', 'active']).optional(),
});

/** Item of `files` in POST /v1/cases (contract §4.2). */
export const createCaseFileSchema = z.object({
  url: z.string().min(1),
  mime_type: z.string().min(1),
  document_type: z.string().min(1).nullish(),
});
export type CreateCaseFile = z.infer<typeof createCaseFileSchema>;

/** POST /v1/cases body (contract §4.2). An optional field sent as null reads as absent, as on POST /v1/documents. */
export const createCaseBodySchema = z
  .object({
    internal_id: z.string().trim().min(1, 'internal_id no puede estar vacío').max(MAX_INTERNAL_ID_LENGTH, tooLongInternalId),
    status: z.string().trim().min(1, 'status es obligatorio'),
    vehicle_origin: vehicleOriginSchema.nullish(),
    initial_status: z.string().min(1).nullish(),
    use_case: uuid.nullish(),
    metadata: limitedJsonObject(METADATA_LIMITS).nullish(),
    files: z.array(createCaseFileSchema).nullish(),
  })
  .meta({
    examples: [
      { internal_id: 'SIN-2026-0001', status: 'processing', metadata: { numero_siniestro: 'SIN-2026-0001', tipo_afectado: 'asegurado' } },
      {
        internal_id: 'CRED-88412',
        status: 'nuevo',
        vehicle_origin: 'Importado',
        files: [{ url: 'https://files.example.com/factura.xml', mime_type: 'application/xml', document_type: 'factura_xml' }],
      },
    ],
  });
export type CreateCaseBody = z.infer<typeof createCaseBodySchema>;

export const createCaseCreatedSchema = z.object({
  case_id: uuid,
  status: z.literal('completed'),
});
export const createCaseQueuedSchema = z.object({
  case_id: uuid,
  job_id: uuid,
  total_files: z.number().int(),
  status: z.literal('processing'),
});
export const createCaseResponseSchema = z.union([createCaseCreatedSchema, createCaseQueuedSchema]);
export type CreateCaseResponse = z.infer<typeof createCaseResponseSchema>;

/** DELETE /v1/cases/{id} (operator-surface §4). */
export const deleteCaseResponseSchema = z.object({ case_id: uuid, active: z.literal(false) });

/** POST /v1/cases/{id}/assign (contract §4.2). */
export const assignBodySchema = z
  // Not trimmed: the response echoes `user_id` exactly as sent; the lookup ignores the spaces.
  .object({ user_id: z.string().refine((v) => v.trim().length > 0, 'user_id es obligatorio') })
  .meta({ examples: [{ user_id: 'pid_3f9a1c2b7d4e5f60' }] });
export type AssignBody = z.infer<typeof assignBodySchema>;

/** Assignment history entry (contract §2.15). */
export const assignmentHistoryEntrySchema = z.object({
  date: timestamp,
  user: z.string(),
  pid: z.string().nullable(),
  label: z.string(),
});
export type AssignmentHistoryEntry = z.infer<typeof assignmentHistoryEntrySchema>;

export const assignResponseSchema = z.object({
  case_id: uuid,
  assigned_to: z.string(),
  assignment_history: z.array(assignmentHistoryEntrySchema),
});
export type AssignResponse = z.infer<typeof assignResponseSchema>;

/** POST /v1/cases/{id}/process (contract §4.2). */
export const processCaseResponseSchema = z.object({ job_id: uuid, status: z.literal('processing') });

/** GET /v1/cases/{id}/status (operator-surface §4). */
export const caseStatusResponseSchema = z.object({
  case_id: uuid,
  job_id: uuid,
  status: jobStatusSchema,
  total_files: z.number().int(),
  processed_files: z.number().int(),
  failed_files: z.number().int(),
  started_at: timestamp.nullable(),
  finished_at: timestamp.nullable(),
  message: z.string().nullable(),
});
export type CaseStatusResponse = z.infer<typeof caseStatusResponseSchema>;

/** GET /v1/cases/{id}/names (operator-surface §4). */
export const caseNameSchema = z.object({
  name: z.string(),
  person_type: z.enum(['fisica', 'moral']),
  sources: z.array(z.object({ file_id: uuid, document_type: z.string().nullable(), field: z.string() })),
});
export const caseNamesResponseSchema = z.object({
  case_id: uuid,
  status: z.string(),
  names: z.array(caseNameSchema),
});
export type CaseNamesResponse = z.infer<typeof caseNamesResponseSchema>;

/** GET /v1/cases/{id}/vins (operator-surface §4). */
export const caseVinSchema = z.object({
  file_id: uuid,
  document_type: z.string().nullable(),
  vin: z.string(),
  check_digit_valid: z.boolean(),
  is_primary: z.boolean(),
});
export const caseVinsResponseSchema = z.object({
  case_id: uuid,
  primary_vin: z.string().nullable(),
  vins: z.array(caseVinSchema),
});
export type CaseVinsResponse = z.infer<typeof caseVinsResponseSchema>;

/** GET / POST /v1/cases/{id}/metadata (operator-surface §4). */
export const metadataBodySchema = limitedJsonObject(METADATA_LIMITS);
export const metadataHistoryEntrySchema = z.object({
  date: timestamp,
  user_id: z.string().nullable(),
  data: jsonObject,
});
export const metadataResponseSchema = z.object({
  case_id: uuid,
  metadata: jsonObject,
  history: z.array(metadataHistoryEntrySchema),
});
export type MetadataResponse = z.infer<typeof metadataResponseSchema>;

export const caseIdParamsSchema = z.object({ case_id: z.string() });
export { queryInt };
