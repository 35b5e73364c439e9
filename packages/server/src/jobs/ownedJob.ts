import type { ExpressionBuilder, Kysely, UpdateObject } from 'kysely';
import type { Database } from '../db/database.js';
import { toJson } from '../db/json.js';

// A worker's writes to a job it claimed, each fenced on `locked_by`: a worker whose lease was
// taken over cannot overwrite the new owner's outcome.

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

export async function completeJob(db: Kysely<Database>, id: string, workerId: string, result: unknown, now: Date): Promise<boolean> {
  const at = now.toISOString();
  return updateOwnedJob(db, id, workerId, {
    status: 'completed',
    result: toJson(result),
    error: null,
    lease_until: null,
    finished_at: at,
    updated_at: at,
  });
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
