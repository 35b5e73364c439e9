import { isA } from '@vcase/shared';
import type { ServerContext } from '../context.js';
import type { JobRunOutcome } from '../metrics/hooks.js';
import {
  abandonedMessage,
  DEFAULT_MAX_ATTEMPTS,
  defaultBackoffMs,
  errorMessage,
  LEASE_RECOVERY_ALLOWANCE,
  PermanentJobError,
  type JobHandlers,
  type JobRunOptions,
} from './jobHandler.js';
import type { Job } from './jobQueue.js';
import { holdLease } from './lease.js';
import { completeJob, failJob, releaseJob, retryJob } from './ownedJob.js';

export interface RunDeps {
  ctx: ServerContext;
  handlers: JobHandlers;
  workerId: string;
  /** The claim's lease; a handler's own `leaseMs` replaces it from the first renewal on. */
  defaultLeaseMs: number;
  /** Whether the runner is stopping: a job it told to stop then goes back to the queue. */
  stopping(): boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs a claimed job and records its outcome; answers how the run ended (for `ctx.metrics`). */
export async function runJob(deps: RunDeps, job: Job, abort: AbortController, idle: JobRunOptions['idle']): Promise<JobRunOutcome> {
  const { ctx, workerId } = deps;
  const { db, clock, logger } = ctx;
  const handler = deps.handlers[job.kind];
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

  const leaseMs = handler.leaseMs ?? deps.defaultLeaseMs;
  const lease = holdLease({ ctx, jobId: job.id, workerId, leaseMs, abort, log });
  if (handler.leaseMs !== undefined && handler.leaseMs !== deps.defaultLeaseMs) await lease.renew();

  const { signal } = abort;
  const waitWhile: JobRunOptions['waitWhile'] = async (busy, wait) => {
    const until = clock.now().getTime() + wait.maxMs;
    while (clock.now().getTime() < until && (await busy())) {
      if (signal.aborted) throw new Error('job stopped while waiting');
      await idle(sleep(wait.pollMs));
    }
  };
  let outcome: { ok: true; result: unknown } | { ok: false; err: unknown };
  try {
    outcome = { ok: true, result: await handler.run(job, ctx, { signal, idle, waitWhile }) };
  } catch (err) {
    outcome = { ok: false, err };
  } finally {
    lease.end();
  }

  const now = clock.now();
  if (outcome.ok) {
    const owned = await completeJob(db, job.id, workerId, outcome.result, now);
    if (!owned) logger.warn(log, 'job finished after losing its claim; outcome discarded');
    return owned ? 'completed' : 'lost';
  }
  if (deps.stopping() && signal.aborted) {
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
