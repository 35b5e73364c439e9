import * as z from 'zod';
import { checkBody, type BodyCheckResult } from './bodyCheck.js';
import { ddmmyyyy, uuid } from './common.js';

/**
 * POST /documents/ine body (contract §4.10): images as a public URL or base64, with or
 * without a `data:` prefix. `back` improves extraction.
 */
export const ineSubmitBodySchema = z.object({
  front: z.string().trim().min(1, 'front es obligatorio'),
  back: z.string().optional(),
});
export type IneSubmitBody = z.infer<typeof ineSubmitBodySchema>;

/** Wire shape for route-level validation: lets absent fields through to `checkIneSubmitBody`. */
export const ineSubmitWireBodySchema = z.object({
  front: z.string().nullish().describe('required; public URL or base64 of the front image'),
  back: z.string().nullish().describe('optional; public URL or base64 of the back image'),
});

/** Checks an INE body: `front` missing or empty → MISSING_PARAMETER; other bad values → VALIDATION_ERROR. */
export function checkIneSubmitBody(body: unknown): BodyCheckResult<IneSubmitBody> {
  return checkBody(ineSubmitBodySchema, body, ['front']);
}

/** POST /documents/ine, 202. */
export const ineSubmitResponseSchema = z.object({
  job_id: uuid,
  status: z.literal('processing'),
});
export type IneSubmitResponse = z.infer<typeof ineSubmitResponseSchema>;

export const INE_STATUSES = ['processing', 'completed', 'error'] as const;
export const ineStatusSchema = z.enum(INE_STATUSES);
export type IneStatus = z.infer<typeof ineStatusSchema>;

export const INE_GENDERS = ['HOMBRE', 'MUJER'] as const;

/** Data read from the card (contract §2.16). */
export const ineDataSchema = z.object({
  names: z.string(),
  first_last_name: z.string(),
  second_last_name: z.string(),
  /** DD/MM/YYYY; '' when neither the source nor the CURP gives it. */
  birth_date: z.union([ddmmyyyy, z.literal('')]),
  /** '' when neither the source nor the CURP gives it (never guessed). */
  gender: z.union([z.enum(INE_GENDERS), z.literal('')]),
  curp: z.string(),
  elector_key: z.string(),
  state: z.string(),
  municipality: z.string(),
  section: z.string(),
  emission: z.string(),
  validity: z.string(),
  cic: z.string(),
  ocr: z.string(),
  citizen_identifier: z.string(),
  locality: z.string().nullable(),
});
export type IneData = z.infer<typeof ineDataSchema>;

/** GET /documents/ine/{job_id}: 200 in all three outcomes; `data` is null unless `completed`. */
export const ineResultResponseSchema = z
  .object({
    status: ineStatusSchema,
    data: ineDataSchema.nullable(),
  })
  .refine((r) => (r.status === 'completed') === (r.data !== null), {
    message: 'data is set exactly when status is completed',
    path: ['data'],
  });
export type IneResultResponse = z.infer<typeof ineResultResponseSchema>;
