import type { CaseStatusResponse, CreateCaseFile } from '@vcase/shared';
import type { Principal } from '../auth/principal.js';
import type { ServerContext } from '../context.js';
import { fromJson } from '../db/json.js';
import { eventsForReviewChange, reviewStatusAfterProcessing } from '../domain/reviewStatus.js';
import { notFound } from '../errors.js';
import { CASE_PROCESS_JOB } from '../jobs/kinds.js';
import { enqueueJob, jobInFlight, latestJobForCase, listJobs, type Job } from '../jobs/jobQueue.js';
import type { JobHandler } from '../jobs/jobHandler.js';
import { findCaseById, updateCase, type CaseRow } from '../repositories/cases.repository.js';
import { listCaseDocuments } from '../repositories/documents.repository.js';
import { emitWebhook } from '../webhooks/emitWebhook.js';
import { actorOf, type Actor } from './actor.js';
import { loadCase } from './caseAccess.js';
import { markDocumentFailed, runDocumentOcr } from './documentOcr.js';
import { fetchSource, storeNewDocument } from './documents.service.js';
import { computePlates } from './plates.service.js';
import { queryRegistriesOnClose } from './lookups/onProcessingClose.js';

export interface CaseProcessPayload {
  /** Documents to process; empty means "the case's active documents when the job runs". */
  document_ids: string[];
  actor: Actor | null;
  /** Files given at case creation, fetched by the job before processing. */
  files?: CreateCaseFile[];
}

export interface CaseProcessResult {
  total_files: number;
  processed_files: number;
  failed_files: number;
  review_status: string | null;
  message: string | null;
}

/**
 * Queues bulk processing of a case (POST /v1/cases/{id}/process). With `files` (sent at
 * creation), the job's id is the case's `files_job_id`.
 */
export async function startCaseProcessing(
  ctx: ServerContext,
  caseRow: CaseRow,
  actor: Actor | null,
  opts: { db?: typeof ctx.db; files?: CreateCaseFile[] } = {},
) {
  const { db = ctx.db, files } = opts;
  return enqueueJob<CaseProcessPayload>(db, ctx, {
    id: files ? (caseRow.files_job_id ?? undefined) : undefined,
    kind: CASE_PROCESS_JOB,
    payload: { document_ids: [], actor, ...(files ? { files } : {}) },
    companyId: caseRow.company_id,
    caseId: caseRow.id,
  });
}

export async function processCase(ctx: ServerContext, principal: Principal, caseId: string) {
  const row = await loadCase(ctx, principal, caseId);
  const job = await startCaseProcessing(ctx, row, actorOf(principal));
  return { job_id: job.id, status: 'processing' as const };
}

/** GET /v1/cases/{id}/status: the latest processing job with progress counts. */
export async function getCaseStatus(ctx: ServerContext, principal: Principal, caseId: string): Promise<CaseStatusResponse> {
  const row = await loadCase(ctx, principal, caseId);
  const job = await latestJobForCase<CaseProcessPayload, CaseProcessResult & { document_ids?: string[] }>(ctx.db, row.id, CASE_PROCESS_JOB);
  if (!job) throw notFound('El caso nunca se ha procesado');
  const docs = await listCaseDocuments(ctx.db, row.id, { includeInactive: true });
  const activeIds = () => docs.filter((d) => d.active === 1).map((d) => d.id);
  const ids = new Set(job.result?.document_ids ?? (job.payload.document_ids.length ? job.payload.document_ids : activeIds()));
  const mine = docs.filter((d) => ids.has(d.id));
  const done = job.status === 'completed' || job.status === 'error';
  return {
    case_id: row.id,
    job_id: job.id,
    status: job.status,
    // Files sent with the case count from the start, before their downloads make documents.
    total_files: done && job.result ? job.result.total_files : Math.max(mine.length, job.payload.files?.length ?? 0),
    processed_files: done && job.result ? job.result.processed_files : mine.filter((d) => d.status === 'processed').length,
    failed_files: done && job.result ? job.result.failed_files : mine.filter((d) => d.status === 'error').length,
    started_at: job.startedAt,
    finished_at: job.finishedAt,
    message: job.status === 'error' ? (job.error ?? 'El procesamiento falló') : (job.result?.message ?? null),
  };
}

/**
 * Closes processing: plates recomputed, review status moved (operator-surface §4) and the
 * contract §6 webhooks fired for the change.
 *
 * `operationalError`: the whole job failed; the review status stays. `failedFiles`: files
 * that could not be fetched or processed. Either is an operational failure (contract §3:
 * `error-processing`); when nothing could be fetched and the case has no document left to
 * review, the review status stays too instead of announcing an empty case as ready.
 */
async function closeProcessing(ctx: ServerContext, caseId: string, actor: Actor | null, operationalError: boolean, failedFiles = 0) {
  const caseRow = await findCaseById(ctx.db, caseId);
  if (!caseRow || caseRow.active !== 1) return caseRow?.review_status ?? null;
  if (!operationalError) await computePlates(ctx, caseRow);
  const docs = await listCaseDocuments(ctx.db, caseId, { includeInactive: false });
  const next =
    operationalError || (failedFiles > 0 && docs.length === 0)
      ? caseRow.review_status
      : reviewStatusAfterProcessing(
          docs.map((d) => ({
            status: d.status,
            document_validity: fromJson<{ document_validity?: string } | null>(d.validity, null)?.document_validity ?? null,
          })),
        );
  const events = eventsForReviewChange(caseRow.review_status, next, operationalError || failedFiles > 0);
  await ctx.db.transaction().execute(async (trx) => {
    const updated: CaseRow = { ...caseRow, review_status: next, updated_at: ctx.clock.now().toISOString() };
    if (next !== caseRow.review_status) {
      await updateCase(trx, caseId, { review_status: next, updated_at: updated.updated_at });
    }
    for (const event of events) await emitWebhook(ctx, trx, { event, caseRow: updated, actor });
  });
  // REPUVE (no POST) and RAPI are queried once processing closes with a known VIN.
  if (!operationalError) await queryRegistriesOnClose(ctx, caseRow);
  return next;
}

/**
 * Fetches the files given at case creation into documents. A retry skips files already
 * fetched (matched by source URL). Returns how many could not be fetched.
 */
async function importFiles(ctx: ServerContext, caseId: string, files: CreateCaseFile[]): Promise<number> {
  const caseRow = await findCaseById(ctx.db, caseId);
  if (!caseRow?.company_id) return files.length;
  const existing = await listCaseDocuments(ctx.db, caseId, { includeInactive: true });
  const fetched = new Set(existing.map((d) => d.source_url));
  let failed = 0;
  for (const file of files) {
    if (fetched.has(file.url)) continue;
    try {
      const bytes = await fetchSource(ctx, file.url);
      await storeNewDocument(ctx, {
        caseId,
        companyId: caseRow.company_id,
        mimeType: file.mime_type,
        bytes,
        type: file.document_type ?? null,
        sourceUrl: file.url,
        queueOcr: false,
      });
    } catch (err) {
      failed++;
      ctx.logger.warn({ caseId, url: file.url, err: (err as Error).message }, 'initial file could not be fetched');
    }
  }
  return failed;
}

/** Whether processing runs of the case queued before / after `job` have not finished. */
async function otherRunsInFlight(ctx: ServerContext, job: Job<unknown>): Promise<{ earlier: boolean; later: boolean }> {
  const runs = await listJobs(ctx.db, { caseId: job.caseId as string, kind: CASE_PROCESS_JOB });
  const at = runs.findIndex((j) => j.id === job.id);
  return { earlier: runs.slice(0, Math.max(at, 0)).some(jobInFlight), later: at >= 0 && runs.slice(at + 1).some(jobInFlight) };
}

/**
 * Runs of one case go one after the other: a run waits (its worker slot lent out) until every
 * run queued before it has finished, and a run that finishes while a later one is queued or
 * running leaves the review status to that one. Two runs over the same documents at once
 * would see each other's documents half processed and announce a review status (and its
 * webhooks) that the last run then takes back.
 */
const EARLIER_RUNS_WAIT = { pollMs: 200, maxMs: Number.POSITIVE_INFINITY };

export const caseProcessJob: JobHandler<CaseProcessPayload, CaseProcessResult & { document_ids: string[] }> = {
  maxAttempts: 2,
  // The default lease (30 s, renewed every 10 s while the job runs): after a crash another
  // process takes the case up within half a minute instead of two.
  async run(job, ctx, opts) {
    const { idle } = opts;
    const caseId = job.caseId as string;
    await opts.waitWhile(async () => (await otherRunsInFlight(ctx, job)).earlier, EARLIER_RUNS_WAIT);
    try {
      const importFailed = job.payload.files ? await importFiles(ctx, caseId, job.payload.files) : 0;
      let failed = importFailed;
      const active = await listCaseDocuments(ctx.db, caseId, { includeInactive: false });
      const ids = job.payload.document_ids.length ? job.payload.document_ids : active.map((d) => d.id);
      let processed = 0;
      for (const doc of active.filter((d) => ids.includes(d.id))) {
        if (doc.status === 'processed') {
          processed++;
          continue;
        }
        try {
          await runDocumentOcr(ctx, doc.id, { run: `${job.id}:${doc.id}`, queued: false, idle });
          processed++;
        } catch (err) {
          failed++;
          const run = { run: `${job.id}:${doc.id}`, queued: true, queuedOcrId: doc.ocr_id };
          await markDocumentFailed(ctx, doc.id, (err as Error).message, run);
        }
      }
      const reviewStatus = (await otherRunsInFlight(ctx, job)).later
        ? ((await findCaseById(ctx.db, caseId))?.review_status ?? null)
        : await closeProcessing(ctx, caseId, job.payload.actor, false, failed);
      return {
        document_ids: ids,
        total_files: ids.length + importFailed,
        processed_files: processed,
        failed_files: failed,
        review_status: reviewStatus,
        message: failed ? `${failed} documento(s) no se pudieron procesar` : null,
      };
    } catch (err) {
      if (job.attempts >= (job.maxAttempts ?? 2)) {
        ctx.logger.error({ err, caseId }, 'case processing failed');
        await closeProcessing(ctx, caseId, job.payload.actor, true).catch(() => undefined);
      }
      throw err;
    }
  },
  // The run's worker kept dying: documents it had taken over are failed (their OCR run is
  // this job's), and processing closes as an operational error (contract §3: error-processing).
  async abandoned(job, ctx, message) {
    const caseId = job.caseId as string;
    for (const doc of await listCaseDocuments(ctx.db, caseId, { includeInactive: true })) {
      if (doc.status !== 'processing') continue;
      await markDocumentFailed(ctx, doc.id, message, { run: `${job.id}:${doc.id}`, queued: true });
    }
    await closeProcessing(ctx, caseId, job.payload.actor, true);
  },
};
