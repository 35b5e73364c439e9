import type { JobHandler } from '../jobs/jobRunner.js';
import { markDocumentFailed, runDocumentOcr } from './documentOcr.js';

export const DOCUMENT_PROCESS_JOB = 'document.process';

/** OCR of one document. Retried on failure; after the last attempt the document is `error`. */
export const documentProcessJob: JobHandler<{ document_id: string }> = {
  maxAttempts: 3,
  backoffMs: (attempt) => Math.min(500 * 2 ** attempt, 10_000),
  async run(job, ctx) {
    try {
      const doc = await runDocumentOcr(ctx, job.payload.document_id, { queuedAt: job.createdAt });
      return { document_id: job.payload.document_id, status: doc?.status ?? 'missing' };
    } catch (err) {
      if (job.attempts >= (job.maxAttempts ?? 3)) {
        await markDocumentFailed(ctx, job.payload.document_id, (err as Error).message, job.createdAt);
      }
      throw err;
    }
  },
};
