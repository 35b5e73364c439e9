import * as z from 'zod';
import { timestamp } from './common.js';

/** Queue health for operators (`GET /admin/jobs/summary`, `vcase admin jobs`). */
const count = z.number().int().min(0);

/** One job kind's unfinished jobs, and its recent failures. */
export const jobBacklogEntrySchema = z.object({
  kind: z.string(),
  /** Due, waiting for a worker. */
  queued: count,
  /** Waiting for a later time: a retry's backoff. */
  scheduled: count,
  running: count,
  /** Running, but its worker stopped renewing the lease: it is taken back by the next claim or sweep. */
  stalled: count,
  /** Failed for good in the last 24 hours. */
  failed_24h: count,
  /** When the longest-waiting due job became due; null when none waits. */
  oldest_queued_at: timestamp.nullable(),
});
export type JobBacklogEntry = z.infer<typeof jobBacklogEntrySchema>;

const jobRefFields = {
  job_id: z.string(),
  kind: z.string(),
  company_id: z.string().nullable(),
  case_id: z.string().nullable(),
  /** Runs so far, the current one included. */
  attempts: count,
};

export const oldestQueuedJobSchema = z.object({
  ...jobRefFields,
  queued_since: timestamp,
  waiting_seconds: z.number().min(0),
});

/** A job whose last run failed: failed for good (`error`), or waiting for its retry. */
export const failingJobSchema = z.object({
  ...jobRefFields,
  status: z.enum(['pending', 'processing', 'error']),
  error: z.string(),
  updated_at: timestamp,
});
export type FailingJob = z.infer<typeof failingJobSchema>;

export const jobsSummarySchema = z.object({
  generated_at: timestamp,
  /** Kinds with unfinished jobs or recent failures, by name. */
  backlog: z.array(jobBacklogEntrySchema),
  oldest_queued: oldestQueuedJobSchema.nullable(),
  /** Newest first, at most 20. */
  failing: z.array(failingJobSchema),
});
export type JobsSummary = z.infer<typeof jobsSummarySchema>;
