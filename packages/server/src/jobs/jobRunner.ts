import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { ServerContext } from '../context.js';
import { claimNextJob, hasDueJob, type ClaimedJob } from './claim.js';
import type { JobHandlers } from './jobHandler.js';
import { createMaintenance } from './maintenance.js';
import { releaseJob } from './ownedJob.js';
import { runJob } from './runJob.js';
import { companyBound, hasFreeSlot, lendWhileIdle, slotPools, type SlotPool } from './slotPools.js';

const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_POLL_INTERVAL_MS = 1_000;
const DEFAULT_STOP_TIMEOUT_MS = 10_000;
/** After the stop bound, how long jobs told to stop get to settle before they are released. */
const ABORT_GRACE_MS = 2_000;

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
  /** Starts polling, listening for the context's enqueues (`ctx.jobEvents`), and the maintenance schedule. */
  start(): void;
  /** Stops claiming, waits for running jobs (bounded), then releases the rest to `pending`. */
  stop(): Promise<void>;
  /** Claims and runs due jobs until none is left; returns how many were started. */
  runDue(): Promise<number>;
  /** Runs due jobs and resolves once none is due or running; rejects after `timeoutMs` by the context's clock. */
  whenIdle(timeoutMs?: number): Promise<void>;
  /** Claims now instead of at the next poll. */
  notify(): void;
  /** The scheduled maintenance, run once now. */
  maintain(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The claim loop (pg-boss's worker): fills free slots with claimed jobs, on a poll, on the
 * context's enqueue events and whenever a job ends. Slots are in `slotPools.ts`, one run and
 * its lease in `runJob.ts` and `lease.ts`, housekeeping in `maintenance.ts`.
 */
export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const { ctx, handlers, concurrency } = opts;
  const { db, dialect, clock, logger } = ctx;
  const kinds = Object.keys(handlers);
  const defaultLeaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const pollIntervalMs = opts.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const stopTimeoutMs = opts.stopTimeoutMs ?? DEFAULT_STOP_TIMEOUT_MS;
  const workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  let started = false;
  let closed = false;
  let pumping: Promise<void> | null = null;
  let pumpAgain = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let stopping: Promise<void> | undefined;
  let launched = 0;
  const running = new Map<string, { done: Promise<void>; abort: AbortController }>();
  const pools = slotPools(handlers, concurrency);
  const pumpUnlessClosed = () => {
    if (!closed) void pump();
  };
  const pumpWhileRunning = () => {
    if (started && !closed) void pump();
  };
  const maintenance = createMaintenance({ ctx, handlers, onRecovered: pumpWhileRunning });
  const runDeps = { ctx, handlers, workerId, defaultLeaseMs, stopping: () => closed };

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
          while (!closed && hasFreeSlot(pool)) {
            const claim = { now: clock.now(), leaseMs: defaultLeaseMs, workerId, kinds: pool.kinds, perCompany: companyBound(pool) };
            const job = await claimNextJob(db, dialect, claim).catch((err: unknown) => {
              logger.error({ err, workerId }, 'job claim failed');
              return undefined;
            });
            if (!job) break;
            launch(job, pool);
          }
        }
      } while (pumpAgain && !closed && pools.some(hasFreeSlot));
    })().finally(() => {
      pumping = null;
    });
    return pumping;
  }

  function launch(job: ClaimedJob, pool: SlotPool) {
    const abort = new AbortController();
    pool.running++;
    if (job.recoveredLease) ctx.metrics?.jobsRecovered(job.kind, 1);
    const began = performance.now();
    const idle = <T>(work: Promise<T>) => lendWhileIdle(pool, work, pumpUnlessClosed);
    const done = runJob(runDeps, job, abort, idle)
      .then((outcome) => ctx.metrics?.jobRun(job.kind, outcome, (performance.now() - began) / 1000))
      .catch((err: unknown) => logger.error({ err, jobId: job.id, kind: job.kind }, 'job bookkeeping failed'))
      .finally(() => {
        running.delete(job.id);
        pool.running--;
        pumpWhileRunning();
      });
    running.set(job.id, { done, abort });
    launched++;
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

  /** Until the running jobs have finished, or `ms` has passed. */
  async function runningSettle(ms: number) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...running.values()].map((r) => r.done)),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
      }),
    ]);
    clearTimeout(timer);
  }

  async function shutDown() {
    closed = true;
    started = false;
    clearTimeout(pollTimer);
    maintenance.stop();
    ctx.jobEvents.off('enqueued', onEnqueued);
    await pumping;
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
  }

  return {
    workerId,

    start() {
      if (started || closed || concurrency <= 0) return;
      started = true;
      ctx.jobEvents.on('enqueued', onEnqueued);
      maintenance.start();
      void pump();
      schedulePoll();
    },

    stop() {
      stopping ??= shutDown();
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
      const deadline = clock.now().getTime() + timeoutMs;
      // A stopped runner runs nothing more; jobs it abandoned were released.
      while (!closed) {
        await pump();
        if (running.size === 0 && !pumping && !(await hasDueJob(db, kinds, clock.now())) && running.size === 0) return;
        if (clock.now().getTime() >= deadline) throw new Error(`job runner not idle after ${timeoutMs} ms`);
        const settled = [...running.values()].map((r) => r.done);
        await Promise.race([...settled, sleep(settled.length > 0 ? 100 : 10)]);
      }
    },

    notify: pumpUnlessClosed,

    maintain: () => maintenance.runOnce(),
  };
}
