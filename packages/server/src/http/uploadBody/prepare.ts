import { checkUploadDocumentBody, withoutDataUrlPrefix, type BodyCheckResult, type UploadDocumentInput } from '@vcase/shared';
import { scan as refusePoisonedKeys } from 'secure-json-parse';
import type { BodyLimits } from '../bodyLimits.js';
import { hashBody } from '../idempotency.js';
import { jsonTextRefusal, jsonValueRefusal } from '../jsonBody.js';

/** An upload's fields without its base64 text, checked (contract §4.9), and the file it decodes to. */
export interface PreparedUpload {
  /** The body as parsed, `base64` emptied: what the route's schema and the handler see. */
  body: Record<string, unknown>;
  /** The idempotency fingerprint of the whole body (`hashBody`), when a key was sent. */
  bodyHash?: string;
  checked: BodyCheckResult<Omit<UploadDocumentInput, 'base64'>>;
  /** The decoded file; null when the body is refused or names a `url`. */
  decoded: Uint8Array | null;
}

/** What taking an upload's body apart answered. */
export type Prepared =
  /** Over the route's nesting or entry limits: the refusal's code and message. */
  | { kind: 'refused'; code: 'VALIDATION_ERROR'; message: string }
  /** Not JSON, or poisoned keys: the text goes back to Fastify's parser for its usual answer. */
  | { kind: 'unparsed'; text: string }
  /** JSON, but no base64 text to take apart: the value as parsed. */
  | { kind: 'value'; value: unknown }
  | ({ kind: 'upload' } & PreparedUpload);

/**
 * A POST /v1/documents body taken apart as the JSON parser, the idempotency claim and
 * `takeUploadBody` would on the event loop: limits, parse, fingerprint, check, decode. Pure,
 * so a worker thread can run it for large bodies (docs/operator-guide.md, "Security").
 */
export function prepareUpload(bytes: Uint8Array, limits: BodyLimits, fingerprint: boolean): Prepared {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  const early = jsonTextRefusal(text, limits);
  if (early) return { kind: 'refused', code: 'VALIDATION_ERROR', message: early.message };
  let value: unknown;
  try {
    value = JSON.parse(text);
    if (value !== null && typeof value === 'object') refusePoisonedKeys(value, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    return { kind: 'unparsed', text };
  }
  const late = jsonValueRefusal(value, limits);
  if (late) return { kind: 'refused', code: 'VALIDATION_ERROR', message: late.message };
  if (!value || typeof value !== 'object' || Array.isArray(value) || typeof (value as { base64?: unknown }).base64 !== 'string') {
    return { kind: 'value', value };
  }
  const bodyHash = fingerprint ? hashBody(value) : undefined;
  const checked = checkUploadDocumentBody(value);
  const body = { ...(value as Record<string, unknown>), base64: '' };
  if (!checked.ok) return { kind: 'upload', body, bodyHash, checked, decoded: null };
  const { base64, ...input } = checked.value;
  const decoded = base64 ? Buffer.from(withoutDataUrlPrefix(base64), 'base64') : null;
  return { kind: 'upload', body, bodyHash, checked: { ok: true, value: input }, decoded };
}
