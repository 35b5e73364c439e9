import type { JobHandler } from './jobs/jobRunner.js';
import { CASE_PROCESS_JOB, caseProcessJob } from './services/caseProcessing.service.js';
import { DOCUMENT_PROCESS_JOB, documentProcessJob } from './services/documentJobs.js';
import { PLATE_PORTAL_JOB, platePortalJob } from './services/plates.service.js';
import { deliverWebhook, WEBHOOK_DELIVER_JOB } from './webhooks/index.js';
import { attachBureauReport } from './services/lookups/bureau.service.js';
import { INVOICE_CHECK_JOB, invoiceCheckJob } from './services/lookups/invoices.service.js';
import { chainJob, OWNERSHIP_CHAIN_JOB, PLATE_CHAIN_JOB } from './services/chains.service.js';
import { LOOKUP_BATCH_JOB, lookupBatchJob } from './services/plateReports.service.js';
import { lookupJobHandler, lookupJobKind } from './services/lookups/lookupJob.js';

/** Every job kind the workers run, by module. */
export const jobHandlers: Record<string, JobHandler> = {
  [WEBHOOK_DELIVER_JOB]: deliverWebhook as JobHandler,
  [DOCUMENT_PROCESS_JOB]: documentProcessJob as JobHandler,
  [CASE_PROCESS_JOB]: caseProcessJob as JobHandler,
  [PLATE_PORTAL_JOB]: platePortalJob as JobHandler,
  [INVOICE_CHECK_JOB]: invoiceCheckJob as JobHandler,
  [LOOKUP_BATCH_JOB]: lookupBatchJob as JobHandler,
  [PLATE_CHAIN_JOB]: chainJob(PLATE_CHAIN_JOB) as JobHandler,
  [OWNERSHIP_CHAIN_JOB]: chainJob(OWNERSHIP_CHAIN_JOB) as JobHandler,
  [lookupJobKind('bureau')]: lookupJobHandler(attachBureauReport) as JobHandler,
  ...Object.fromEntries(
    (['repuve', 'pedimento', 'rapi', 'renapo', 'ine', 'tickets', 'tenencia'] as const).map((s) => [lookupJobKind(s), lookupJobHandler() as JobHandler]),
  ),
};
