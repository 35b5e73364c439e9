import { createHmac, randomBytes } from 'node:crypto';

/**
 * Webhook signatures in the Standard Webhooks form (https://www.standardwebhooks.com),
 * added to the contract's headers (docs/webhooks.md "Signatures"): `webhook-id` names the
 * message (the same on a redelivery), `webhook-timestamp` is when this attempt was sent (Unix
 * seconds), and `webhook-signature` holds `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` for
 * each secret in force, separated by spaces.
 */

const SECRET_PREFIX = 'whsec_';
/** Bytes of a new secret: the standard asks for 24 to 64. */
const SECRET_BYTES = 32;

/** A new per-webhook secret, `whsec_` and the base64 of its key. */
export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** One `v1,` signature of a message under `secret` (`whsec_<base64 key>`). */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three headers of a message signed with every secret in `secrets` (newest first). */
export function signatureHeaders(secrets: readonly string[], id: string, at: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signWebhook(secret, id, timestamp, body)).join(' '),
  };
}
