/** Lifecycle of a durable job (contract §3 "Job"). */
export type JobStatus = 'pending' | 'processing' | 'completed' | 'error';

/**
 * One row per asynchronous unit of work. Ids are UUID text, timestamps ISO 8601 text,
 * JSON as text: the same rows on SQLite and PostgreSQL.
 */
export interface JobsTable {
  id: string;
  kind: string;
  company_id: string | null;
  case_id: string | null;
  parent_id: string | null;
  payload: string; // JSON
  status: JobStatus;
  /** Claims so far, the running one included. */
  attempts: number;
  /** Null: the handler's `maxAttempts` (else the runner default) decides. */
  max_attempts: number | null;
  /** Not claimable before this instant (retry backoff, scheduled work). */
  run_at: string;
  /** A `processing` job whose lease passed is taken up again by any worker. */
  lease_until: string | null;
  locked_by: string | null;
  result: string | null; // JSON
  error: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** W3C `traceparent` of the span that queued it; null when traces are off (migration 011). */
  trace_parent: string | null;
}
