import type { JobsSummary } from '@vcase/shared';
import type { ServerContext } from '../context.js';
import { failedSince, failingJobs, jobBacklog, oldestQueuedJob } from '../jobs/queueHealth.js';

/** Failures this recent are listed and counted; older ones are history. */
const FAILED_WINDOW_MS = 24 * 60 * 60 * 1000;
const FAILING_LIMIT = 20;

/**
 * Queue health for an operator (`GET /admin/jobs/summary`): the unfinished jobs by kind and
 * state, the job waiting longest for a worker, and the jobs whose last run failed. Read from
 * the job table, so it is the whole fleet's, whichever instance answers.
 */
export async function jobsSummary(ctx: ServerContext): Promise<JobsSummary> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - FAILED_WINDOW_MS);
  const [backlog, failed, oldest, failing] = await Promise.all([
    jobBacklog(ctx.db, now),
    failedSince(ctx.db, since),
    oldestQueuedJob(ctx.db, now),
    failingJobs(ctx.db, since, FAILING_LIMIT),
  ]);
  const byKind = new Map(backlog.map((r) => [r.kind, r]));
  const kinds = [...new Set([...byKind.keys(), ...failed.keys()])].sort();
  return {
    generated_at: now.toISOString(),
    backlog: kinds.map((kind) => {
      const r = byKind.get(kind);
      return {
        kind,
        queued: r?.queued ?? 0,
        scheduled: r?.scheduled ?? 0,
        running: r?.running ?? 0,
        stalled: r?.stalled ?? 0,
        failed_24h: failed.get(kind) ?? 0,
        oldest_queued_at: r?.oldestDueAt ?? null,
      };
    }),
    oldest_queued: oldest
      ? {
          job_id: oldest.id,
          kind: oldest.kind,
          company_id: oldest.company_id,
          case_id: oldest.case_id,
          attempts: Number(oldest.attempts),
          queued_since: oldest.run_at,
          waiting_seconds: Math.max(0, (now.getTime() - Date.parse(oldest.run_at)) / 1000),
        }
      : null,
    failing: failing.map((j) => ({
      job_id: j.id,
      kind: j.kind,
      company_id: j.company_id,
      case_id: j.case_id,
      attempts: Number(j.attempts),
      status: j.status as 'pending' | 'processing' | 'error',
      error: j.error ?? '',
      updated_at: j.updated_at,
    })),
  };
}
