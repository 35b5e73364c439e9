import type {
  ClassifyDocumentResponse,
  DeleteDocumentResponse,
  DocumentDetail,
  DocumentListItem,
  DocumentListQuery,
  ExtractionDataResponse,
  PatchDocumentOcrBody,
  ProcessDocumentResponse,
  ReclassifyDocumentResponse,
  RestoreDocumentResponse,
  UploadDocumentResponse,
} from '@vcase/shared';
import type { ListParams, PagePromise } from '../core/pagination.js';
import type { WaitOptions } from '../core/poll.js';
import type { RequestOptions } from '../core/transport.js';
import { toUploadJson, type UploadParams } from '../uploads.js';
import { settled } from '../waiters.js';
import { APIResource } from './resource.js';

export type DocumentListParams = ListParams<DocumentListQuery>;

/**
 * `/v1/documents` (contract §4.9). The list takes the bearer token; the other endpoints
 * the API key, or the bearer token when no API key is configured.
 */
export class Documents extends APIResource {
  /** The company's documents, newest first; filter by `case_id` and/or `document_id`. */
  list(query: DocumentListParams = {}, options?: RequestOptions): PagePromise<DocumentListItem> {
    return this._list<DocumentListItem>('listDocuments', query, (d) => d.document_id, options);
  }

  /**
   * Uploads one file to a case from a path, bytes, a stream or a URL. `mime_type` is
   * inferred from the file name when omitted; files over 20 MB are refused before sending;
   * sent with an Idempotency-Key (pass `idempotencyKey` to make re-runs safe).
   */
  async upload(params: UploadParams, options?: RequestOptions): Promise<UploadDocumentResponse> {
    const jsonBody = await toUploadJson(params);
    return this._request('uploadDocument', { jsonBody }, options);
  }

  /** Metadata, OCR and extracted data; `json_ocr`/`parsed_data` are null until OCR finishes. */
  get(documentId: string, options?: RequestOptions): Promise<DocumentDetail> {
    return this._request('getDocument', { params: { document_id: documentId } }, options);
  }

  delete(documentId: string, options?: RequestOptions): Promise<DeleteDocumentResponse> {
    return this._request('deleteDocument', { params: { document_id: documentId } }, options);
  }

  restore(documentId: string, options?: RequestOptions): Promise<RestoreDocumentResponse> {
    return this._request('restoreDocument', { params: { document_id: documentId } }, options);
  }

  /** With `type`, sets it (manual); without, classifies from the content (automatic). */
  classify(documentId: string, type?: string, options?: RequestOptions): Promise<ClassifyDocumentResponse> {
    return this._request(
      'classifyDocument',
      { params: { document_id: documentId }, body: type === undefined ? undefined : { type } },
      options,
    );
  }

  /** Changes the type and reruns OCR (202 with the new `job_id`). */
  reclassify(documentId: string, type: string, options?: RequestOptions): Promise<ReclassifyDocumentResponse> {
    return this._request('reclassifyDocument', { params: { document_id: documentId }, body: { type } }, options);
  }

  /** Injects OCR by hand; the document becomes processed. */
  patchOcr(documentId: string, body: PatchDocumentOcrBody, options?: RequestOptions): Promise<DocumentDetail> {
    return this._request('patchDocumentOcr', { params: { document_id: documentId }, body }, options);
  }

  /** Triggers automatic OCR (202); follow it with `waitForOcr`. */
  process(documentId: string, options?: RequestOptions): Promise<ProcessDocumentResponse> {
    return this._request('processDocument', { params: { document_id: documentId } }, options);
  }

  /** Validity, QR/barcodes and owner data. */
  extractionData(documentId: string, options?: RequestOptions): Promise<ExtractionDataResponse> {
    return this._request('getDocumentExtractionData', { params: { document_id: documentId } }, options);
  }

  /** Until OCR finished (`json_ocr` set) or failed. */
  waitForOcr(documentId: string, options?: WaitOptions<DocumentDetail>): Promise<DocumentDetail> {
    return this._wait(`OCR of document ${documentId}`, (o) => this.get(documentId, o), settled.documentOcr, options);
  }
}
