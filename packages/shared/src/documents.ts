import * as z from 'zod';
import { jsonObject, timestamp, uuid } from './common.js';
import { JSON_OCR_LIMITS, limitedJsonObject, PARSED_DATA_LIMITS, withJsonLimits } from './jsonLimits.js';
import { documentStatusSchema } from './enums.js';
import { DOCUMENTS_PAGE, pageOf, pageQuery } from './pagination.js';
import { parsedDataSchema } from './parsedData.js';

/**
 * Document types seen in the interface (contract §2.3). The set is open: bodies accept any
 * non-empty string as a type.
 */
export const DOCUMENT_TYPES = [
  'factura',
  'factura_xml',
  'invoice',
  'ine',
  'curp',
  'id_front',
  'id_front_and_reverse',
  'repuve',
  'tenencia',
  'tax_payment',
  'certificate_title',
  'alta_vehicular',
  'vehicle_certificate',
  'vehicle_plate',
  'lumo_checklist',
  'bank_account',
] as const;
export type KnownDocumentType = (typeof DOCUMENT_TYPES)[number];
export const documentTypeSchema = z.string().trim().min(1, 'type no puede estar vacío');

/** MIME types accepted by POST /v1/documents (contract §4.9). */
export const SUPPORTED_MIME_TYPES = [
  'application/pdf',
  'application/xml',
  'image/jpeg',
  'image/jpg',
  'image/png',
  'image/tiff',
  'image/tif',
  'image/x-tiff',
] as const;
export const supportedMimeTypeSchema = z.enum(SUPPORTED_MIME_TYPES, {
  error: `mime_type no soportado; los soportados son: ${SUPPORTED_MIME_TYPES.join(', ')}`,
});
export type SupportedMimeType = z.infer<typeof supportedMimeTypeSchema>;

/** Maximum size of one file (contract §8). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** Document list item (contract §2.3). */
export const documentListItemSchema = z.object({
  document_id: uuid,
  case_id: uuid,
  type: z.string().nullable(),
  mime_type: z.string().nullable(),
  status: documentStatusSchema.nullable(),
  url: z.string().nullable(),
  created_at: timestamp,
  active: z.boolean(),
});
export type DocumentListItem = z.infer<typeof documentListItemSchema>;

/** GET /v1/documents query (contract §4.9): the two ids combine with AND. */
export const documentListQuerySchema = pageQuery(DOCUMENTS_PAGE.defaultLimit, DOCUMENTS_PAGE.maxLimit).extend({
  case_id: uuid.optional(),
  document_id: uuid.optional(),
});
export type DocumentListQuery = z.input<typeof documentListQuerySchema>;

export const documentListResponseSchema = pageOf(documentListItemSchema);
export type DocumentListResponse = z.infer<typeof documentListResponseSchema>;

/** `validity` of a document (contract §2.3). */
export const documentValiditySchema = z.object({
  document_validity: z.string(),
  codes: z.array(z.string()),
  /** Owner data read from the document, e.g. `nombre`; other keys may appear. */
  userInfo: z.looseObject({ nombre: z.string().nullable().optional() }),
});
export type DocumentValidity = z.infer<typeof documentValiditySchema>;

/** GET /v1/documents/{document_id} (contract §2.3); also the answer of PATCH .../ocr. */
export const documentDetailSchema = z.object({
  case_id: uuid,
  url: z.string().nullable(),
  mime_type: z.string().nullable(),
  type: z.string().nullable(),
  /** Null until OCR finishes; contents not fixed. */
  json_ocr: jsonObject.nullable(),
  /** Null until OCR finishes. */
  parsed_data: parsedDataSchema.nullable(),
  validity: documentValiditySchema,
});
export type DocumentDetail = z.infer<typeof documentDetailSchema>;

/** DELETE /v1/documents/{document_id} (operator-surface §4). */
export const deleteDocumentResponseSchema = z.object({ document_id: uuid, active: z.literal(false) });
export type DeleteDocumentResponse = z.infer<typeof deleteDocumentResponseSchema>;

/** POST /v1/documents/{document_id}/restore (operator-surface §4). */
export const restoreDocumentResponseSchema = z.object({ document_id: uuid, active: z.literal(true) });
export type RestoreDocumentResponse = z.infer<typeof restoreDocumentResponseSchema>;

/** PATCH /v1/documents/{document_id}/ocr body (operator-surface §4); answers the document detail. */
export const patchDocumentOcrBodySchema = z.object({
  parsed_data: withJsonLimits(parsedDataSchema, PARSED_DATA_LIMITS),
  json_ocr: limitedJsonObject(JSON_OCR_LIMITS).optional(),
  type: documentTypeSchema.optional(),
});
export type PatchDocumentOcrBody = z.infer<typeof patchDocumentOcrBodySchema>;
export const patchDocumentOcrResponseSchema = documentDetailSchema;
export type PatchDocumentOcrResponse = DocumentDetail;

/** POST /v1/documents/{document_id}/process, 202 (operator-surface §4). */
export const processDocumentResponseSchema = z.object({
  document_id: uuid,
  job_id: uuid,
  status: z.literal('processing'),
});
export type ProcessDocumentResponse = z.infer<typeof processDocumentResponseSchema>;

/** POST /v1/documents/{document_id}/classify: `{type}` sets the type; no body (or no type) classifies automatically. */
export const classifyDocumentBodySchema = z.object({ type: documentTypeSchema.optional() }).optional();
export type ClassifyDocumentBody = z.infer<typeof classifyDocumentBodySchema>;

export const CLASSIFICATION_METHODS = ['manual', 'automatic'] as const;
export const classificationMethodSchema = z.enum(CLASSIFICATION_METHODS);

/** Classify answer, 200 (operator-surface §4). */
export const classifyDocumentResponseSchema = z.object({
  document_id: uuid,
  /** Null when automatic classification could not decide. */
  type: z.string().nullable(),
  document_subtype: z.string().nullable(),
  method: classificationMethodSchema,
  /** 0 to 1; null when not applicable. */
  confidence: z.number().min(0).max(1).nullable(),
});
export type ClassifyDocumentResponse = z.infer<typeof classifyDocumentResponseSchema>;

/** POST /v1/documents/{document_id}/reclassify (contract §4.9). */
export const reclassifyDocumentBodySchema = z.object({ type: documentTypeSchema });
export type ReclassifyDocumentBody = z.infer<typeof reclassifyDocumentBodySchema>;
export const reclassifyDocumentResponseSchema = z.object({ job_id: uuid });
export type ReclassifyDocumentResponse = z.infer<typeof reclassifyDocumentResponseSchema>;

/** A QR code or barcode read from a document. */
export const extractedCodeSchema = z.object({
  kind: z.enum(['qr', 'barcode']),
  value: z.string(),
});
export type ExtractedCode = z.infer<typeof extractedCodeSchema>;

export const SEAL_STATUSES = ['valid', 'invalid', 'unverifiable'] as const;

/**
 * The issuer's seal of a CFDI XML (docs/rules.md, "CFDI seal"): `valid` when `Sello` signs the
 * file's cadena original with the certificate it carries, of the Emisor's RFC; `reason` says
 * why it is not, in Spanish; `certificate` is the one the CFDI carries, when it could be read.
 */
export const documentSignatureSchema = z.object({
  status: z.enum(SEAL_STATUSES),
  reason: z.string().nullable(),
  certificate: z
    .object({
      /** SAT's certificate number (NoCertificado), 20 digits. */
      number: z.string(),
      rfc: z.string(),
      /** ISO 8601, UTC. */
      valid_from: z.string(),
      valid_to: z.string(),
    })
    .nullable(),
});
export type DocumentSignature = z.infer<typeof documentSignatureSchema>;

/** GET /v1/documents/{document_id}/extraction-data (operator-surface §4). */
export const extractionDataResponseSchema = z.object({
  document_id: uuid,
  validity: documentValiditySchema,
  codes: z.array(extractedCodeSchema),
  owner: jsonObject.nullable(),
  /** The seal of a CFDI XML; null for every other document (PDFs and scans carry no checkable seal). */
  signature: documentSignatureSchema.nullable(),
});
export type ExtractionDataResponse = z.infer<typeof extractionDataResponseSchema>;
