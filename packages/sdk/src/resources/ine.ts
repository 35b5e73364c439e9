import type { IneResultResponse, IneSubmitBody, IneSubmitResponse } from '@vcase/shared';
import type { WaitOptions } from '../core/poll.js';
import type { RequestOptions } from '../core/transport.js';
import { settled } from '../waiters.js';
import { APIResource } from './resource.js';

/** `/documents/ine` (contract §4.10): voter ID validation. Bearer token. */
export class Ine extends APIResource {
  /** `front` (and optional `back`): a public URL or base64, with or without a `data:` prefix. */
  submit(body: IneSubmitBody, options?: RequestOptions): Promise<IneSubmitResponse> {
    return this._request('submitIne', { body }, options);
  }

  get(jobId: string, options?: RequestOptions): Promise<IneResultResponse> {
    return this._request('getIne', { params: { job_id: jobId } }, options);
  }

  /** Until `completed` or `error`. */
  waitFor(jobId: string, options?: WaitOptions<IneResultResponse>): Promise<IneResultResponse> {
    return this._wait(`INE validation ${jobId}`, (o) => this.get(jobId, o), settled.ine, options);
  }

  /** Submits, then waits for the result. */
  async run(body: IneSubmitBody, options: WaitOptions<IneResultResponse> = {}): Promise<IneResultResponse> {
    let jobId = '';
    return this._run(
      async (o) => {
        jobId = (await this.submit(body, o)).job_id;
      },
      (w) => this.waitFor(jobId, w),
      options,
    );
  }
}
