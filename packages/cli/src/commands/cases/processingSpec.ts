import type { CaseStatusResponse, ProcessCaseResponse } from '@vcase/sdk';
import type { Client } from '../../context.js';
import type { LookupSpec } from '../../lookup.js';
import { renderCaseStatus } from '../../render/cases.js';

/** A case's processing as a lookup: `cases process` starts it, `cases status` reads it. */
export function processingSpec(client: Client, caseId: string): LookupSpec<CaseStatusResponse, ProcessCaseResponse> {
  return {
    what: 'case processing',
    start: (r) => client.cases.process(caseId, r),
    read: (r) => client.cases.status(caseId, r),
    wait: (w) => client.cases.waitForCaseProcessing(caseId, w),
    failed: (b) => b.status === 'error',
    progress: (b) => `${b.status} · ${b.processed_files}/${b.total_files} files`,
    render: renderCaseStatus,
    started: (b) => `Processing queued: job ${b.job_id}.`,
    followUp: `vcase cases status ${caseId} --watch`,
  };
}
