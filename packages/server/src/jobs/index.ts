export type { JobStatus, JobsTable } from './jobs.table.js';
export { createJobEvents, type JobEvents } from './events.js';
export { enqueueJob, getJob, latestJobForCase, listJobs, toJob, type EnqueueJobOptions, type Job } from './jobQueue.js';
export {
  defaultBackoffMs,
  DEFAULT_MAX_ATTEMPTS,
  PermanentJobError,
  type JobHandler,
  type JobHandlers,
  type JobRunOptions,
} from './jobHandler.js';
export { createJobRunner, type JobRunner, type JobRunnerOptions } from './jobRunner.js';
