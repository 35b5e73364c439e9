import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Cron } from 'croner';
import { isA } from '@vcase/shared';
import type { ServerContext } from '../context.js';
import type { JobRunOutcome } from '../metrics/hooks.js';
import {
  claimNextJob,
  completeJob,
  extendLease,
  failJob,
  hasDueJob,
  jobSignal,
  purgeCompletedJobs,
  recoverExpiredLeases,
  releaseJob,
  retryJob,
  type ClaimedJob,
  type Job,
} from './jobQueue.js';

export interface JobRunOptions {
  /** Aborted when the runner gives the job up (shutdown past its bound, lease lost). */
  signal: AbortSignal;
  /**
   * Awaits `work` during which the job only waits (a timer, not CPU or a connection): its
   * slot is lent to other jobs meanwhile, so long waits do not hold up the queue.
   */
  idle<T>(work: Promise<T>): Promise<T>;
}

/**
 * Inside a job: waits while `busy()` holds, asking every `pollMs` with the job's slot lent out
 * (`idle`), at most `maxMs`; gives up (throws) when the runner stops the job.
 */
export async function waitWhile(busy: () => Promise<boolean>, opts: JobRunOptions, wait: { pollMs: number; maxMs: number }) {
  const until = Date.now() + wait.maxMs;
  while (Date.now() < until && (await busy())) {
    if (opts.signal.aborted) throw new Error('job stopped while waiting');
    await opts.idle(new Promise((resolve) => setTimeout(resolve, wait.pollMs)));
  }
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
   * over every runner of the database, so one company's slow receivers cannot take every slot
   * of the kind; and the last eighth of a runner's slots only go to companies with none of
   * the kind running. (Ignored without `ownSlots`.)
   */
  perCompany?: number;
  /**
   * Called once the runner has failed a job whose worker kept dying while running it (see
   * `LEASE_RECOVERY_ALLOWANCE`): `run` never got to its own last attempt, so this does what
   * that attempt's failure would have done (records marked failed, events fired).
   */
  abandoned?(job: Job<P>, ctx: ServerContext, message: string): Promise<void>;
}

export type JobHandlers = Record<string, JobHandler<any, unknown>>;

/** Thrown by a handler to fail the job now, skipping the remaining attempts. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

export const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_POLL_INTERVAL_MS = 1_000;
const DEFAULT_STOP_TIMEOUT_MS = 10_000;
/** After the stop bound, how long jobs told to stop get to settle before they are released. */
const ABORT_GRACE_MS = 2_000;
/**
 * A job keeps being taken up after crashes past its last attempt (a crash is not the job's
 * fault), but not forever: one that kills its worker every time is failed after this many.
 */
const LEASE_RECOVERY_ALLOWANCE = 2;
/** Jobs idling in `idle()` beyond the concurrency, at most (each holds a timer, nothing more). */
const MAX_IDLE_JOBS = 100;

/** Capped exponential backoff with jitter: ~1 s, 2 s, 4 s … up to 5 min, each 50–100 %. */
export function defaultBackoffMs(attempt: number): number {
  const base = Math.min(300_000, 1_000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.5 + Math.random() / 2));
}

export interface JobRunnerOptions {
  ctx: ServerContext;
  handlers: JobHandlers;
  /** Jobs run at once by this runner. 0 claims nothing. */
  concurrency: number;
  leaseMs?: number;
  pollIntervalMs?: number;
  workerId?: string;
  /** How long `stop()` waits for running jobs before handing them back. */
  stopTimeoutMs?: number;
}

export interface JobRunner {
  readonly workerId: string;
  /** Starts polling, listening for same-process enqueues, and the maintenance schedule. */
  start(): void;
  /** Stops claiming, waits for running jobs (bounded), then releases the rest to `pending`. */
  stop(): Promise<void>;
  /** Claims and runs due jobs until none is left; returns how many were started. */
  runDue(): Promise<number>;
  /** Runs due jobs and resolves once none is due or running; rejects after `timeoutMs`. */
  whenIdle(timeoutMs?: number): Promise<void>;
  /** Claims now instead of at the next poll. */
  notify(): void;
  /** The scheduled maintenance, run once now. */
  maintain(): Promise<void>;
}

export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const { ctx, handlers, concurrency } = opts;
  const { db, dialect, clock, logger } = ctx;
  const kinds = Object.keys(handlers);
  const defaultLeaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const pollIntervalMs = opts.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const stopTimeoutMs = opts.stopTimeoutMs ?? DEFAULT_STOP_TIMEOUT_MS;
  const workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  const running = new Map<string, { done: Promise<void>; abort: AbortController }>();
  /**
   * Slots: the shared pool (`concurrency`, kinds without `ownSlots`), and one pool per kind with
   * `ownSlots`. `idling`: jobs of the pool waiting in `idle()`, whose slots are lent out (only
   * the shared pool lends).
   */
  interface Pool {
    kinds: string[];
    limit: number;
    perCompany?: number;
    running: number;
    idling: number;
  }
  const shared: Pool = { kinds: kinds.filter((k) => handlers[k].ownSlots === undefined), limit: concurrency, running: 0, idling: 0 };
  const pools: Pool[] = [
    shared,
    ...kinds
      .filter((k) => handlers[k].ownSlots !== undefined)
      .map((k) => ({ kinds: [k], limit: concurrency > 0 ? (handlers[k].ownSlots ?? 0) : 0, perCompany: handlers[k].perCompany, running: 0, idling: 0 })),
  ].filter((pool) => pool.kinds.length > 0);
  const left = (pool: Pool) => pool.limit - (pool.running - pool.idling);
  const free = (pool: Pool) => left(pool) > 0;
  /**
   * The claim's bound per company: the kind's `perCompany`, but once only the pool's last
   * eighth of slots is free, 1: those slots go to companies with nothing of the kind running,
   * so companies whose jobs all hang cannot fill the pool by being several.
   */
  const companyBound = (pool: Pool) => {
    if (pool.perCompany === undefined) return undefined;
    return left(pool) <= Math.ceil(pool.limit / 8) ? Math.min(1, pool.perCompany) : pool.perCompany;
  };
  let started = false;
  let closed = false;
  let pumping: Promise<void> | null = null;
  let pumpAgain = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let schedules: Cron[] = [];
  let stopping: Promise<void> | undefined;
  let launched = 0;

  /** Fills free slots with claimed jobs. One claimer at a time, so the bound holds. */
  function pump(): Promise<void> {
    if (pumping) {
      pumpAgain = true;
      return pumping;
    }
    pumping = (async () => {
      do {
        pumpAgain = false;
        for (const pool of pools) {
          while (!closed && free(pool)) {
            const job = await claimNextJob(db, dialect, {
              now: clock.now(),
              leaseMs: defaultLeaseMs,
              workerId,
              kinds: pool.kinds,
              perCompany: companyBound(pool),
            }).catch((err: unknown) => {
              logger.error({ err, workerId }, 'job claim failed');
              return undefined;
            });
            if (!job) break;
            launch(job, pool);
          }
        }
      } while (pumpAgain && !closed && pools.some(free));
    })().finally(() => {
      pumping = null;
    });
    return pumping;
  }

  function launch(job: ClaimedJob, pool: Pool) {
    const abort = new AbortController();
    pool.running++;
    if (job.recoveredLease) ctx.metrics?.jobsRecovered(job.kind, 1);
    const began = performance.now();
    const done = execute(job, abort, pool)
      .then((outcome) => ctx.metrics?.jobRun(job.kind, outcome, (performance.now() - began) / 1000))
      .catch((err: unknown) => logger.error({ err, jobId: job.id, kind: job.kind }, 'job bookkeeping failed'))
      .finally(() => {
        running.delete(job.id);
        pool.running--;
        if (started && !closed) void pump();
      });
    running.set(job.id, { done, abort });
    launched++;
  }

  /** Runs the job and records its outcome; answers how the run ended (for `ctx.metrics`). */
  async function execute(job: Job, abort: AbortController, pool: Pool): Promise<JobRunOutcome> {
    const handler = handlers[job.kind];
    const log = { jobId: job.id, kind: job.kind, attempt: job.attempts, workerId };
    if (!handler) {
      await failJob(db, job.id, workerId, `no handler for job kind ${job.kind}`, clock.now());
      return 'failed';
    }
    const maxAttempts = job.maxAttempts ?? handler.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    if (job.attempts > maxAttempts + LEASE_RECOVERY_ALLOWANCE) {
      const message = abandonedMessage(job.attempts - 1);
      await failJob(db, job.id, workerId, message, clock.now());
      logger.error(log, 'job abandoned: its worker stopped renewing the lease too many times');
      await handler.abandoned?.(job, ctx, message).catch((err: unknown) => logger.error({ ...log, err }, 'job abandonment follow-up failed'));
      return 'abandoned';
    }

    // The handler's own lease replaces the claim's default from the first renewal on.
    const leaseMs = handler.leaseMs ?? defaultLeaseMs;
    let finished = false;
    const renew = async () => {
      try {
        const owned = await extendLease(db, job.id, workerId, new Date(clock.now().getTime() + leaseMs));
        if (!owned && !finished) {
          logger.warn(log, 'job lease lost; another worker may have taken it');
          abort.abort(new Error('job lease lost'));
        }
      } catch (err) {
        logger.warn({ ...log, err }, 'job lease renewal failed');
      }
    };
    const heartbeat = setInterval(() => void renew(), Math.max(10, Math.floor(leaseMs / 3)));
    heartbeat.unref();
    // Once given up (shutdown, lost lease) the job is no longer ours to renew.
    abort.signal.addEventListener('abort', () => clearInterval(heartbeat), { once: true });
    if (handler.leaseMs !== undefined && handler.leaseMs !== defaultLeaseMs) await renew();

    let outcome: { ok: true; result: unknown } | { ok: false; err: unknown };
    try {
      outcome = { ok: true, result: await handler.run(job, ctx, { signal: abort.signal, idle: (work) => idle(pool, work) }) };
    } catch (err) {
      outcome = { ok: false, err };
    } finally {
      finished = true;
      clearInterval(heartbeat);
    }

    const now = clock.now();
    if (outcome.ok) {
      const owned = await completeJob(db, job.id, workerId, outcome.result, now);
      if (!owned) logger.warn(log, 'job finished after losing its claim; outcome discarded');
      return owned ? 'completed' : 'lost';
    }
    if (closed && abort.signal.aborted) {
      // Given up at shutdown: the job goes back to the queue uncounted, as if never claimed.
      if (await releaseJob(db, job.id, workerId, now)) logger.warn(log, 'job stopped at shutdown; released to pending');
      return 'released';
    }
    const message = errorMessage(outcome.err);
    const retry = !isA(PermanentJobError, outcome.err) && job.attempts < maxAttempts;
    if (retry) {
      const delay = (handler.backoffMs ?? defaultBackoffMs)(job.attempts);
      await retryJob(db, job.id, workerId, message, new Date(now.getTime() + delay), now);
      logger.warn({ ...log, err: outcome.err, retryInMs: delay }, 'job failed; will retry');
      return 'retried';
    }
    await failJob(db, job.id, workerId, message, now);
    logger.error({ ...log, err: outcome.err }, 'job failed');
    return 'failed';
  }

  /** A job of `pool` waits on `work`: a shared slot is lent to other jobs meanwhile. */
  async function idle<T>(pool: Pool, work: Promise<T>): Promise<T> {
    if (pool !== shared || pool.idling >= MAX_IDLE_JOBS) return work;
    pool.idling++;
    if (!closed) void pump();
    try {
      return await work;
    } finally {
      pool.idling--;
    }
  }

  async function maintain(): Promise<void> {
    const now = clock.now();
    const recovered = await recoverExpiredLeases(db, now);
    if (recovered.length > 0) {
      logger.warn({ jobs: recovered }, 'jobs whose worker lease expired are pending again');
      for (const { kind } of recovered) ctx.metrics?.jobsRecovered(kind, 1);
      if (started && !closed) void pump();
    }
  }

  async function purge(): Promise<void> {
    const now = clock.now().getTime();
    for (const [kind, handler] of Object.entries(handlers)) {
      if (handler.retentionMs === undefined) continue;
      const removed = await purgeCompletedJobs(db, kind, new Date(now - handler.retentionMs));
      if (removed > 0) logger.info({ kind, removed }, 'purged completed jobs');
    }
  }

  function schedulePoll() {
    if (!started || closed) return;
    pollTimer = setTimeout(() => {
      void pump().finally(schedulePoll);
    }, pollIntervalMs);
    pollTimer.unref();
  }

  const onEnqueued = (kind: string) => {
    if (!Object.hasOwn(handlers, kind) || closed) return;
    void pump();
    // An enqueue inside a transaction signals before its commit; on PostgreSQL the first
    // claim cannot see the row yet, so look once more shortly after.
    setTimeout(() => void pump(), 50).unref();
  };

  return {
    workerId,

    start() {
      if (started || closed || concurrency <= 0) return;
      started = true;
      jobSignal.on('enqueued', onEnqueued);
      // Housekeeping runs on the wall clock, apart from the claim loop (which only runs while
      // this worker has a free slot): every 5 s, jobs whose worker died are put back to
      // `pending`, so their status reads true and any worker can take them; every hour,
      // completed jobs with a retention (webhook deliveries, whose record lives in
      // `webhook_deliveries`) are deleted. `protect` skips a run while the last one is busy.
      const every = (pattern: string, task: () => Promise<void>) =>
        new Cron(pattern, { protect: true, unref: true }, () =>
          task().catch((err: unknown) => logger.error({ err }, 'job maintenance failed')),
        );
      schedules = [every('*/5 * * * * *', maintain), every('0 0 * * * *', purge)];
      void pump();
      schedulePoll();
    },

    stop() {
      stopping ??= (async () => {
        closed = true;
        started = false;
        clearTimeout(pollTimer);
        for (const s of schedules) s.stop();
        jobSignal.off('enqueued', onEnqueued);
        await pumping;
        /** Until the running jobs have finished, or `ms` has passed. */
        const runningSettle = async (ms: number) => {
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([
            Promise.allSettled([...running.values()].map((r) => r.done)),
            new Promise<void>((resolve) => {
              timer = setTimeout(resolve, ms);
            }),
          ]);
          clearTimeout(timer);
        };
        await runningSettle(stopTimeoutMs);
        // Jobs still running are told to stop, and given a moment to settle their own way
        // (a webhook delivery records its interrupted attempt); the rest are released.
        for (const { abort } of running.values()) abort.abort(new Error('job runner stopped'));
        await runningSettle(ABORT_GRACE_MS);
        for (const [id] of running) {
          try {
            if (await releaseJob(db, id, workerId, clock.now())) {
              logger.warn({ jobId: id, workerId }, 'job still running at shutdown; released to pending');
            }
          } catch (err) {
            logger.error({ err, jobId: id }, 'could not release job at shutdown; its lease will expire');
          }
        }
      })();
      return stopping;
    },

    async runDue() {
      const before = launched;
      while (!closed) {
        await pump();
        if (running.size === 0) return launched - before;
        await Promise.race([...running.values()].map((r) => r.done));
      }
      return launched - before;
    },

    async whenIdle(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      // A stopped runner runs nothing more; jobs it abandoned were released.
      while (!closed) {
        await pump();
        if (running.size === 0 && !pumping && !(await hasDueJob(db, kinds, clock.now())) && running.size === 0) return;
        if (Date.now() >= deadline) throw new Error(`job runner not idle after ${timeoutMs} ms`);
        const settled = [...running.values()].map((r) => r.done);
        await Promise.race([...settled, sleep(settled.length > 0 ? 100 : 10)]);
      }
    },

    notify() {
      if (!closed) void pump();
    },

    maintain: async () => {
      await maintain();
      await purge();
    },
  };
}

/** The error a job given up after crashes reads with (`GET .../status` shows a case run's). */
export function abandonedMessage(crashes: number): string {
  return `Se abandonó: el proceso que lo ejecutaba se detuvo ${crashes} veces sin terminarlo`;
}

function errorMessage(err: unknown): string {
  return isA(Error, err) ? err.message : String(err);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
