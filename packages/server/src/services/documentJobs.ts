import type { JobHandler } from '../jobs/jobRunner.js';
import { markDocumentFailed, runDocumentOcr } from './documentOcr.js';

export const DOCUMENT_PROCESS_JOB = 'document.process';

/**
 * OCR of one document. Retried on failure; after the last attempt the document is `error`.
 * `ocr_id` is the document's OCR version when the job was queued (absent on jobs queued by
 * older versions): OCR written after that, e.g. by hand, wins over this run.
 */
export const documentProcessJob: JobHandler<{ document_id: string; ocr_id?: string | null }> = {
  maxAttempts: 3,
  backoffMs: (attempt) => Math.min(500 * 2 ** attempt, 10_000),
  async run(job, ctx, { idle }) {
    try {
      const queued = { queuedAt: job.createdAt, queuedOcrId: job.payload.ocr_id, idle };
      const doc = await runDocumentOcr(ctx, job.payload.document_id, queued);
      return { document_id: job.payload.document_id, status: doc?.status ?? 'missing' };
    } catch (err) {
      if (job.attempts >= (job.maxAttempts ?? 3)) {
        await markDocumentFailed(ctx, job.payload.document_id, (err as Error).message, { queuedAt: job.createdAt, queuedOcrId: job.payload.ocr_id });
      }
      throw err;
    }
  },
};
