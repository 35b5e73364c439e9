/** Statuses worth another attempt: the answer may differ if asked again. */
export const RETRYABLE_STATUSES = new Set([
  408, // Request Timeout
  409, // Conflict: e.g. the same Idempotency-Key still in flight
  429, // Too Many Requests
  // and every 5xx (see isRetryableStatus)
]);

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status) || status >= 500;
}

export const DEFAULT_MAX_RETRIES = 2;
export const INITIAL_RETRY_DELAY_MS = 500;
export const MAX_RETRY_DELAY_MS = 8_000;
/** A `Retry-After` above this is not "a reasonable wait": the default backoff is used instead. */
export const MAX_RETRY_AFTER_MS = 60_000;
const JITTER = 0.25;

/**
 * Capped exponential backoff with jitter: attempt 0 waits 375–500 ms, attempt 1 750–1000 ms,
 * … never more than 8 s. `random` is in [0, 1).
 */
export function backoffDelayMs(retry: number, random: () => number = Math.random): number {
  const base = Math.min(INITIAL_RETRY_DELAY_MS * 2 ** retry, MAX_RETRY_DELAY_MS);
  return Math.round(base * (1 - random() * JITTER));
}

/**
 * Milliseconds a `Retry-After` header asks for: delta-seconds (`"2"`, `"1.5"`) or an HTTP
 * date. Also reads the non-standard `retry-after-ms`. Undefined when absent or unreadable.
 */
export function parseRetryAfter(headers: Headers | undefined, now: () => number = Date.now): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now());
}

/** How long to wait before retry number `retry` (0-based): the server's word if reasonable, else backoff. */
export function retryDelayMs(
  retry: number,
  headers: Headers | undefined,
  opts: { now?: () => number; random?: () => number } = {},
): number {
  const asked = parseRetryAfter(headers, opts.now);
  if (asked !== undefined && asked <= MAX_RETRY_AFTER_MS) return asked;
  return backoffDelayMs(retry, opts.random);
}
