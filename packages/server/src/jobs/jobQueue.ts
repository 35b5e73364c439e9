import { EventEmitter } from 'node:events';
import { sql, type ExpressionBuilder, type Kysely, type Selectable, type UpdateObject } from 'kysely';
import type { Clock, IdGenerator } from '../clock.js';
import type { Dialect } from '../db/createDatabase.js';
import type { Database } from '../db/database.js';
import { fromJson, toJson } from '../db/json.js';
import { activeTraceParent } from '../tracing/traceContext.js';
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

/**
 * Fires `'enqueued'` (with the kind) whenever this process enqueues a job, so an idle
 * runner in the same process claims it at once instead of at its next poll.
 */
export const jobSignal = new EventEmitter();
jobSignal.setMaxListeners(0);

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

/** Inserts a `pending` job. `db` may be a transaction: the job exists only if it commits. */
export async function enqueueJob<P = unknown>(
  db: Kysely<Database>,
  clock: Clock,
  ids: IdGenerator,
  opts: EnqueueJobOptions<P>,
): Promise<Job<P>> {
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
  jobSignal.emit('enqueued', opts.kind);
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

// --- Worker-side primitives. Every write after the claim is fenced on `locked_by`, so a
// worker whose lease was taken over cannot overwrite the new owner's outcome.

/** `processing`, but its worker stopped renewing the lease (it died or hung). */
function isLeaseExpired(w: ExpressionBuilder<Database, 'jobs'>, nowIso: string) {
  return w.and([w('status', '=', 'processing'), w('lease_until', '<', nowIso)]);
}

/** Due `pending`, or `processing` whose worker stopped renewing its lease. */
function isClaimable(w: ExpressionBuilder<Database, 'jobs'>, nowIso: string) {
  return w.or([w.and([w('status', '=', 'pending'), w('run_at', '<=', nowIso)]), isLeaseExpired(w, nowIso)]);
}

export interface ClaimOptions {
  now: Date;
  leaseMs: number;
  workerId: string;
  /** Only kinds this worker has handlers for. */
  kinds: readonly string[];
  /**
   * Passes over the jobs of a company that already has this many of these kinds running
   * (leases alive, on any runner of the database). SQLite serialises the claims; on
   * PostgreSQL such claims take turns on an advisory lock, so the bound holds there too.
   */
  perCompany?: number;
}

/** A claimed job; `recoveredLease`: it was taken over from a worker whose lease had expired. */
export type ClaimedJob = Job & { recoveredLease: boolean };

/**
 * Atomically takes the next due job: `processing` with an expired lease (its worker crashed:
 * work already begun goes first, and is reported as recovered), else `pending` with
 * `run_at <= now`. PostgreSQL: `FOR UPDATE SKIP LOCKED`, so concurrent workers pass over each
 * other's rows. SQLite: each is one `UPDATE … WHERE id = (SELECT … LIMIT 1) RETURNING *`
 * statement, atomic because SQLite serialises writers.
 */
export async function claimNextJob(
  db: Kysely<Database>,
  dialect: Dialect,
  opts: ClaimOptions,
): Promise<ClaimedJob | undefined> {
  if (opts.kinds.length === 0) return undefined;
  const claim = async (q: Kysely<Database>): Promise<ClaimedJob | undefined> => {
    const recovered = await claimOne(q, dialect, opts, isLeaseExpired);
    if (recovered) return { ...recovered, recoveredLease: true };
    const due = await claimOne(q, dialect, opts, (w, now) => w.and([w('status', '=', 'pending'), w('run_at', '<=', now)]));
    return due && { ...due, recoveredLease: false };
  };
  if (dialect === 'postgres' && opts.perCompany !== undefined) {
    // Claims that count a company's running jobs take turns (a lock held to the commit), so
    // each sees the claims before it and the bound holds across processes.
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`vcase.claim:${[...opts.kinds].sort().join(',')}`}))`.execute(trx);
      return claim(trx);
    });
  }
  return claim(db);
}

async function claimOne(
  db: Kysely<Database>,
  dialect: Dialect,
  opts: ClaimOptions,
  which: (w: ExpressionBuilder<Database, 'jobs'>, nowIso: string) => ReturnType<typeof isLeaseExpired>,
): Promise<Job | undefined> {
  const now = opts.now.toISOString();
  const leaseUntil = new Date(opts.now.getTime() + opts.leaseMs).toISOString();
  const row = await db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'processing',
      attempts: eb('attempts', '+', 1),
      lease_until: leaseUntil,
      locked_by: opts.workerId,
      started_at: eb.fn.coalesce('started_at', eb.val(now)),
      updated_at: now,
    }))
    .where('id', '=', (eb) => {
      const next = eb
        .selectFrom('jobs')
        .select('id')
        .where('kind', 'in', opts.kinds)
        .where((w) => which(w, now))
        .$if(opts.perCompany !== undefined, (q) =>
          q.where((w) =>
            w.or([
              w('company_id', 'is', null),
              w(
                'company_id',
                'not in',
                w
                  .selectFrom('jobs as busy')
                  .select('busy.company_id')
                  .where('busy.kind', 'in', opts.kinds)
                  .where('busy.status', '=', 'processing')
                  .where('busy.lease_until', '>=', now)
                  .where('busy.company_id', 'is not', null)
                  .groupBy('busy.company_id')
                  .having((h) => h.fn.countAll(), '>=', opts.perCompany ?? 0),
              ),
            ]),
          ),
        )
        .orderBy('run_at')
        .orderBy('created_at')
        .limit(1);
      return dialect === 'postgres' ? next.forUpdate().skipLocked() : next;
    })
    .returningAll()
    .executeTakeFirst();
  return row && toJob(row);
}

type JobUpdate = UpdateObject<Database, 'jobs'> | ((eb: ExpressionBuilder<Database, 'jobs'>) => UpdateObject<Database, 'jobs'>);

/**
 * Updates a job this worker holds (`processing`, locked by `workerId`); false when it no
 * longer does (its lease ran out and another worker took it, or it was released).
 */
async function updateOwnedJob(db: Kysely<Database>, id: string, workerId: string, set: JobUpdate): Promise<boolean> {
  const res = await db
    .updateTable('jobs')
    .set(set)
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Pushes the lease forward; false when this worker no longer owns the job. */
export function extendLease(db: Kysely<Database>, id: string, workerId: string, leaseUntil: Date): Promise<boolean> {
  return updateOwnedJob(db, id, workerId, { lease_until: leaseUntil.toISOString() });
}

export async function completeJob(
  db: Kysely<Database>,
  id: string,
  workerId: string,
  result: unknown,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  return updateOwnedJob(db, id, workerId, { status: 'completed', result: toJson(result), error: null, lease_until: null, finished_at: at, updated_at: at });
}

/** Back to `pending` at `runAt`, keeping the error so status readers see why. */
export async function retryJob(
  db: Kysely<Database>,
  id: string,
  workerId: string,
  error: string,
  runAt: Date,
  now: Date,
): Promise<boolean> {
  return updateOwnedJob(db, id, workerId, {
    status: 'pending',
    error,
    run_at: runAt.toISOString(),
    lease_until: null,
    locked_by: null,
    updated_at: now.toISOString(),
  });
}

export async function failJob(db: Kysely<Database>, id: string, workerId: string, error: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  return updateOwnedJob(db, id, workerId, { status: 'error', error, lease_until: null, finished_at: at, updated_at: at });
}

/**
 * Hands an interrupted job back (graceful shutdown): `pending`, due now, and the claim does
 * not count as an attempt, since the job did not fail.
 */
export async function releaseJob(db: Kysely<Database>, id: string, workerId: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  return updateOwnedJob(db, id, workerId, (eb) => ({
    status: 'pending',
    attempts: eb('attempts', '-', 1),
    run_at: at,
    lease_until: null,
    locked_by: null,
    updated_at: at,
  }));
}

/** Whether a claimable job of these kinds exists (for `whenIdle`). */
export async function hasDueJob(db: Kysely<Database>, kinds: readonly string[], now: Date): Promise<boolean> {
  if (kinds.length === 0) return false;
  const at = now.toISOString();
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', 'in', kinds)
    .where((w) => isClaimable(w, at))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Hands every job whose lease expired back to `pending` (its worker died or hung) and
 * returns them, so the caller can log the recovery.
 */
export async function recoverExpiredLeases(db: Kysely<Database>, now: Date): Promise<{ id: string; kind: string }[]> {
  const at = now.toISOString();
  return db
    .updateTable('jobs')
    .set({ status: 'pending', lease_until: null, locked_by: null, run_at: at, updated_at: at })
    .where('status', '=', 'processing')
    .where('lease_until', '<', at)
    .returning(['id', 'kind'])
    .execute();
}

/** Deletes `completed` jobs of `kind` that finished before `before`; returns how many. */
export async function purgeCompletedJobs(db: Kysely<Database>, kind: string, before: Date): Promise<number> {
  const res = await db
    .deleteFrom('jobs')
    .where('kind', '=', kind)
    .where('status', '=', 'completed')
    .where('finished_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

