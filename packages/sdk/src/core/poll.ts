import { CASE_NOT_FOUND_MESSAGE, definedOnly } from '@vcase/shared';
import { APIConnectionError, APIError, APIUserAbortError, NotFoundError, WaitTimeoutError } from './errors.js';
import { isRetryableStatus } from './retry.js';
import { onAbort } from './abort.js';
import { sleepUnlessAborted, throwIfAborted, type Sleep } from './sleep.js';
import type { RequestOptions } from './transport.js';

/** Options of every `waitFor…`/`run…` helper. */
export interface WaitOptions<T = unknown> {
  /** Wait before the first read. Default 0. */
  initialDelayMs?: number;
  /** First interval between reads. Default 1000. */
  intervalMs?: number;
  /** Each interval is the previous one times this. Default 1.5. */
  backoff?: number;
  /** Interval ceiling. Default 10 000. */
  maxIntervalMs?: number;
  /** Overall deadline; then WaitTimeoutError holding the last body. Default 300 000 (5 min). */
  timeoutMs?: number;
  /** Aborts the wait (and the read in flight) with APIUserAbortError. */
  signal?: AbortSignal;
  /** Called with every body read, settled or not. */
  onProgress?: (snapshot: T) => void;
  /**
   * For how long, from the start of the wait, a 404 means "not there yet" (a lookup just
   * started, a case never processed yet) rather than an error. `run…` helpers use the whole
   * deadline; `waitFor…` helpers default to 10 000. A 404 that says the case itself is not
   * found (unknown, another company's, deleted meanwhile) ends the wait at once.
   */
  notFoundGraceMs?: number;
  /** Options of each read (per-request timeout, retries, headers). */
  request?: Omit<RequestOptions, 'signal' | 'idempotencyKey'>;
}

export const WAIT_DEFAULTS = {
  initialDelayMs: 0,
  intervalMs: 1_000,
  backoff: 1.5,
  maxIntervalMs: 10_000,
  timeoutMs: 300_000,
  notFoundGraceMs: 10_000,
} as const;

/** What a read made at the deadline still gets before the wait gives up on it. */
const LAST_READ_MS = 1_000;

export interface PollSpec<T> {
  /** Names the thing in error messages, e.g. `RAPI lookup of case …`. */
  what: string;
  read: (options: RequestOptions) => Promise<T>;
  /** True when `snapshot` is final; may throw when waiting cannot help. */
  settled: (snapshot: T) => boolean;
  options?: WaitOptions<T>;
  sleep: Sleep;
  now: () => number;
}

/**
 * Reads until `settled`, on an interval schedule (initial delay, backoff, ceiling), within an
 * overall deadline; the last read happens at the deadline, never after.
 */
export async function poll<T>(spec: PollSpec<T>): Promise<T> {
  const o = { ...WAIT_DEFAULTS, ...definedOnly(spec.options ?? {}) };
  const { signal, onProgress } = o;
  const start = spec.now();
  let slept = 0;
  // An injected sleep may let no time pass: the time slept counts as elapsed too.
  const elapsed = () => Math.max(spec.now() - start, slept);
  const pause = async (ms: number) => {
    await sleepUnlessAborted(spec.sleep, ms, signal);
    slept += ms;
  };
  let last: T | undefined;
  // The last error the wait rode out (a "not there yet" 404, an outage): the cause of a
  // timeout, so a wait that never read a body still tells why.
  let lastMiss: unknown;
  let interval = o.intervalMs;

  if (o.initialDelayMs > 0) await pause(Math.min(o.initialDelayMs, o.timeoutMs));

  for (;;) {
    throwIfAborted(signal);
    // A read (with its own timeout and retries) ends at the overall deadline too, or a second
    // after it for the read made at the deadline: a hung server must not hold a wait past it.
    const read = new AbortController();
    const unlink = signal && onAbort(signal, (reason) => read.abort(reason));
    let pastDeadline = false;
    const deadline = setTimeout(() => ((pastDeadline = true), read.abort()), Math.max(LAST_READ_MS, o.timeoutMs - elapsed()));
    (deadline as { unref?: () => void }).unref?.();
    try {
      const snapshot = await spec.read({ ...o.request, signal: read.signal });
      last = snapshot;
      onProgress?.(snapshot);
      if (spec.settled(snapshot)) return snapshot;
    } catch (error) {
      if (pastDeadline && !signal?.aborted) throw new WaitTimeoutError(spec.what, last, elapsed(), lastMiss);
      const notYet = error instanceof NotFoundError && error.message !== CASE_NOT_FOUND_MESSAGE && elapsed() < o.notFoundGraceMs;
      if (!notYet && !isTransient(error)) throw error;
      lastMiss = error;
    } finally {
      clearTimeout(deadline);
      unlink?.();
    }
    const left = o.timeoutMs - elapsed();
    if (left <= 0) throw new WaitTimeoutError(spec.what, last, elapsed(), lastMiss);
    await pause(Math.min(interval, left));
    interval = Math.min(Math.round(interval * o.backoff), o.maxIntervalMs);
  }
}

/**
 * An error a later read may not get: no answer (connection refused or reset, a read's own
 * timeout) or a status worth asking again (5xx, 429, 408, 409), once the read's own retries
 * are spent. A wait rides it out until its deadline: a server restarting or briefly down
 * must not end a five-minute wait that a read ten seconds later would have settled.
 */
function isTransient(error: unknown): boolean {
  if (error instanceof APIUserAbortError) return false;
  if (error instanceof APIConnectionError) return true;
  const status = error instanceof APIError ? error.status : undefined;
  return status !== undefined && isRetryableStatus(status);
}
