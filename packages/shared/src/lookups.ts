import * as z from 'zod';
import { ddmmyyyy, jsonObject, timestamp, uuid } from './common.js';
import { jobStatusSchema } from './enums.js';

/** Path segment of the credit-bureau lookup (`/v1/cases/{case_id}/circulo-credito`). */
export const CREDIT_BUREAU_PATH_SEGMENT = 'circulo-credito';

// ── REPUVE (contract §2.7) ───────────────────────────────

export const REPUVE_CODES = ['ok', 'error', 'processing'] as const;
export const repuveCodeSchema = z.enum(REPUVE_CODES);

/** Theft-report sources seen (`tipo_reporte`). */
export const REPUVE_THEFT_REPORT_SOURCES = ['FGJ', 'OCRA'] as const;

export const repuveTheftReportSchema = z.object({
  tipo_reporte: z.string(),
  estatus: z.string(),
});

export const repuveInfoSchema = z.object({
  niv: z.string(),
  placa: z.string().nullable(),
  marca: z.string(),
  modelo: z.string(),
  tipo: z.string(),
  clase: z.string(),
  anio_modelo: z.number().int(),
  entidad_emplacado: z.string().nullable(),
  fecha_inscripcion: z.string().nullable(),
  fecha_actualizacion: z.string().nullable(),
  reporte_robo: z.array(repuveTheftReportSchema),
  robo_usa_can: z.object({ tiene_robo: z.boolean() }),
  aviso_judicial: z.object({ tiene_aviso_judicial: z.boolean() }),
});
export type RepuveInfo = z.infer<typeof repuveInfoSchema>;

/** GET /v1/cases/{case_id}/repuve. `info` is null when the vehicle is not registered or the job has not completed. */
export const repuveResponseSchema = z.object({
  codigo: repuveCodeSchema,
  info: repuveInfoSchema.nullable(),
  job_id: uuid,
  job_status: jobStatusSchema,
});
export type RepuveResponse = z.infer<typeof repuveResponseSchema>;

// ── Pedimento (contract §2.8) ────────────────────────────

export const pedimentoResultSchema = z.object({
  success: z.boolean(),
  /** May carry `pedimento`, `aduana`, `vin`. */
  data: z
    .looseObject({
      pedimento: z.string().nullable().optional(),
      aduana: z.string().nullable().optional(),
      vin: z.string().nullable().optional(),
    })
    .nullable(),
});
export type PedimentoResult = z.infer<typeof pedimentoResultSchema>;

/**
 * GET /v1/cases/{case_id}/pedimento: the most recent result. `result` is always the §2.8
 * object: `success` false and `data` null until the job ends with an answer.
 */
export const pedimentoResponseSchema = z.object({
  case_id: uuid,
  job_id: uuid,
  status: jobStatusSchema,
  /** e.g. `processing_jobs`. */
  source: z.string(),
  result: pedimentoResultSchema,
});
export type PedimentoResponse = z.infer<typeof pedimentoResponseSchema>;

/** POST /v1/cases/{case_id}/pedimento, 202. */
export const pedimentoStartResponseSchema = z.object({
  job_id: uuid,
  status: z.literal('pending'),
});
export type PedimentoStartResponse = z.infer<typeof pedimentoStartResponseSchema>;

// ── RAPI (contract §2.9) ─────────────────────────────────

/**
 * GET /v1/cases/{case_id}/rapi. A found result also carries `case_id`; without a result,
 * `job_id` is the case job's and `message` is one of RAPI_MESSAGES.
 */
export const rapiResponseSchema = z.object({
  case_id: uuid.optional(),
  job_id: uuid,
  /** Contents not shown by the contract. */
  result: jsonObject.nullable(),
  status: jobStatusSchema,
  message: z.string().nullable(),
});
export type RapiResponse = z.infer<typeof rapiResponseSchema>;

/** POST /v1/cases/{case_id}/rapi, 202. */
export const rapiStartResponseSchema = z.object({
  job_id: uuid,
  vin: z.string(),
  status: z.literal('pending'),
});
export type RapiStartResponse = z.infer<typeof rapiStartResponseSchema>;

// ── RENAPO (contract §2.10) ──────────────────────────────

export const RENAPO_STATUSES = ['completed', 'pending', 'error'] as const;
export const renapoStatusSchema = z.enum(RENAPO_STATUSES);

export const renapoPersonSchema = z.object({
  first_name: z.string().nullable(),
  paternal_surname: z.string().nullable(),
  maternal_surname: z.string().nullable(),
  birth_date: ddmmyyyy.nullable(),
  birth_state: z.string().nullable(),
  birth_country: z.string().nullable(),
  sex: z.string().nullable(),
  curp_status: z.string().nullable(),
  validation_status: z.string().nullable(),
  validation_code: z.string().nullable(),
  message_code: z.string().nullable(),
  probative_doc: z.string().nullable(),
});
export type RenapoPerson = z.infer<typeof renapoPersonSchema>;

export const renapoProbativeDocDataSchema = z.object({
  registration_year: z.string().nullable(),
  state_key: z.string().nullable(),
  municipality_key: z.string().nullable(),
  state: z.string().nullable(),
  municipality: z.string().nullable(),
  foja: z.string().nullable(),
  folio: z.string().nullable(),
  book: z.string().nullable(),
  tome: z.string().nullable(),
  act_number: z.string().nullable(),
  foreign_registry_number: z.string().nullable(),
});
export type RenapoProbativeDocData = z.infer<typeof renapoProbativeDocDataSchema>;

/**
 * `person` and `probative_doc_data` are null while `status` is `pending` or `error`: the same
 * three states as the top level (a query in flight is `pending`, never `processing`).
 */
export const renapoDataSchema = z.object({
  job_id: uuid,
  created_at: timestamp,
  status: renapoStatusSchema,
  curp: z.string(),
  probative_doc_url: z.string().nullable(),
  person: renapoPersonSchema.nullable(),
  probative_doc_data: renapoProbativeDocDataSchema.nullable(),
});
export type RenapoData = z.infer<typeof renapoDataSchema>;

/** GET /v1/cases/{case_id}/renapo. */
export const renapoResponseSchema = z.object({
  case_id: uuid,
  source: z.literal('renapo'),
  status: renapoStatusSchema,
  query_count: z.number().int(),
  completed_count: z.number().int(),
  data: renapoDataSchema,
});
export type RenapoResponse = z.infer<typeof renapoResponseSchema>;

/** POST /v1/cases/{case_id}/renapo, 202. */
export const renapoStartResponseSchema = z.object({
  job_id: uuid,
  curp: z.string(),
  status: z.literal('pending'),
});
export type RenapoStartResponse = z.infer<typeof renapoStartResponseSchema>;

// ── Credit bureau (contract §2.11) ───────────────────────

/** The generated verification-report PDF. */
export const creditBureauDocumentSchema = z.object({
  url: z.string(),
  uuid: z.string(),
});

/** GET /v1/cases/{case_id}/circulo-credito. `data` and `document` are null until `status` is `completed`. */
export const creditBureauResponseSchema = z.object({
  case_id: uuid,
  /** Names the bureau. */
  source: z.string(),
  status: jobStatusSchema,
  query_count: z.number().int(),
  completed_count: z.number().int(),
  /** The report; contents not shown by the contract. */
  data: jsonObject.nullable(),
  document: creditBureauDocumentSchema.nullable(),
});
export type CreditBureauResponse = z.infer<typeof creditBureauResponseSchema>;

/** POST /v1/cases/{case_id}/circulo-credito, 202. */
export const creditBureauStartResponseSchema = z.object({
  job_id: uuid,
  vin: z.string(),
  status: z.literal('pending'),
});
export type CreditBureauStartResponse = z.infer<typeof creditBureauStartResponseSchema>;
