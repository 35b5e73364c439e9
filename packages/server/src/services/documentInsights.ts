import type { ClassifyDocumentResponse, ExtractionDataResponse } from '@vcase/shared';
import type { ServerContext } from '../context.js';
import { fromJson, toJson } from '../db/json.js';
import {
  classifyDocument as classifyContent,
  computeValidity,
  decodeXml,
  extractCodes,
  ownerInfo,
  runOcr,
  sniffMime,
  verifyCfdiSeal,
  type SealCheck,
} from '../pipeline/index.js';
import { updateDocument, type DocumentRow } from '../repositories/documents.repository.js';
import { PENDING_VALIDITY, pipelineEngines } from './documentOcr.js';
import { INVOICE_TYPE, queueInvoiceChecks } from './lookups/invoices.service.js';

/** The text the document's last OCR run stored (its `json_ocr`, parsed), if it stored one. */
function storedText(jsonOcr: Record<string, unknown>): string | null {
  return typeof jsonOcr.text === 'string' ? jsonOcr.text : null;
}

/**
 * The document's bytes and text. The OCR engines read the file again (an `ocr` fixture also
 * gives the type), unless `preferStored` and an earlier run stored its text. When the engines
 * fail (an OCR source that cannot be reached), the stored text stands in, else none: these
 * reads answer with what the document has, never with the source's failure.
 */
async function documentText(
  ctx: ServerContext,
  doc: DocumentRow,
  opts: { preferStored?: boolean } = {},
): Promise<{ bytes: Buffer | null; text: string; type?: string }> {
  const bytes = doc.storage_key ? await ctx.storage.get(doc.storage_key) : null;
  if (!bytes) return { bytes: null, text: '' };
  const stored = storedText(fromJson<Record<string, unknown>>(doc.json_ocr, {}));
  if (opts.preferStored && stored !== null) return { bytes, text: stored };
  try {
    const out = await runOcr(pipelineEngines(ctx, 'read'), { bytes, mime: doc.mime_type, sha256: doc.sha256 ?? '' });
    return { bytes, text: out.text, type: out.type };
  } catch (err) {
    ctx.logger.warn({ err, document_id: doc.id }, 'OCR could not read the document; using the stored text');
    return { bytes, text: stored ?? '' };
  }
}

/**
 * The validity of a processed document read as `type`, when the type changes. The verdict of
 * the old type would otherwise decide the case's review status when processing closes
 * (operator-surface §4). parsed_data stays as extracted (POST …/reclassify extracts again),
 * so the new type's rules read the fields the document has. `text` is read only if needed.
 */
async function validityAs(ctx: ServerContext, doc: DocumentRow, type: string, text?: () => Promise<string>) {
  if (doc.status !== 'processed' || type === doc.type) return {};
  const jsonOcr = fromJson<Record<string, unknown>>(doc.json_ocr, {});
  const parsed = fromJson<Record<string, unknown>>(doc.parsed_data, {});
  const stored = storedText(jsonOcr);
  const read = stored ?? (Object.keys(parsed).length > 0 || !text ? '' : await text());
  const validity = computeValidity({ type, parsed_data: parsed, text: read, json_ocr: jsonOcr, today: ctx.clock.now() });
  return { validity: toJson(validity) };
}

/**
 * POST /v1/documents/{id}/classify: with a type, a manual classification; without one, the
 * classifier reads the file's content. A new type drops the old subtype and recomputes the
 * validity of a processed document.
 */
export async function classifyDocument(ctx: ServerContext, doc: DocumentRow, type?: string): Promise<ClassifyDocumentResponse> {
  const now = ctx.clock.now().toISOString();
  if (type) {
    const subtype = type === doc.type ? doc.subtype : null;
    const validity = await validityAs(ctx, doc, type, async () => (await documentText(ctx, doc)).text);
    await updateDocument(ctx.db, doc.id, {
      type,
      subtype,
      ...validity,
      classification_method: 'manual',
      classification_confidence: 1,
      updated_at: now,
    });
    await startInvoiceChecksIfNew(ctx, doc, type);
    return { document_id: doc.id, type, document_subtype: subtype, method: 'manual', confidence: 1 };
  }
  const { text, type: fixtureType } = await documentText(ctx, doc);
  const result = fixtureType
    ? { type: fixtureType, subtype: null, confidence: 1 }
    : classifyContent({ mime: doc.mime_type, text, fileName: doc.file_name ?? undefined });
  const decided = result.type && result.type !== 'unknown' ? result.type : null;
  // The same type keeps the subtype processing found (e.g. `cfdi_4.0`) unless the classifier names one.
  const subtype = decided ? (result.subtype ?? (decided === doc.type ? doc.subtype : null)) : doc.subtype;
  const validity = decided ? await validityAs(ctx, doc, decided, async () => text) : {};
  await updateDocument(ctx.db, doc.id, {
    ...(decided ? { type: decided, subtype, ...validity } : {}),
    classification_method: 'automatic',
    classification_confidence: result.confidence,
    updated_at: now,
  });
  if (decided) await startInvoiceChecksIfNew(ctx, doc, decided);
  // Undecided, the document keeps its type: the answer says what the document now is.
  return {
    document_id: doc.id,
    type: decided ?? doc.type,
    document_subtype: subtype,
    method: 'automatic',
    confidence: result.confidence,
  };
}

/**
 * A processed document classified into an invoice type gets the invoice checks its OCR run
 * queued only for invoices (contract §3: a check in `processing` finishes in the background).
 */
async function startInvoiceChecksIfNew(ctx: ServerContext, doc: DocumentRow, type: string) {
  if (doc.status !== 'processed' || doc.type === INVOICE_TYPE || type !== INVOICE_TYPE) return;
  await queueInvoiceChecks(ctx, { ...doc, type });
}

/**
 * The seal of the stored file when it is a CFDI XML, else null. Read from the file itself, not
 * from `json_ocr`, so OCR given by hand cannot stand in for it (docs/rules.md, "CFDI seal").
 */
function fileSeal(bytes: Buffer | null, mime: string): SealCheck | null {
  return bytes && sniffMime(bytes, mime) === 'application/xml' ? verifyCfdiSeal(decodeXml(bytes)) : null;
}

/** GET /v1/documents/{id}/extraction-data. */
export async function extractionData(ctx: ServerContext, doc: DocumentRow): Promise<ExtractionDataResponse> {
  const parsed = fromJson<Record<string, unknown>>(doc.parsed_data, {});
  const { bytes, text } = await documentText(ctx, doc, { preferStored: true });
  // Processing decodes a printed invoice's QR codes once and keeps them in json_ocr.
  const decoded = fromJson<Record<string, unknown>>(doc.json_ocr, {}).codes;
  const codes = bytes
    ? await extractCodes(bytes, doc.mime_type, text, Array.isArray(decoded) ? decoded.filter((c) => typeof c === 'string') : undefined)
    : [];
  return {
    document_id: doc.id,
    validity: fromJson(doc.validity, PENDING_VALIDITY),
    codes,
    owner: ownerInfo(parsed),
    signature: fileSeal(bytes, doc.mime_type),
  };
}
