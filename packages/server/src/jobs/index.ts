export type { JobStatus, JobsTable } from './jobs.table.js';
export {
  enqueueJob,
  getJob,
  jobSignal,
  latestJobForCase,
  listJobs,
  toJob,
  type EnqueueJobOptions,
  type Job,
} from './jobQueue.js';
export {
  createJobRunner,
  defaultBackoffMs,
  DEFAULT_MAX_ATTEMPTS,
  PermanentJobError,
  type JobHandler,
  type JobHandlers,
  type JobRunner,
  type JobRunnerOptions,
  type JobRunOptions,
} from './jobRunner.js';
