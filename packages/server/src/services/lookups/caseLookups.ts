import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { listCaseJobSummaries, type JobSummary } from '../../jobs/jobQueue.js';
import { lookupJobKind, type LookupJobSource } from '../../jobs/kinds.js';
import type { LookupPayload, LookupResult } from './lookupJob.js';

export type LookupJob = JobSummary<LookupPayload, LookupResult>;

/** Every lookup of `source` on a case, newest first. */
export async function caseLookups(db: Kysely<Database>, caseId: string, source: LookupJobSource): Promise<LookupJob[]> {
  const jobs = await listCaseJobSummaries<LookupPayload, LookupResult>(db, caseId, lookupJobKind(source));
  return jobs.reverse();
}

export const obj = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
