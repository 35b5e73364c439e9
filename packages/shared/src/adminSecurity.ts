import * as z from 'zod';
import { timestamp, uuid } from './common.js';
import { webhookEventSchema } from './enums.js';

/**
 * Admin operations beyond operator-surface §2 that revoke credentials and sign webhooks
 * (docs/operator-guide.md "Security", docs/webhooks.md). Their specs join the operations table (`OPERATIONS`), so REST, tRPC, the
 * OpenAPI document, the SDK and `vcase admin` get them like every other operation.
 */

export const tokenInfoSchema = z.object({
  token_id: uuid,
  created_at: timestamp,
  expires_at: timestamp,
  /** When it was revoked, one by one or with all of its user's; null while it works. */
  revoked_at: timestamp.nullable(),
});
export type TokenInfo = z.infer<typeof tokenInfoSchema>;
export const userTokensResponseSchema = z.object({ data: z.array(tokenInfoSchema) });
export type UserTokensResponse = z.infer<typeof userTokensResponseSchema>;

/** How long the secret before a rotation keeps signing beside the new one: 24 h unless told (at most 7 days; 0 = stop at once). */
export const DEFAULT_SECRET_OVERLAP_SECONDS = 86_400;
export const MAX_SECRET_OVERLAP_SECONDS = 7 * 86_400;

export const rotateWebhookSecretBodySchema = z.object({
  overlap_seconds: z
    .number()
    .int()
    .min(0)
    .max(MAX_SECRET_OVERLAP_SECONDS, { message: `overlap_seconds admite como máximo ${MAX_SECRET_OVERLAP_SECONDS} (7 días)` })
    .nullish(),
});
export type RotateWebhookSecretBody = z.infer<typeof rotateWebhookSecretBodySchema>;
export const webhookSecretSchema = z.object({
  company_id: uuid,
  event: webhookEventSchema,
  /** The new secret, shown this once. */
  signing_secret: z.string(),
  /** Until when the secret before it still signs too; null when it stopped at once. */
  previous_secret_expires_at: timestamp.nullable(),
});
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

export const redeliveryResponseSchema = z.object({
  /** The id the new delivery is recorded under (GET …/webhook-deliveries) once it is sent. */
  delivery_id: uuid,
  redelivered_from: uuid,
  event: z.string(),
  /** The message id: the original's, so the receiver can tell the repeat. */
  webhook_id: z.string(),
  job_id: uuid,
  status: z.literal('queued'),
});
export type Redelivery = z.infer<typeof redeliveryResponseSchema>;

/** Specs of the operations above, spread into the admin group (`operations/admin.ts` checks their shape). */
export const ADMIN_SECURITY_OPERATIONS = {
  listUserTokens: {
    method: 'GET',
    path: '/admin/users/{user_id}/tokens',
    auth: 'admin',
    group: 'admin',
    summary: "A user's bearer tokens (never the tokens themselves), newest first",
    response: userTokensResponseSchema,
    successStatus: 200,
  },
  revokeUserTokens: {
    method: 'DELETE',
    path: '/admin/users/{user_id}/tokens',
    auth: 'admin',
    group: 'admin',
    summary: 'Revoke every bearer token of a user at once, those issued before token ids too',
    response: null,
    successStatus: 204,
  },
  revokeToken: {
    method: 'DELETE',
    path: '/admin/tokens/{token_id}',
    auth: 'admin',
    group: 'admin',
    summary: 'Revoke one bearer token at once',
    response: null,
    successStatus: 204,
  },
  rotateWebhookSecret: {
    method: 'POST',
    path: '/admin/companies/{company_id}/webhooks/{event}/rotate-secret',
    auth: 'admin',
    group: 'admin',
    summary: 'Give a webhook a new signing secret (shown once); the old one keeps signing for the overlap',
    body: rotateWebhookSecretBodySchema,
    response: webhookSecretSchema,
    successStatus: 200,
    answersSecret: true,
  },
  redeliverWebhook: {
    method: 'POST',
    path: '/admin/companies/{company_id}/webhook-deliveries/{delivery_id}/redeliver',
    auth: 'admin',
    group: 'admin',
    summary: "Send a recorded delivery again (same body and webhook-id) to the event's webhook as registered now",
    response: redeliveryResponseSchema,
    successStatus: 202,
    idempotent: true,
  },
} as const;
