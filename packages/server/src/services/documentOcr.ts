import type { DocumentValidity } from '@vcase/shared';
import type { ServerContext } from '../context.js';
import { fromJson, toJson } from '../db/json.js';
import { computeValidity, fixtureEngine, defaultEngines, processDocument } from '../pipeline/index.js';
import { findDocument, updateDocument, type DocumentRow } from '../repositories/documents.repository.js';
import { lookupSandboxOcr } from '../providers/sandboxOcr.js';
import { validateVin } from '../domain/validators/index.js';
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

/** Writes an OCR outcome: the document becomes `processed` with parsed data and validity. */
export async function applyOcrResult(ctx: ServerContext, doc: DocumentRow, r: OcrResult, db = ctx.db) {
  const now = ctx.clock.now().toISOString();
  const validity =
    r.validity ?? computeValidity({ type: r.type ?? 'unknown', parsed_data: r.parsed_data, text: r.text ?? '' });
  await updateDocument(db, doc.id, {
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
  });
  await queueInvoiceChecks(ctx, { ...doc, type: r.type, parsed_data: toJson(r.parsed_data) }, );
}

export function pipelineEngines(ctx: ServerContext) {
  return [fixtureEngine((sha) => lookupSandboxOcr(ctx, sha)), ...defaultEngines()];
}

/**
 * Runs OCR, classification and extraction on a stored document. A manual type wins over
 * the classifier. Throws when the file is gone or the engine fails (the job retries).
 */
export async function runDocumentOcr(ctx: ServerContext, documentId: string): Promise<DocumentRow | undefined> {
  const doc = await findDocument(ctx.db, documentId);
  if (!doc) return undefined;
  const bytes = doc.storage_key ? await ctx.storage.get(doc.storage_key) : null;
  if (!bytes) throw new Error(`stored file of document ${doc.id} is missing`);
  await updateDocument(ctx.db, doc.id, { status: 'processing', updated_at: ctx.clock.now().toISOString() });
  const manualType = doc.classification_method === 'manual' && doc.type ? doc.type : undefined;
  const out = await processDocument({
    bytes,
    mime: doc.mime_type,
    sha256: doc.sha256 ?? '',
    manualType,
    engines: pipelineEngines(ctx),
  });
  await applyOcrResult(ctx, doc, {
    type: out.type,
    subtype: out.subtype ?? null,
    classification: out.classification,
    json_ocr: out.json_ocr,
    parsed_data: out.parsed_data,
    text: out.text,
    validity: out.validity,
  });
  return findDocument(ctx.db, doc.id);
}

/** Marks a document whose OCR failed for good. */
export async function markDocumentFailed(ctx: ServerContext, documentId: string, reason: string) {
  const now = ctx.clock.now().toISOString();
  await updateDocument(ctx.db, documentId, {
    status: 'error',
    validity: toJson({ document_validity: 'error', codes: ['PROCESSING_FAILED'], userInfo: { error: reason } }),
    updated_at: now,
  });
}

export function parsedDataOf(doc: DocumentRow): Record<string, unknown> {
  return fromJson<Record<string, unknown>>(doc.parsed_data, {});
}

export { validateVin };
