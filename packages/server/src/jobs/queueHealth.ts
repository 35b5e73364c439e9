import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.js';

/** One kind's jobs waiting or running, as the job table says at `now`. */
export interface JobBacklogRow {
  kind: string;
  /** Due and waiting for a worker. */
  queued: number;
  /** Waiting for a later time (a retry's backoff, scheduled work). */
  scheduled: number;
  running: number;
  /** Running, but its worker stopped renewing the lease: the next claim or sweep takes it back. */
  stalled: number;
  /** When the longest-waiting due job became due; null when none is. */
  oldestDueAt: string | null;
}

/**
 * The waiting and running jobs by kind, in one grouped read of the rows not finished (the
 * `(status, run_at)` index finds them; finished rows are never read). Read at every scrape
 * of `/metrics` and by `GET /admin/jobs/summary`.
 */
export async function jobBacklog(db: Kysely<Database>, now: Date): Promise<JobBacklogRow[]> {
  const at = now.toISOString();
  const due = sql<boolean>`status = 'pending' and run_at <= ${at}`;
  const count = (when: ReturnType<typeof sql>) => sql<number>`sum(case when ${when} then 1 else 0 end)`;
  const rows = await db
    .selectFrom('jobs')
    .select([
      'kind',
      count(due).as('queued'),
      count(sql`status = 'pending' and run_at > ${at}`).as('scheduled'),
      count(sql`status = 'processing' and (lease_until is null or lease_until >= ${at})`).as('running'),
      count(sql`status = 'processing' and lease_until < ${at}`).as('stalled'),
      sql<string | null>`min(case when ${due} then run_at end)`.as('oldest_due_at'),
    ])
    .where('status', 'in', ['pending', 'processing'])
    .groupBy('kind')
    .orderBy('kind')
    .execute();
  return rows.map((r) => ({
    kind: r.kind,
    queued: Number(r.queued),
    scheduled: Number(r.scheduled),
    running: Number(r.running),
    stalled: Number(r.stalled),
    oldestDueAt: r.oldest_due_at,
  }));
}

/** The job due longest ago and still waiting for a worker (read straight from the `(status, run_at)` index). */
export function oldestQueuedJob(db: Kysely<Database>, now: Date) {
  return db
    .selectFrom('jobs')
    .select(['id', 'kind', 'company_id', 'case_id', 'attempts', 'run_at'])
    .where('status', '=', 'pending')
    .where('run_at', '<=', now.toISOString())
    .orderBy('run_at')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
}

/** Jobs failed for good since `since`, by kind. */
export async function failedSince(db: Kysely<Database>, since: Date): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('jobs')
    .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'error')
    .where('finished_at', '>=', since.toISOString())
    .groupBy('kind')
    .execute();
  return new Map(rows.map((r) => [r.kind, Number(r.n)]));
}

/**
 * Jobs whose last run failed, newest first: failed for good since `since`, or unfinished with
 * the error of a failed attempt (waiting for a retry, or running it).
 */
export function failingJobs(db: Kysely<Database>, since: Date, limit: number) {
  return db
    .selectFrom('jobs')
    .select(['id', 'kind', 'company_id', 'case_id', 'attempts', 'status', 'error', 'updated_at'])
    .where((w) =>
      w.or([
        w.and([w('status', '=', 'error'), w('finished_at', '>=', since.toISOString())]),
        w.and([w('status', 'in', ['pending', 'processing']), w('error', 'is not', null)]),
      ]),
    )
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
