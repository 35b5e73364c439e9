import type { JobHandler } from './jobs/jobRunner.js';
import { deliverWebhook, WEBHOOK_DELIVER_JOB } from './webhooks/index.js';

/** Every job kind the workers run, by module. */
export const jobHandlers: Record<string, JobHandler> = {
  [WEBHOOK_DELIVER_JOB]: deliverWebhook as JobHandler,
};
