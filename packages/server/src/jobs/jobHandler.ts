import { isA } from '@vcase/shared';
import type { ServerContext } from '../context.js';
import type { Job } from './jobQueue.js';

/** What a run gets besides its job and context (graphile-worker's helpers). */
export interface JobRunOptions {
  /** Aborted when the runner gives the job up (shutdown past its bound, lease lost). */
  signal: AbortSignal;
  /**
   * Awaits `work` during which the job only waits (a timer, not CPU or a connection): its
   * slot is lent to other jobs meanwhile, so long waits do not hold up the queue.
   */
  idle<T>(work: Promise<T>): Promise<T>;
  /**
   * Waits while `busy()` holds, asking every `pollMs` with the slot lent out (`idle`), at most
   * `maxMs` by the context's clock; throws when the runner stops the job.
   */
  waitWhile(busy: () => Promise<boolean>, wait: { pollMs: number; maxMs: number }): Promise<void>;
}

export interface JobHandler<P = unknown, R = unknown> {
  run(job: Job<P>, ctx: ServerContext, opts: JobRunOptions): Promise<R>;
  /** Used when the job was enqueued without `maxAttempts`. Default 3. */
  maxAttempts?: number;
  /** Delay before attempt `attempt + 1`, after attempt `attempt` (1-based) failed. */
  backoffMs?(attempt: number): number;
  /** How long a claim holds without renewal. The runner renews it every third of that. */
  leaseMs?: number;
  /** `completed` jobs of this kind are deleted this long after they finish. */
  retentionMs?: number;
  /**
   * Jobs of this kind run in slots of their own, at most this many at once per runner, and
   * never in the runner's shared ones (`concurrency`): for work that mostly waits on someone
   * else (a webhook receiver), so a flood of slow ones holds up nothing but its own kind. A
   * runner with `concurrency` 0 claims none of them either.
   */
  ownSlots?: number;
  /**
   * With `ownSlots`: at most this many jobs of this kind run at once for one company, counted
   * over every runner of the database (`slotPools.ts`, `companyBound`). Ignored without `ownSlots`.
   */
  perCompany?: number;
  /**
   * Called once the runner has failed a job whose worker kept dying while running it (see
   * `LEASE_RECOVERY_ALLOWANCE`): `run` never got to its own last attempt, so this does what
   * that attempt's failure would have done (records marked failed, events fired).
   */
  abandoned?(job: Job<P>, ctx: ServerContext, message: string): Promise<void>;
}

/** A handler of any kind: each kind's payload type differs, and the runner only passes it through. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- payloads differ per kind; `unknown` would refuse every typed handler
export type AnyJobHandler = JobHandler<any, unknown>;

export type JobHandlers = Record<string, AnyJobHandler>;

/** Thrown by a handler to fail the job now, skipping the remaining attempts. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

export const DEFAULT_MAX_ATTEMPTS = 3;
/**
 * A job keeps being taken up after crashes past its last attempt (a crash is not the job's
 * fault), but not forever: one that kills its worker every time is failed after this many.
 */
export const LEASE_RECOVERY_ALLOWANCE = 2;

/** Capped exponential backoff with jitter: ~1 s, 2 s, 4 s … up to 5 min, each 50–100 %. */
export function defaultBackoffMs(attempt: number): number {
  const base = Math.min(300_000, 1_000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.5 + Math.random() / 2));
}

/** The error a job given up after crashes reads with (`GET .../status` shows a case run's). */
export function abandonedMessage(crashes: number): string {
  return `Se abandonó: el proceso que lo ejecutaba se detuvo ${crashes} veces sin terminarlo`;
}

export function errorMessage(err: unknown): string {
  return isA(Error, err) ? err.message : String(err);
}
