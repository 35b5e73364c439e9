import * as z from 'zod';

/** State sets of contract §3. */
export const REVIEW_STATUSES = ['sin_documentos', 'nuevo', 'devuelta_correccion', 'revision_correcciones', 'en_revision'] as const;
export const reviewStatusSchema = z.enum(REVIEW_STATUSES);
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

export const JOB_STATUSES = ['pending', 'processing', 'completed', 'error'] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const CHAIN_STATUSES = ['completed', 'processing', 'pending'] as const;
export const chainStatusSchema = z.enum(CHAIN_STATUSES);
export type ChainStatus = z.infer<typeof chainStatusSchema>;

export const BLOCK_STATUSES = ['completed', 'processing'] as const;
export const blockStatusSchema = z.enum(BLOCK_STATUSES);
export type BlockStatus = z.infer<typeof blockStatusSchema>;

export const PREVIOUS_PLATE_LOOKUP_STATUSES = ['pending', 'found', 'error'] as const;
export const previousPlateLookupStatusSchema = z.enum(PREVIOUS_PLATE_LOOKUP_STATUSES).nullable();

/** Document processing status (operator-surface §4). */
export const DOCUMENT_STATUSES = ['uploaded', 'processing', 'processed', 'error'] as const;
export const documentStatusSchema = z.enum(DOCUMENT_STATUSES);
export type DocumentStatus = z.infer<typeof documentStatusSchema>;

export const VEHICLE_ORIGINS = ['Nacional', 'Importado'] as const;
export const vehicleOriginSchema = z.enum(VEHICLE_ORIGINS);

/** Webhook events of contract §6. */
export const WEBHOOK_EVENTS = [
  'expediente-created',
  'processing-in-review',
  'processing-review-corrections',
  'error-processing',
  'services-circulo-credito',
  'v1-assign-analyst',
] as const;
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** Default status catalog of a company (operator-surface §2). */
export const DEFAULT_STATUS_CATALOG = ['processing', 'nuevo'] as const;
