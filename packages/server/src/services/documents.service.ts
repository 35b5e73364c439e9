import {
  checkUploadDocumentBody,
  documentListQuerySchema,
  isA,
  isUuid,
  MAX_FILE_BYTES,
  paginationOf,
  withoutDataUrlPrefix,
  type DocumentDetail,
  type DocumentListItem,
  type DocumentListQuery,
  type DocumentListResponse,
  type PatchDocumentOcrBody,
  type UploadDocumentInput,
} from '@vcase/shared';
import type { Principal } from '../auth/principal.js';
import type { ServerContext } from '../context.js';
import { fromJson } from '../db/json.js';
import { HttpError, notFound, unauthorized, validationError } from '../errors.js';
import { enqueueJob } from '../jobs/jobQueue.js';
import { DOCUMENT_PROCESS_JOB } from '../jobs/kinds.js';
import { DownloadError, downloadFile } from '../net/download.js';
import { outboundOf } from '../net/outbound.js';
import { isActiveCase } from '../repositories/cases.repository.js';
import {
  findCompanyDocument,
  insertDocument,
  listDocuments,
  updateDocument,
  type DocumentRow,
} from '../repositories/documents.repository.js';
import { EXTENSION_BY_MIME } from '../storage/fileStore.js';
import { applyOcrResult, PENDING_VALIDITY } from './documentOcr.js';
import type { PreparedUpload } from '../http/uploadBody/prepare.js';

export const DOWNLOAD_TIMEOUT_MS = 30_000;

export type FileUrl = (doc: DocumentRow) => string;

function companyOf(principal: Principal, code: 'UNAUTHORIZED' | null = null): string {
  if (!principal.companyId) throw unauthorized('No se pudo determinar la compañía de la credencial', code);
  return principal.companyId;
}

export function toDocumentListItem(doc: DocumentRow, fileUrl: FileUrl): DocumentListItem {
  return {
    document_id: doc.id,
    case_id: doc.case_id,
    type: doc.type,
    mime_type: doc.mime_type,
    status: doc.status as DocumentListItem['status'],
    url: doc.storage_key ? fileUrl(doc) : null,
    created_at: doc.created_at,
    active: doc.active === 1,
  };
}

/** §4.9: "`json_ocr` and `parsed_data` are null until OCR finishes", a rerun's included. */
const ocrUnfinished = (doc: DocumentRow) => doc.status === 'uploaded' || doc.status === 'processing';

export function toDocumentDetail(doc: DocumentRow, fileUrl: FileUrl): DocumentDetail {
  const unfinished = ocrUnfinished(doc);
  return {
    case_id: doc.case_id,
    url: fileUrl(doc),
    mime_type: doc.mime_type,
    type: doc.type,
    json_ocr: unfinished ? null : fromJson<Record<string, unknown> | null>(doc.json_ocr, null),
    parsed_data: unfinished ? null : fromJson<Record<string, unknown> | null>(doc.parsed_data, null),
    validity: unfinished ? PENDING_VALIDITY : fromJson(doc.validity, PENDING_VALIDITY),
  };
}

export async function listCompanyDocuments(
  ctx: ServerContext,
  principal: Principal,
  query: DocumentListQuery,
  fileUrl: FileUrl,
): Promise<DocumentListResponse> {
  const companyId = companyOf(principal, 'UNAUTHORIZED');
  const q = documentListQuerySchema.parse(query);
  const { rows, total } = await listDocuments(ctx.db, {
    companyId,
    caseId: q.case_id?.toLowerCase(),
    documentId: q.document_id?.toLowerCase(),
    limit: q.limit,
    offset: q.offset,
  });
  return { data: rows.map((r) => toDocumentListItem(r, fileUrl)), pagination: paginationOf(q.limit, q.offset, total) };
}

/**
 * The caller's document, or 404 (missing, foreign or in a deleted case read the same). The
 * 404 has no code: contract §7 names RESOURCE_NOT_FOUND only for assign and upload.
 */
export async function loadDocument(ctx: ServerContext, principal: Principal, documentId: string): Promise<DocumentRow> {
  if (!isUuid(documentId)) throw validationError('document_id no es un UUID válido');
  const doc = await findCompanyDocument(ctx.db, companyOf(principal), documentId.toLowerCase());
  if (!doc) throw notFound('Documento no encontrado');
  return doc;
}

export interface NewDocumentSource {
  caseId: string;
  companyId: string;
  mimeType: string;
  bytes: Uint8Array;
  type?: string | null;
  parentId?: string | null;
  sourceUrl?: string | null;
  fileName?: string | null;
  /** Queue the document's own OCR job (default); false when a case job processes it. */
  queueOcr?: boolean;
}

/** Stores the bytes, inserts the document and queues its OCR. */
export async function storeNewDocument(ctx: ServerContext, src: NewDocumentSource): Promise<DocumentRow> {
  const mime = src.mimeType.toLowerCase();
  const stored = await ctx.storage.stage(src.bytes, EXTENSION_BY_MIME[mime] ?? 'bin');
  const now = ctx.clock.now().toISOString();
  const row: DocumentRow = {
    id: ctx.ids(),
    company_id: src.companyId,
    case_id: src.caseId,
    parent_id: src.parentId ?? null,
    type: src.type ?? null,
    subtype: null,
    mime_type: mime,
    status: 'uploaded',
    storage_key: stored.key,
    source_url: src.sourceUrl ?? null,
    size_bytes: stored.sizeBytes,
    // Hashed by the OCR job that first reads the file (the sandbox `ocr` key), not on the request.
    sha256: null,
    parsed_data: null,
    json_ocr: null,
    validity: null,
    classification_method: src.type ? 'manual' : null,
    classification_confidence: src.type ? 1 : null,
    vin: null,
    active: 1,
    created_at: now,
    updated_at: now,
    processed_at: null,
    ocr_id: null,
    // The OCR run queued with the document is the one allowed to write its OCR.
    ocr_run: src.queueOcr === false ? null : ctx.ids(),
    file_name: src.fileName ?? null,
  };
  // The file (when kept in the database), the document and its OCR job commit together, and
  // uploads arriving together share that commit (a worker woken twice by a retried group is harmless).
  await ctx.writes.run(async (trx) => {
    await stored.commit(trx);
    await insertDocument(trx, row);
    if (!row.ocr_run) return;
    await enqueueJob(trx, ctx, {
      id: row.ocr_run,
      kind: DOCUMENT_PROCESS_JOB,
      payload: { document_id: row.id, ocr_id: null },
      companyId: row.company_id,
      caseId: row.case_id,
    });
  });
  return row;
}

/** Fetches a URL source with the size limit, timeout and SSRF rules; errors become VALIDATION_ERROR. */
export async function fetchSource(ctx: ServerContext, url: string): Promise<Uint8Array> {
  try {
    const { bytes } = await downloadFile(url, {
      fetch: ctx.fetch,
      dispatcher: outboundOf(ctx).dispatcher,
      maxBytes: MAX_FILE_BYTES,
      timeoutMs: DOWNLOAD_TIMEOUT_MS,
      allowPrivate: ctx.config.allowPrivateUrls,
    });
    return bytes;
  } catch (err) {
    if (isA(DownloadError, err)) {
      const message =
        err.reason === 'too_large' ? 'El archivo excede el tamaño máximo de 20 MB' : `No se pudo obtener el archivo: ${err.message}`;
      throw validationError(message, { field: 'url', reason: err.reason });
    }
    throw err;
  }
}

/** An upload body, checked, with its base64 content already decoded. */
export interface TakenUpload {
  input: Omit<UploadDocumentInput, 'base64'>;
  /** The decoded base64 content; null when the file comes from `url`. */
  decoded: Buffer | null;
}

/**
 * Checks a POST /v1/documents body and decodes its base64 content, synchronously, then drops
 * the base64 text from the body. The text is by far the largest thing an upload holds, and
 * the upload then waits for the database (the idempotency read, the case check, its commit).
 * Kept until the answer, the text outlived young-space collections under load and filled old
 * space. Take the idempotency claim first: it fingerprints the body with the text.
 */
export function takeUploadBody(principal: Principal, body: unknown): TakenUpload {
  companyOf(principal);
  const checked = checkUploadDocumentBody(body);
  if (!checked.ok) throw HttpError.of(checked.code, checked.message, { fields: checked.fields });
  const { base64, ...input } = checked.value;
  // The check above scanned the text; Node's decoder skips the whitespace it allowed.
  const decoded = base64 ? Buffer.from(withoutDataUrlPrefix(base64), 'base64') : null;
  if (body && typeof body === 'object' && 'base64' in body) (body as { base64?: unknown }).base64 = undefined;
  return { input, decoded };
}

/** `takeUploadBody` for a body a worker thread took apart already (http/uploadBody/). */
export function takePreparedUpload(principal: Principal, prepared: PreparedUpload): TakenUpload {
  companyOf(principal);
  const { checked, decoded } = prepared;
  if (!checked.ok) throw HttpError.of(checked.code, checked.message, { fields: checked.fields });
  return { input: checked.value, decoded: decoded ? Buffer.from(decoded.buffer, decoded.byteOffset, decoded.byteLength) : null };
}

/** POST /v1/documents with every error row of contract §4.9, after `takeUploadBody`. */
export async function uploadDocument(ctx: ServerContext, principal: Principal, upload: TakenUpload) {
  const companyId = companyOf(principal);
  const { input, decoded } = upload;
  const caseId = input.case_id.toLowerCase();
  if (!(await isActiveCase(ctx.db, companyId, caseId))) throw HttpError.of('RESOURCE_NOT_FOUND', 'El caso (case_id) no existe');
  if (input.parent_file_id) {
    const parent = await findCompanyDocument(ctx.db, companyId, input.parent_file_id.toLowerCase());
    if (!parent || parent.case_id !== caseId) {
      throw HttpError.of('RESOURCE_NOT_FOUND', 'El documento padre (parent_file_id) no existe en el caso');
    }
  }
  let bytes: Uint8Array;
  if (decoded) {
    bytes = decoded;
    if (bytes.byteLength > MAX_FILE_BYTES) throw validationError('El archivo excede el tamaño máximo de 20 MB');
  } else {
    bytes = await fetchSource(ctx, input.url as string);
  }
  if (bytes.byteLength === 0) throw validationError('El archivo está vacío');
  const doc = await storeNewDocument(ctx, {
    caseId,
    companyId,
    mimeType: input.mime_type,
    bytes,
    type: input.type ?? null,
    parentId: input.parent_file_id?.toLowerCase() ?? null,
    sourceUrl: input.url ?? null,
  });
  return doc;
}

export async function setDocumentActive(ctx: ServerContext, principal: Principal, documentId: string, active: boolean) {
  const doc = await loadDocument(ctx, principal, documentId);
  await updateDocument(ctx.db, doc.id, { active: active ? 1 : 0, updated_at: ctx.clock.now().toISOString() });
  return { document_id: doc.id, active };
}

/** PATCH /v1/documents/{id}/ocr: the document becomes processed with the given OCR. */
export async function patchDocumentOcr(ctx: ServerContext, principal: Principal, documentId: string, body: PatchDocumentOcrBody) {
  const doc = await loadDocument(ctx, principal, documentId);
  const type = body.type ?? doc.type;
  await applyOcrResult(ctx, doc, {
    type: type ?? null,
    subtype: doc.subtype,
    classification: body.type ? { method: 'manual', confidence: 1 } : null,
    json_ocr: body.json_ocr ?? { source: 'manual' },
    parsed_data: body.parsed_data,
    text: null,
  });
  return (await findCompanyDocument(ctx.db, doc.company_id, doc.id)) as DocumentRow;
}

/**
 * Queues OCR again for a document (POST .../process and .../reclassify), with `patch` written
 * in the same transaction. The new run is the only one allowed to write: runs still in flight
 * finish without effect, so they cannot undo the patch either.
 */
export async function queueDocumentProcessing(ctx: ServerContext, doc: DocumentRow, patch: Partial<DocumentRow> = {}) {
  return ctx.db.transaction().execute(async (trx) => {
    const job = await enqueueJob(trx, ctx, {
      kind: DOCUMENT_PROCESS_JOB,
      payload: { document_id: doc.id, ocr_id: doc.ocr_id },
      companyId: doc.company_id,
      caseId: doc.case_id,
    });
    await updateDocument(trx, doc.id, { ...patch, status: 'processing', ocr_run: job.id, updated_at: ctx.clock.now().toISOString() });
    return job;
  });
}

export async function reclassifyDocument(ctx: ServerContext, principal: Principal, documentId: string, type: string) {
  const doc = await loadDocument(ctx, principal, documentId);
  const job = await queueDocumentProcessing(ctx, doc, { type, classification_method: 'manual', classification_confidence: 1 });
  return { job_id: job.id };
}
