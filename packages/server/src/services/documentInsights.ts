import type { ClassifyDocumentResponse, ExtractionDataResponse } from '@vcase/shared';
import type { ServerContext } from '../context.js';
import { fromJson } from '../db/json.js';
import { classifyDocument as classifyContent, extractCodes, ownerInfo, runOcr } from '../pipeline/index.js';
import { updateDocument, type DocumentRow } from '../repositories/documents.repository.js';
import { PENDING_VALIDITY, pipelineEngines } from './documentOcr.js';

async function documentText(ctx: ServerContext, doc: DocumentRow): Promise<{ bytes: Buffer | null; text: string; type?: string }> {
  const bytes = doc.storage_key ? await ctx.storage.get(doc.storage_key) : null;
  if (!bytes) return { bytes: null, text: '' };
  const out = await runOcr(pipelineEngines(ctx), { bytes, mime: doc.mime_type, sha256: doc.sha256 ?? '' });
  return { bytes, text: out.text, type: out.type };
}

/**
 * POST /v1/documents/{id}/classify: with a type, a manual classification; without one, the
 * classifier reads the file's content.
 */
export async function classifyDocument(ctx: ServerContext, doc: DocumentRow, type?: string): Promise<ClassifyDocumentResponse> {
  const now = ctx.clock.now().toISOString();
  if (type) {
    await updateDocument(ctx.db, doc.id, { type, classification_method: 'manual', classification_confidence: 1, updated_at: now });
    return { document_id: doc.id, type, document_subtype: doc.subtype, method: 'manual', confidence: 1 };
  }
  const { text, type: fixtureType } = await documentText(ctx, doc);
  const result = fixtureType
    ? { type: fixtureType, subtype: null, confidence: 1 }
    : classifyContent({ mime: doc.mime_type, text, fileName: doc.file_name ?? undefined });
  const decided = result.type && result.type !== 'unknown' ? result.type : null;
  await updateDocument(ctx.db, doc.id, {
    ...(decided ? { type: decided, subtype: result.subtype ?? null } : {}),
    classification_method: 'automatic',
    classification_confidence: result.confidence,
    updated_at: now,
  });
  return {
    document_id: doc.id,
    type: decided,
    document_subtype: decided ? (result.subtype ?? null) : null,
    method: 'automatic',
    confidence: result.confidence,
  };
}

/** GET /v1/documents/{id}/extraction-data. */
export async function extractionData(ctx: ServerContext, doc: DocumentRow): Promise<ExtractionDataResponse> {
  const parsed = fromJson<Record<string, unknown>>(doc.parsed_data, {});
  const { bytes, text } = await documentText(ctx, doc);
  const codes = bytes ? await extractCodes(bytes, doc.mime_type, text) : [];
  return {
    document_id: doc.id,
    validity: fromJson(doc.validity, PENDING_VALIDITY),
    codes,
    owner: ownerInfo(parsed),
  };
}
