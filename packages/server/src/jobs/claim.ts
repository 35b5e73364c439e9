import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../db/createDatabase.js';
import type { Database } from '../db/database.js';
import { toJob, type Job } from './jobQueue.js';

// The claim queries. Every write after the claim is fenced on `locked_by` (`ownedJob.ts`).

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
export async function claimNextJob(db: Kysely<Database>, dialect: Dialect, opts: ClaimOptions): Promise<ClaimedJob | undefined> {
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
