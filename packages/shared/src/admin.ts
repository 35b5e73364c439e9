import * as z from 'zod';
import { jsonObject, timestamp, uuid } from './common.js';
import { webhookEventSchema } from './enums.js';

/** Admin API (operator-surface §2). */
export const createCompanyBodySchema = z.object({
  name: z.string().trim().min(1, 'name es obligatorio'),
  /** Omitted or null: the default catalog. */
  status_catalog: z.array(z.string().min(1)).nullish(),
  use_cases: z.array(z.object({ name: z.string().trim().min(1) })).nullish(),
});
export type CreateCompanyBody = z.infer<typeof createCompanyBodySchema>;

export const useCaseSchema = z.object({ use_case_id: uuid, name: z.string() });
export const companySchema = z.object({
  company_id: uuid,
  name: z.string(),
  status_catalog: z.array(z.string()),
  use_cases: z.array(useCaseSchema),
});
export type Company = z.infer<typeof companySchema>;

export const createUserBodySchema = z.object({
  name: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  pid: z.string().min(1).nullable().optional(),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

export const userSchema = z.object({
  user_id: z.string(),
  pid: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  company_id: uuid,
});
export type User = z.infer<typeof userSchema>;

/** Longest lifetime of a bearer token: 90 days (docs/operator-guide.md "Security"). */
export const MAX_TOKEN_TTL_SECONDS = 90 * 24 * 3600;

export const createTokenBodySchema = z.object({
  ttl_seconds: z
    .number()
    .int()
    .positive()
    .max(MAX_TOKEN_TTL_SECONDS, {
      message: `ttl_seconds admite como máximo ${MAX_TOKEN_TTL_SECONDS} (90 días); emita un token nuevo antes de que venza`,
    })
    .nullish(),
});
export const tokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_at: timestamp,
  /** Names the token to revoke it (DELETE /admin/tokens/{token_id}). */
  token_id: uuid,
});
export type Token = z.infer<typeof tokenSchema>;

export const createApiKeyBodySchema = z.object({ name: z.string().min(1).nullish() });
export const apiKeySchema = z.object({ key_id: uuid, api_key: z.string() });
export type ApiKey = z.infer<typeof apiKeySchema>;

export const webhookRegistrationBodySchema = z.object({
  url: z.string().url(),
  template: z.union([jsonObject, z.string()]).nullable().optional(),
  // Sent as the x-api-key header of every delivery (contract §6): a header value, so visible ASCII and spaces only.
  api_key: z
    .string()
    .regex(/^[\x20-\x7e]*$/, { message: 'api_key solo admite caracteres ASCII visibles y espacios: se envía en la cabecera x-api-key' })
    .nullable()
    .optional(),
});
export type WebhookRegistrationBody = z.infer<typeof webhookRegistrationBodySchema>;

export const webhookRegistrationSchema = z.object({
  company_id: uuid,
  event: webhookEventSchema,
  url: z.string(),
  template: z.union([jsonObject, z.string()]).nullable(),
  api_key: z.string().nullable(),
  updated_at: timestamp,
  /**
   * `whsec_…`, the key that signs every delivery (docs/webhooks.md "Signatures"): only in the
   * answer that created the registration, never read back (a new one: rotate-secret).
   */
  signing_secret: z.string().optional(),
});
export type WebhookRegistration = z.infer<typeof webhookRegistrationSchema>;

export const webhookDeliveriesQuerySchema = z.object({
  event: webhookEventSchema.optional(),
  case_id: uuid.optional(),
});
export const webhookDeliverySchema = z.object({
  delivery_id: uuid,
  event: z.string(),
  case_id: z.string().nullable(),
  url: z.string(),
  request_body: z.unknown(),
  status_code: z.number().int().nullable(),
  ok: z.boolean(),
  response_body: z.string().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().nullable(),
  created_at: timestamp,
  /** The `webhook-id` header the receiver got (the same on a redelivery); null on records before signatures. */
  webhook_id: z.string().nullable(),
  /** The delivery this one repeats (an operator's redelivery); null otherwise. */
  redelivered_from: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesResponseSchema = z.object({ data: z.array(webhookDeliverySchema) });

/** Sandbox sources (operator-surface §3). */
export const SANDBOX_SOURCES = [
  'plate_portal',
  'repuve',
  'pedimento',
  'rapi',
  'renapo',
  'bureau',
  'tickets',
  'tenencia',
  'sat_cfdi',
  'sat_pedimento',
  'amda',
  'amis',
  'ine',
  'ocr',
] as const;
export const sandboxSourceSchema = z.enum(SANDBOX_SOURCES);
export type SandboxSource = z.infer<typeof sandboxSourceSchema>;

/**
 * A sandbox outcome: a success payload (shape per source), or `{error}` (source unreachable,
 * retryable), or `{reason}` (the source's own answer, published verbatim). Any may carry `delay_ms`.
 */
export const sandboxOutcomeSchema = jsonObject.and(
  z.object({
    delay_ms: z.number().int().min(0).optional(),
    error: z.string().optional(),
    reason: z.string().optional(),
  }),
);
export type SandboxOutcome = z.infer<typeof sandboxOutcomeSchema>;

export const sandboxFixtureSchema = z.object({
  source: sandboxSourceSchema,
  key: z.string(),
  outcome: jsonObject,
});
export const sandboxFixturesResponseSchema = z.object({ data: z.array(sandboxFixtureSchema) });

export const credentialsFileSchema = z.object({
  base_url: z.string(),
  token: z.string(),
  api_key: z.string(),
});
export type CredentialsFile = z.infer<typeof credentialsFileSchema>;
