import type { Kysely, Selectable } from 'kysely';
import type { Clock, IdGenerator } from '../clock.js';
import type { Database } from '../db/database.js';
import { fromJson, toJson } from '../db/json.js';
import { activeTraceParent } from '../tracing/traceContext.js';
import type { JobEvents } from './events.js';
import type { JobStatus, JobsTable } from './jobs.table.js';

export type { JobStatus };
export type JobRow = Selectable<JobsTable>;

/** A job as code sees it: camelCase, payload and result parsed. */
export interface Job<P = unknown, R = unknown> {
  id: string;
  kind: string;
  companyId: string | null;
  caseId: string | null;
  parentId: string | null;
  payload: P;
  status: JobStatus;
  attempts: number;
  maxAttempts: number | null;
  runAt: string;
  leaseUntil: string | null;
  lockedBy: string | null;
  result: R | null;
  error: string | null;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** The trace the job belongs to (W3C `traceparent`), when traces are on. */
  traceParent: string | null;
}

export function toJob<P = unknown, R = unknown>(row: JobRow): Job<P, R> {
  return {
    id: row.id,
    kind: row.kind,
    companyId: row.company_id,
    caseId: row.case_id,
    parentId: row.parent_id,
    payload: fromJson<P>(row.payload, null as P),
    status: row.status,
    attempts: Number(row.attempts),
    maxAttempts: row.max_attempts === null ? null : Number(row.max_attempts),
    runAt: row.run_at,
    leaseUntil: row.lease_until,
    lockedBy: row.locked_by,
    result: fromJson<R | null>(row.result, null),
    error: row.error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    traceParent: row.trace_parent ?? null,
  };
}

export interface EnqueueJobOptions<P = unknown> {
  /** The job's id when the caller needs it before the insert; default a new one. */
  id?: string;
  kind: string;
  payload: P;
  companyId?: string | null;
  caseId?: string | null;
  parentId?: string | null;
  /** Earliest start; default now. */
  runAt?: Date | string;
  /** Default: the handler's `maxAttempts`, else the runner default. */
  maxAttempts?: number;
}

/** What queueing a job uses of the context; `jobEvents` hears of it (absent: runners find it at their next poll). */
export interface EnqueueDeps {
  clock: Clock;
  ids: IdGenerator;
  jobEvents?: JobEvents;
}

/** Inserts a `pending` job. `db` may be a transaction: the job exists only if it commits. */
export async function enqueueJob<P = unknown>(db: Kysely<Database>, deps: EnqueueDeps, opts: EnqueueJobOptions<P>): Promise<Job<P>> {
  const { clock, ids } = deps;
  const now = clock.now().toISOString();
  const runAt = opts.runAt === undefined ? now : new Date(opts.runAt).toISOString();
  const row: JobRow = {
    id: opts.id ?? ids(),
    kind: opts.kind,
    company_id: opts.companyId ?? null,
    case_id: opts.caseId ?? null,
    parent_id: opts.parentId ?? null,
    payload: toJson(opts.payload),
    status: 'pending',
    attempts: 0,
    max_attempts: opts.maxAttempts ?? null,
    run_at: runAt,
    lease_until: null,
    locked_by: null,
    result: null,
    error: null,
    created_at: now,
    updated_at: now,
    started_at: null,
    finished_at: null,
    trace_parent: activeTraceParent(),
  };
  await db.insertInto('jobs').values(row).execute();
  deps.jobEvents?.emit('enqueued', opts.kind);
  return toJob<P>(row);
}

export async function getJob<P = unknown, R = unknown>(db: Kysely<Database>, id: string): Promise<Job<P, R> | undefined> {
  const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toJob<P, R>(row);
}

/** A job not finished yet: waiting for a worker or running. */
export const jobInFlight = (job: { status: JobStatus }) => job.status === 'pending' || job.status === 'processing';

export async function latestJobForCase<P = unknown, R = unknown>(
  db: Kysely<Database>,
  caseId: string,
  kind: string,
): Promise<Job<P, R> | undefined> {
  const row = await db
    .selectFrom('jobs')
    .selectAll()
    .where('case_id', '=', caseId)
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && toJob<P, R>(row);
}

/** Jobs matching every given filter, oldest first. */
export async function listJobs<P = unknown, R = unknown>(
  db: Kysely<Database>,
  filter: { caseId?: string; kind?: string; parentId?: string } = {},
): Promise<Job<P, R>[]> {
  let q = db.selectFrom('jobs').selectAll();
  if (filter.caseId !== undefined) q = q.where('case_id', '=', filter.caseId);
  if (filter.kind !== undefined) q = q.where('kind', '=', filter.kind);
  if (filter.parentId !== undefined) q = q.where('parent_id', '=', filter.parentId);
  const rows = await q.orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
  return rows.map((r) => toJob<P, R>(r));
}

/** What a reader of a case's jobs needs: no lease or attempt bookkeeping. */
export type JobSummary<P = unknown, R = unknown> = Pick<
  Job<P, R>,
  'id' | 'kind' | 'status' | 'payload' | 'result' | 'error' | 'createdAt' | 'updatedAt' | 'finishedAt'
>;

/**
 * The case's jobs of one kind, oldest first, as summaries. Read on every GET of a case's
 * lookups, so it reads only the columns those need (half the cost of whole rows).
 */
export async function listCaseJobSummaries<P = unknown, R = unknown>(
  db: Kysely<Database>,
  caseId: string,
  kind: string,
): Promise<JobSummary<P, R>[]> {
  const rows = await db
    .selectFrom('jobs')
    .select(['id', 'kind', 'status', 'payload', 'result', 'error', 'created_at', 'updated_at', 'finished_at'])
    .where('case_id', '=', caseId)
    .where('kind', '=', kind)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    payload: fromJson<P>(r.payload, null as P),
    result: fromJson<R | null>(r.result, null),
    error: r.error,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    finishedAt: r.finished_at,
  }));
}
