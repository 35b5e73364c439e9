import type { JobsSummary } from '@vcase/shared';
import type { RequestOptions } from '../core/transport.js';
import { APIResource } from './resource.js';

/** Queue health (`GET /admin/jobs/summary`). Admin token. */
export class Jobs extends APIResource {
  /** Unfinished jobs by kind and state, the job waiting longest, and the jobs whose last run failed. */
  summary(options?: RequestOptions): Promise<JobsSummary> {
    return this._request('getJobsSummary', {}, options);
  }
}
