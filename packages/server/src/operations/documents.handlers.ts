import { idempotencyClaim, runIdempotent } from '../http/idempotency.js';
import { classifyDocument, extractionData } from '../services/documentInsights.js';
import {
  listCompanyDocuments,
  loadDocument,
  patchDocumentOcr,
  queueDocumentProcessing,
  reclassifyDocument,
  setDocumentActive,
  takePreparedUpload,
  takeUploadBody,
  toDocumentDetail,
  uploadDocument,
} from '../services/documents.service.js';
import { getIneResult, submitIne } from '../services/lookups/ine.service.js';
import { withStatus, type OperationHandlers } from './operation.js';

/** The `documents` group of the operations table. */
export const DOCUMENT_HANDLERS = {
  listDocuments: ({ ctx, principal, fileUrl }, i) => listCompanyDocuments(ctx, principal, i.query, fileUrl),
  uploadDocument: async ({ ctx, principal, fileUrl }, i) => {
    // In this order: the claim fingerprints the body with its base64 text, which taking the
    // upload then decodes and lets go of before anything waits (see takeUploadBody).
    const companyId = principal.companyId ?? '';
    const prepared = i.preparedUpload;
    const claim = idempotencyClaim({
      companyId,
      route: 'POST /v1/documents',
      key: i.idempotencyKey,
      body: i.body,
      bodyHash: prepared?.bodyHash,
    });
    const upload = prepared ? takePreparedUpload(principal, prepared) : takeUploadBody(principal, i.body);
    const r = await runIdempotent(ctx, claim, async () => {
      const doc = await uploadDocument(ctx, principal, upload);
      return { statusCode: 201, body: { document_id: doc.id, url: fileUrl(doc) } };
    });
    return withStatus(r.statusCode, r.body, r.replayed);
  },
  getDocument: async ({ ctx, principal, fileUrl }, i) =>
    toDocumentDetail(await loadDocument(ctx, principal, i.params.document_id), fileUrl),
  getDocumentExtractionData: async ({ ctx, principal }, i) => extractionData(ctx, await loadDocument(ctx, principal, i.params.document_id)),
  deleteDocument: ({ ctx, principal }, i) => setDocumentActive(ctx, principal, i.params.document_id, false),
  restoreDocument: ({ ctx, principal }, i) => setDocumentActive(ctx, principal, i.params.document_id, true),
  patchDocumentOcr: async ({ ctx, principal, fileUrl }, i) =>
    toDocumentDetail(await patchDocumentOcr(ctx, principal, i.params.document_id, i.body), fileUrl),
  classifyDocument: async ({ ctx, principal }, i) =>
    classifyDocument(ctx, await loadDocument(ctx, principal, i.params.document_id), i.body?.type || undefined),
  processDocument: async ({ ctx, principal }, i) => {
    const doc = await loadDocument(ctx, principal, i.params.document_id);
    const job = await queueDocumentProcessing(ctx, doc);
    return { document_id: doc.id, job_id: job.id, status: 'processing' };
  },
  reclassifyDocument: ({ ctx, principal }, i) => reclassifyDocument(ctx, principal, i.params.document_id, i.body.type),
} satisfies Partial<OperationHandlers>;

/** The `ine` group: voter IDs sent for validation. */
export const INE_HANDLERS = {
  submitIne: ({ ctx, principal }, i) => submitIne(ctx, principal, i.body),
  getIne: ({ ctx, principal }, i) => getIneResult(ctx, principal, i.params.job_id),
} satisfies Partial<OperationHandlers>;
