import type { IneResultResponse } from '@vcase/sdk';
import type { Client } from '../../context.js';
import type { LookupSpec } from '../../lookup.js';
import { renderIne } from '../../render/lookups.js';

/** An INE validation as a lookup; `jobId` is known once it was submitted. */
export function ineSpec(client: Client, jobId: () => string): LookupSpec<IneResultResponse> {
  return {
    what: 'INE validation',
    read: (r) => client.ine.get(jobId(), r),
    wait: (w) => client.ine.waitFor(jobId(), w),
    failed: (b) => b.status === 'error',
    progress: (b) => b.status,
    render: renderIne,
  };
}
