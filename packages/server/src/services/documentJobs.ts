import type { JobHandler } from '../jobs/jobHandler.js';
import { markDocumentFailed, runDocumentOcr } from './documentOcr.js';

/**
 * OCR of one document. Retried on failure; after the last attempt the document is `error`.
 * The job runs only while it is the document's latest run (`documents.ocr_run`). `ocr_id` is
 * the document's OCR version when the job was queued: OCR written by hand after that wins.
 */
export const documentProcessJob: JobHandler<{ document_id: string; ocr_id?: string | null }> = {
  maxAttempts: 3,
  backoffMs: (attempt) => Math.min(500 * 2 ** attempt, 10_000),
  async run(job, ctx, { idle }) {
    const run = { run: job.id, queued: true, queuedOcrId: job.payload.ocr_id, queuedAt: job.createdAt, idle };
    try {
      const doc = await runDocumentOcr(ctx, job.payload.document_id, run);
      return { document_id: job.payload.document_id, status: doc?.status ?? 'missing' };
    } catch (err) {
      if (job.attempts >= (job.maxAttempts ?? 3)) {
        await markDocumentFailed(ctx, job.payload.document_id, (err as Error).message, run);
      }
      throw err;
    }
  },
  async abandoned(job, ctx, message) {
    const run = { run: job.id, queued: true, queuedOcrId: job.payload.ocr_id, queuedAt: job.createdAt };
    await markDocumentFailed(ctx, job.payload.document_id, message, run);
  },
};
