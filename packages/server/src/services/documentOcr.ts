import { setTimeout as sleep } from 'node:timers/promises';
import type { DocumentValidity } from '@vcase/shared';
import { timerMs } from '../clock.js';
import type { ServerContext } from '../context.js';
import type { JobRunOptions } from '../jobs/jobHandler.js';
import { fromJson, toJson } from '../db/json.js';
import { computeValidity, fixtureEngine, defaultEngines, processDocument, withNormalizedIdentifiers } from '../pipeline/index.js';
import { claimDocumentRun, failDocumentRun, findDocument, writeOcrResult, type DocumentRow } from '../repositories/documents.repository.js';
import { lookupSandboxOcr } from '../providers/sandboxOcr.js';
import { queueInvoiceChecks } from './lookups/invoices.service.js';
import { reportProcessed, timedEngine } from '../metrics/pipeline.js';

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
  /** sha256 hex of the file the engine read, kept for later runs (uploads leave it to the first). */
  sha256?: string;
}

/** The document's VIN for the case-list filter: the full VIN when parsed_data has one. */
function vinColumn(parsed: Record<string, unknown>): string | null {
  const vin = typeof parsed.vin === 'string' ? parsed.vin.trim().toUpperCase() : '';
  return vin || null;
}

/**
 * Writes an OCR outcome: the document becomes `processed` with parsed data and validity, and
 * gets a new `ocr_id`. An engine run passes its `run` token and writes only while it is still
 * the document's run (`ocr_run`): a later reprocess, reclassify or OCR by hand supersedes it.
 * OCR by hand (no `run`) always writes and ends every run in flight. Returns whether it wrote.
 */
export async function applyOcrResult(
  ctx: ServerContext,
  doc: DocumentRow,
  given: OcrResult,
  opts: { run?: string } = {},
): Promise<boolean> {
  const r = { ...given, parsed_data: withNormalizedIdentifiers(given.parsed_data ?? {}) };
  const now = ctx.clock.now().toISOString();
  const validity =
    r.validity ?? computeValidity({ type: r.type ?? 'unknown', parsed_data: r.parsed_data, text: r.text ?? '', today: ctx.clock.now() });
  // An engine run keeps a type given by hand while it ran (POST …/classify with a type).
  const columns = {
    type: r.type,
    subtype: r.subtype,
    ...(r.classification ? { classification_method: r.classification.method, classification_confidence: r.classification.confidence } : {}),
    json_ocr: toJson(r.json_ocr),
    parsed_data: toJson(r.parsed_data),
    validity: toJson(validity),
    ...(r.sha256 ? { sha256: r.sha256 } : {}),
    vin: vinColumn(r.parsed_data),
    ocr_id: ctx.ids(),
    processed_at: now,
    updated_at: now,
  };
  // The type as written (a manual one may have been kept) decides the invoice checks.
  const written = await writeOcrResult(ctx.db, doc.id, columns, opts.run);
  if (!written) return false;
  await queueInvoiceChecks(ctx, { ...doc, type: written.type, parsed_data: toJson(r.parsed_data) });
  return true;
}

/**
 * The OCR engines, sandbox fixtures first. In the document's OCR run (`mode` `run`) an `ocr`
 * fixture's answer takes its `delay_ms`, else VCASE_SANDBOX_LATENCY_MS with the sandbox
 * providers, keeping the document in processing that long (operator-surface §1, §3); inside a
 * job the wait lends the job's slot out. A synchronous read of a document's text
 * (`mode` `read`: extraction data, automatic classification) answers at once: the simulated
 * latency is the background lookup's, not the request's.
 */
export function pipelineEngines(ctx: ServerContext, mode: 'run' | 'read', idle?: JobRunOptions['idle']) {
  const lookup = (sha: string) => lookupSandboxOcr(ctx, sha);
  if (mode === 'read') return [fixtureEngine(lookup), ...defaultEngines({ pool: ctx.ocr?.pool })];
  const wait = (ms: number) => (idle ? idle(sleep(timerMs(ms))) : sleep(timerMs(ms)));
  const latencyMs = ctx.config.providers === 'sandbox' ? ctx.config.sandboxLatencyMs : 0;
  const engines = [fixtureEngine(lookup, { sleep: wait, latencyMs }), ...defaultEngines({ pool: ctx.ocr?.pool })];
  const { metrics } = ctx;
  return metrics ? engines.map((engine) => timedEngine(engine, metrics)) : engines;
}

/**
 * One engine run over a document. `run` is its token: the job's id for a document's own OCR
 * job, or any unique token for a run that takes the document over (case processing).
 */
export interface EngineRun {
  run: string;
  /** Only the run queued last may go (a document job); false: take the document over. */
  queued: boolean;
  /** Jobs queued by older versions carry no token: the OCR version, then the time, decide. */
  queuedOcrId?: string | null;
  queuedAt?: string;
  /** The job runner's `idle`, when a job runs this. */
  idle?: JobRunOptions['idle'];
}

/** Whether a queued run may still go: it is the document's latest, and no OCR by hand came after. */
function stillCurrent(doc: DocumentRow, r: EngineRun): boolean {
  if (!r.queued || doc.ocr_run === r.run) return true;
  if (doc.ocr_run !== null) return false; // a later request queued another run
  // OCR by hand cleared the run (or an older version queued it): versions, then time, decide.
  if (r.queuedOcrId !== undefined) return doc.ocr_id === r.queuedOcrId;
  return !(r.queuedAt && doc.status === 'processed' && doc.processed_at && doc.processed_at > r.queuedAt);
}

/**
 * Runs OCR, classification and extraction on a stored document. A manual type wins over
 * the classifier. Throws when the file is gone or the engine fails (the job retries).
 * The last request wins: the run claims the document by its token and writes only while the
 * token stands, so a reprocess, reclassify or OCR by hand made meanwhile is never undone.
 */
export async function runDocumentOcr(ctx: ServerContext, documentId: string, r: EngineRun): Promise<DocumentRow | undefined> {
  const startedAt = ctx.clock.now().toISOString();
  const doc = await findDocument(ctx.db, documentId);
  if (!doc) return undefined;
  if (!stillCurrent(doc, r)) return doc;
  const bytes = doc.storage_key ? await ctx.storage.get(doc.storage_key) : null;
  if (!bytes) throw new Error(`stored file of document ${doc.id} is missing`);
  if (!(await claimDocumentRun(ctx.db, doc, r.run, startedAt))) return findDocument(ctx.db, doc.id);
  const manualType = doc.classification_method === 'manual' && doc.type ? doc.type : undefined;
  const out = await processDocument({
    bytes,
    mime: doc.mime_type,
    sha256: doc.sha256 ?? '',
    manualType,
    engines: pipelineEngines(ctx, 'run', r.idle),
    today: ctx.clock.now(),
    budget: ctx.ocr?.budget,
  });
  const wrote = await applyOcrResult(
    ctx,
    doc,
    {
      type: out.type,
      subtype: out.subtype ?? null,
      classification: out.classification,
      json_ocr: out.json_ocr,
      parsed_data: out.parsed_data,
      text: out.text,
      validity: out.validity,
      sha256: out.sha256,
    },
    { run: r.run },
  );
  if (wrote) reportProcessed(ctx.metrics, out.type, out.validity);
  return findDocument(ctx.db, doc.id);
}

/**
 * Marks a document whose OCR failed for good, unless another request took it over since
 * (a later run, or OCR by hand: those stand).
 */
export async function markDocumentFailed(ctx: ServerContext, documentId: string, reason: string, r: EngineRun) {
  const doc = await findDocument(ctx.db, documentId);
  if (!doc || !stillCurrent(doc, r)) return;
  const now = ctx.clock.now().toISOString();
  ctx.metrics?.extractionFailure('PROCESSING_FAILED');
  const validity = toJson({ document_validity: 'error', codes: ['PROCESSING_FAILED'], userInfo: { error: reason } });
  await failDocumentRun(ctx.db, doc, validity, now);
}

export function parsedDataOf(doc: DocumentRow): Record<string, unknown> {
  return fromJson<Record<string, unknown>>(doc.parsed_data, {});
}
