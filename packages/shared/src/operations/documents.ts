import {
  classifyDocumentBodySchema,
  classifyDocumentResponseSchema,
  deleteDocumentResponseSchema,
  documentDetailSchema,
  documentListQuerySchema,
  documentListResponseSchema,
  extractionDataResponseSchema,
  patchDocumentOcrBodySchema,
  patchDocumentOcrResponseSchema,
  processDocumentResponseSchema,
  reclassifyDocumentBodySchema,
  reclassifyDocumentResponseSchema,
  restoreDocumentResponseSchema,
} from '../documents.js';
import {
  checkUploadDocumentBody,
  uploadDocumentBodySchema,
  uploadDocumentRequestSchema,
  uploadDocumentResponseSchema,
} from '../documentUpload.js';
import {
  checkIneSubmitBody,
  ineResultResponseSchema,
  ineSubmitBodySchema,
  ineSubmitResponseSchema,
  ineSubmitWireBodySchema,
} from '../ine.js';
import { defineOperations } from '../operationSpec.js';

const DOCUMENT_PATH = '/v1/documents/{document_id}';

/** Documents (contract §4.9, operator-surface §4) and voter IDs (contract §4.10). */
export const DOCUMENT_OPERATIONS = defineOperations({
  listDocuments: {
    method: 'GET', path: '/v1/documents', auth: 'bearer', group: 'documents',
    summary: "Paginated list of the company's documents",
    query: documentListQuerySchema, response: documentListResponseSchema, successStatus: 200,
  },
  uploadDocument: {
    method: 'POST', path: '/v1/documents', auth: 'bearerOrApiKey', group: 'documents',
    summary: 'Upload a document to a case',
    body: uploadDocumentRequestSchema, wireBody: uploadDocumentBodySchema, bodyCheck: checkUploadDocumentBody,
    response: uploadDocumentResponseSchema, successStatus: 201, otherErrorStatuses: [404], idempotent: true,
  },
  getDocument: {
    method: 'GET', path: DOCUMENT_PATH, auth: 'bearerOrApiKey', group: 'documents',
    summary: 'Document metadata, OCR and extracted data',
    response: documentDetailSchema, successStatus: 200,
  },
  getDocumentExtractionData: {
    method: 'GET', path: `${DOCUMENT_PATH}/extraction-data`, auth: 'bearerOrApiKey', group: 'documents',
    summary: 'Advanced extraction: validity, QR/barcodes, owner info',
    response: extractionDataResponseSchema, successStatus: 200,
  },
  deleteDocument: {
    method: 'DELETE', path: DOCUMENT_PATH, auth: 'bearerOrApiKey', group: 'documents',
    summary: 'Soft-delete a document',
    response: deleteDocumentResponseSchema, successStatus: 200,
  },
  restoreDocument: {
    method: 'POST', path: `${DOCUMENT_PATH}/restore`, auth: 'bearerOrApiKey', group: 'documents',
    summary: 'Restore a soft-deleted document',
    response: restoreDocumentResponseSchema, successStatus: 200,
  },
  patchDocumentOcr: {
    method: 'PATCH', path: `${DOCUMENT_PATH}/ocr`, auth: 'bearerOrApiKey', group: 'documents',
    summary: 'Inject OCR manually; the document becomes processed',
    body: patchDocumentOcrBodySchema, response: patchDocumentOcrResponseSchema, successStatus: 200,
  },
  classifyDocument: {
    method: 'POST', path: `${DOCUMENT_PATH}/classify`, auth: 'bearerOrApiKey', group: 'documents',
    summary: 'Classify a document: manual with {type}, automatic without',
    body: classifyDocumentBodySchema, response: classifyDocumentResponseSchema, successStatus: 200,
  },
  processDocument: {
    method: 'POST', path: `${DOCUMENT_PATH}/process`, auth: 'bearerOrApiKey', group: 'documents',
    summary: 'Trigger automatic OCR',
    response: processDocumentResponseSchema, successStatus: 202, idempotent: true,
  },
  reclassifyDocument: {
    method: 'POST', path: `${DOCUMENT_PATH}/reclassify`, auth: 'bearerOrApiKey', group: 'documents',
    summary: 'Change the type and reprocess',
    body: reclassifyDocumentBodySchema, response: reclassifyDocumentResponseSchema, successStatus: 202, idempotent: true,
  },

  // Voter IDs (contract §4.10; unversioned).
  submitIne: {
    method: 'POST', path: '/documents/ine', auth: 'bearer', group: 'ine',
    summary: 'Submit a voter ID (front, optional back) for validation',
    body: ineSubmitBodySchema, bodyCheck: checkIneSubmitBody,
    wireBody: ineSubmitWireBodySchema,
    response: ineSubmitResponseSchema, successStatus: 202, idempotent: true,
  },
  getIne: {
    method: 'GET', path: '/documents/ine/{job_id}', auth: 'bearer', group: 'ine',
    summary: 'Result of a voter ID validation',
    response: ineResultResponseSchema, successStatus: 200,
  },
});
