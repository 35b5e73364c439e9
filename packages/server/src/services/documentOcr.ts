import { setTimeout as sleep } from 'node:timers/promises';
import type { DocumentValidity } from '@vcase/shared';
import type { ExpressionBuilder } from 'kysely';
import type { ServerContext } from '../context.js';
import type { Database } from '../db/database.js';
import type { JobRunOptions } from '../jobs/jobRunner.js';
import { fromJson, toJson } from '../db/json.js';
import { computeValidity, fixtureEngine, defaultEngines, processDocument } from '../pipeline/index.js';
import { findDocument, type DocumentRow } from '../repositories/documents.repository.js';
import { lookupSandboxOcr } from '../providers/sandboxOcr.js';
import { queueInvoiceChecks } from './lookups/invoices.service.js';

/** `validity` of a document whose OCR has not finished. */
export const PENDING_VALIDITY: DocumentValidity = { document_validity: 'pending', codes: [], userInfo: {} };

export interface OcrResult {
  type: string | null;
  subtype: string | null;
  classification: { method: 'manual' | 'automatic'; confidence: number } | null;
  json_ocr: Record<string, unknown>;
  parsed_data: Record<string, unknown>;
  text: string | null;
  validity?: DocumentValidity;
}

/** The document's VIN for the case-list filter: the full VIN when parsed_data has one. */
function vinColumn(parsed: Record<string, unknown>): string | null {
  const vin = typeof parsed.vin === 'string' ? parsed.vin.trim().toUpperCase() : '';
  return vin || null;
}

/**
 * Writes an OCR outcome: the document becomes `processed` with parsed data and validity, and
 * gets a new `ocr_id`. With `onlyOverOcrId`, an outcome computed from the file is written only
 * if the document still has that OCR version: OCR written meanwhile (e.g. injected by hand
 * while the engines ran) stands. Returns whether it wrote.
 */
export async function applyOcrResult(
  ctx: ServerContext,
  doc: DocumentRow,
  r: OcrResult,
  opts: { onlyOverOcrId?: string | null } = {},
): Promise<boolean> {
  const now = ctx.clock.now().toISOString();
  const validity =
    r.validity ?? computeValidity({ type: r.type ?? 'unknown', parsed_data: r.parsed_data, text: r.text ?? '' });
  let q = ctx.db.updateTable('documents').set({
    type: r.type,
    subtype: r.subtype,
    ...(r.classification
      ? { classification_method: r.classification.method, classification_confidence: r.classification.confidence }
      : {}),
    json_ocr: toJson(r.json_ocr),
    parsed_data: toJson(r.parsed_data),
    validity: toJson(validity),
    vin: vinColumn(r.parsed_data),
    status: 'processed',
    ocr_id: ctx.ids(),
    processed_at: now,
    updated_at: now,
  }).where('id', '=', doc.id);
  if (opts.onlyOverOcrId !== undefined) q = q.where(sameOcrVersion(opts.onlyOverOcrId));
  const res = await q.executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return false;
  await queueInvoiceChecks(ctx, { ...doc, type: r.type, parsed_data: toJson(r.parsed_data) });
  return true;
}

/**
 * The OCR engines, sandbox fixtures first. An `ocr` fixture's `delay_ms` keeps the document
 * in processing that long (sandbox §3); inside a job the wait lends the job's slot out.
 */
export function pipelineEngines(ctx: ServerContext, idle?: JobRunOptions['idle']) {
  const wait = (ms: number) => (idle ? idle(sleep(ms)) : sleep(ms));
  return [fixtureEngine((sha) => lookupSandboxOcr(ctx, sha), { sleep: wait }), ...defaultEngines()];
}

/** The document still has OCR version `ocrId` (null: it never had OCR). */
function sameOcrVersion(ocrId: string | null) {
  return (eb: ExpressionBuilder<Database, 'documents'>) => (ocrId === null ? eb('ocr_id', 'is', null) : eb('ocr_id', '=', ocrId));
}

/**
 * When a run was queued: `queuedOcrId` is the document's OCR version then (undefined on jobs
 * queued by older versions, which only carry the time).
 */
export interface QueuedRun {
  queuedAt?: string;
  queuedOcrId?: string | null;
  /** The job runner's `idle`, when a job runs this. */
  idle?: JobRunOptions['idle'];
}

/** OCR was written (by hand, or by another run) after this run was queued: it stands. */
function ocrWrittenSinceQueued(doc: DocumentRow, run: QueuedRun): boolean {
  if (run.queuedOcrId !== undefined) return doc.ocr_id !== run.queuedOcrId;
  return Boolean(run.queuedAt && doc.status === 'processed' && doc.processed_at && doc.processed_at > run.queuedAt);
}

/**
 * Runs OCR, classification and extraction on a stored document. A manual type wins over
 * the classifier. Throws when the file is gone or the engine fails (the job retries).
 * OCR versions, not clocks, decide who wins against OCR written meanwhile: two writes in the
 * same millisecond are still told apart.
 */
export async function runDocumentOcr(ctx: ServerContext, documentId: string, run: QueuedRun = {}): Promise<DocumentRow | undefined> {
  const startedAt = ctx.clock.now().toISOString();
  const doc = await findDocument(ctx.db, documentId);
  if (!doc) return undefined;
  if (ocrWrittenSinceQueued(doc, run)) return doc;
  const bytes = doc.storage_key ? await ctx.storage.get(doc.storage_key) : null;
  if (!bytes) throw new Error(`stored file of document ${doc.id} is missing`);
  const claimed = await ctx.db
    .updateTable('documents')
    .set({ status: 'processing', updated_at: startedAt })
    .where('id', '=', doc.id)
    .where(sameOcrVersion(doc.ocr_id))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return findDocument(ctx.db, doc.id);
  const manualType = doc.classification_method === 'manual' && doc.type ? doc.type : undefined;
  const out = await processDocument({
    bytes,
    mime: doc.mime_type,
    sha256: doc.sha256 ?? '',
    manualType,
    engines: pipelineEngines(ctx, run.idle),
  });
  await applyOcrResult(ctx, doc, {
    type: out.type,
    subtype: out.subtype ?? null,
    classification: out.classification,
    json_ocr: out.json_ocr,
    parsed_data: out.parsed_data,
    text: out.text,
    validity: out.validity,
  }, { onlyOverOcrId: doc.ocr_id });
  return findDocument(ctx.db, doc.id);
}

/**
 * Marks a document whose OCR failed for good, unless OCR was written after the run was
 * queued (injected by hand, say): that stands.
 */
export async function markDocumentFailed(ctx: ServerContext, documentId: string, reason: string, run: QueuedRun = {}) {
  const now = ctx.clock.now().toISOString();
  let q = ctx.db
    .updateTable('documents')
    .set({
      status: 'error',
      validity: toJson({ document_validity: 'error', codes: ['PROCESSING_FAILED'], userInfo: { error: reason } }),
      updated_at: now,
    })
    .where('id', '=', documentId);
  if (run.queuedOcrId !== undefined) {
    q = q.where(sameOcrVersion(run.queuedOcrId));
  } else if (run.queuedAt) {
    const queuedAt = run.queuedAt;
    q = q.where((eb) => eb.or([eb('status', '!=', 'processed'), eb('processed_at', 'is', null), eb('processed_at', '<=', queuedAt)]));
  }
  await q.execute();
}

export function parsedDataOf(doc: DocumentRow): Record<string, unknown> {
  return fromJson<Record<string, unknown>>(doc.parsed_data, {});
}

