import { createHmac, timingSafeEqual } from 'node:crypto';
import { VcaseError } from './core/errors.js';

/**
 * Verifying vcase webhook deliveries: Standard Webhooks signatures (https://www.standardwebhooks.com),
 * `webhook-signature` = `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`
 * under the key a `whsec_<base64>` secret carries, one entry per secret in force.
 */

/** How far `webhook-timestamp` may be from the receiver's clock, either way. */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;

/** The raw request body exactly as received: a string, or its bytes (a Buffer is a Uint8Array). */
export type WebhookPayload = string | Uint8Array;
/** Fetch `Headers`, or a plain object such as Node's `req.headers` (names in any case). */
export type WebhookHeaders = { get(name: string): string | null } | Record<string, string | string[] | undefined>;
/** A `whsec_…` secret, or several (say, the old and the new one while a rotation overlaps). */
export type WebhookSecrets = string | readonly string[];

export interface WebhookVerifyOptions {
  /** Default 300 (5 minutes). */
  toleranceSeconds?: number;
}

export interface VerifiedWebhook {
  /** `webhook-id`: the same on a redelivery, so a receiver can tell a repeat. */
  id: string;
  /** `webhook-timestamp`: when this attempt was sent. */
  timestamp: Date;
}

export type WebhookVerificationReason =
  'missing_header' | 'invalid_timestamp' | 'timestamp_too_old' | 'timestamp_too_new' | 'no_matching_signature' | 'invalid_json';

/** The delivery cannot be trusted (or read): answer 4xx and do not act on it. `reason` says why. */
export class WebhookVerificationError extends VcaseError {
  constructor(
    readonly reason: WebhookVerificationReason,
    message: string,
  ) {
    super(message);
  }
}
/** A `webhook-id`, `webhook-timestamp` or `webhook-signature` header is missing. */
export class WebhookHeaderError extends WebhookVerificationError {}
/** `webhook-timestamp` is not a number of seconds, or is outside the tolerance (a replay, or a clock far off). */
export class WebhookTimestampError extends WebhookVerificationError {}
/** No signature matches any of the secrets: another sender, a changed body, or the wrong secret. */
export class WebhookSignatureError extends WebhookVerificationError {}

/** The HMAC key of a `whsec_<base64>` secret (bare base64 is taken too). A misconfiguration, so a plain VcaseError. */
function keyOf(secret: string): Buffer {
  const key = typeof secret === 'string' ? Buffer.from(secret.replace(/^whsec_/, ''), 'base64') : Buffer.alloc(0);
  if (key.length === 0) throw new VcaseError('webhook secret must be the whsec_… value the operator was given');
  return key;
}

function headerOf(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof headers.get === 'function') return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(' ') : value;
  }
  return undefined;
}

function bytesOf(payload: WebhookPayload): Buffer {
  if (typeof payload === 'string') return Buffer.from(payload, 'utf8');
  if (payload instanceof Uint8Array) return Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
  throw new VcaseError(
    'webhook payload must be the raw body (a string or bytes), not parsed JSON: the signature covers the exact bytes sent',
  );
}

const hmac = (key: Buffer, id: string, timestamp: string, body: Buffer) =>
  createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();

/** Verifies deliveries with the receiver's secret; `vcase.webhooks`, or the `webhooks` export without a client. */
export class Webhooks {
  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Checks a delivery: the three headers are there, `webhook-timestamp` is within the tolerance,
   * and a `v1` signature matches one of the secrets (compared in constant time). Answers the
   * message id and time; throws a `WebhookVerificationError` subclass otherwise.
   */
  verify(payload: WebhookPayload, headers: WebhookHeaders, secret: WebhookSecrets, options: WebhookVerifyOptions = {}): VerifiedWebhook {
    const keys = (typeof secret === 'string' ? [secret] : [...secret]).map(keyOf);
    const body = bytesOf(payload);
    const id = headerOf(headers, 'webhook-id');
    const stamp = headerOf(headers, 'webhook-timestamp');
    const signatures = headerOf(headers, 'webhook-signature');
    if (!id || !stamp || !signatures)
      throw new WebhookHeaderError('missing_header', 'webhook-id, webhook-timestamp and webhook-signature are required');
    if (!/^\d{1,15}$/.test(stamp.trim()))
      throw new WebhookTimestampError('invalid_timestamp', `webhook-timestamp is not Unix seconds: ${stamp}`);
    const seconds = Number(stamp.trim());
    const tolerance = options.toleranceSeconds ?? DEFAULT_WEBHOOK_TOLERANCE_SECONDS;
    const skew = Math.floor(this.now() / 1000) - seconds;
    if (skew > tolerance)
      throw new WebhookTimestampError('timestamp_too_old', `webhook-timestamp is ${skew} s old (tolerance ${tolerance} s)`);
    if (skew < -tolerance)
      throw new WebhookTimestampError('timestamp_too_new', `webhook-timestamp is ${-skew} s ahead (tolerance ${tolerance} s)`);

    const expected = keys.map((key) => hmac(key, id, stamp.trim(), body));
    for (const entry of signatures.split(/\s+/)) {
      const [version, value] = entry.split(',', 2);
      if (version !== 'v1' || !value) continue;
      const given = Buffer.from(value, 'base64');
      if (expected.some((e) => e.length === given.length && timingSafeEqual(e, given))) return { id, timestamp: new Date(seconds * 1000) };
    }
    throw new WebhookSignatureError('no_matching_signature', 'no webhook-signature matches the secret');
  }

  /** `verify`, then the body parsed as JSON. */
  unwrap<T = unknown>(payload: WebhookPayload, headers: WebhookHeaders, secret: WebhookSecrets, options: WebhookVerifyOptions = {}): T {
    this.verify(payload, headers, secret, options);
    try {
      return JSON.parse(typeof payload === 'string' ? payload : bytesOf(payload).toString('utf8')) as T;
    } catch {
      throw new WebhookVerificationError('invalid_json', 'the webhook body is not JSON');
    }
  }

  /** The `webhook-signature` value vcase would send: for testing a receiver. */
  sign(id: string, timestamp: Date, payload: WebhookPayload, secret: string): string {
    const seconds = String(Math.floor(timestamp.getTime() / 1000));
    return `v1,${hmac(keyOf(secret), id, seconds, bytesOf(payload)).toString('base64')}`;
  }
}

/** A verifier on the system clock, for receivers that make no client. */
export const webhooks = new Webhooks();
