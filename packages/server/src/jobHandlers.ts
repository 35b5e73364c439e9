import type { JobHandler } from './jobs/jobHandler.js';
import {
  CASE_PROCESS_JOB,
  DOCUMENT_PROCESS_JOB,
  INVOICE_CHECK_JOB,
  LOOKUP_BATCH_JOB,
  LOOKUP_JOB_SOURCES,
  lookupJobKind,
  OWNERSHIP_CHAIN_JOB,
  PLATE_CHAIN_JOB,
  PLATE_PORTAL_JOB,
  WEBHOOK_DELIVER_JOB,
  type JobKind,
  type LookupJobKind,
} from './jobs/kinds.js';
import { caseProcessJob } from './services/caseProcessing.service.js';
import { documentProcessJob } from './services/documentJobs.js';
import { platePortalJob } from './services/plates.service.js';
import { deliverWebhook } from './webhooks/index.js';
import { attachBureauReport } from './services/lookups/bureau.service.js';
import { invoiceCheckJob } from './services/lookups/invoices.service.js';
import { chainJob } from './services/chains.service.js';
import { lookupBatchJob } from './services/plateReports.service.js';
import { lookupJobHandler } from './services/lookups/lookupJob.js';

/** The handler of every job kind the workers run (`jobs/kinds.ts`). */
export const jobHandlers: Record<JobKind, JobHandler> = {
  [WEBHOOK_DELIVER_JOB]: deliverWebhook as JobHandler,
  [DOCUMENT_PROCESS_JOB]: documentProcessJob as JobHandler,
  [CASE_PROCESS_JOB]: caseProcessJob as JobHandler,
  [PLATE_PORTAL_JOB]: platePortalJob as JobHandler,
  [INVOICE_CHECK_JOB]: invoiceCheckJob as JobHandler,
  [LOOKUP_BATCH_JOB]: lookupBatchJob as JobHandler,
  [PLATE_CHAIN_JOB]: chainJob(PLATE_CHAIN_JOB) as JobHandler,
  [OWNERSHIP_CHAIN_JOB]: chainJob(OWNERSHIP_CHAIN_JOB) as JobHandler,
  ...(Object.fromEntries(
    LOOKUP_JOB_SOURCES.map((s) => [lookupJobKind(s), lookupJobHandler(s === 'bureau' ? attachBureauReport : undefined) as JobHandler]),
  ) as Record<LookupJobKind, JobHandler>),
};
