import * as z from 'zod';
import { checkBody, type BodyCheckResult } from './bodyCheck.js';
import { uuid } from './common.js';
import { documentTypeSchema, MAX_FILE_BYTES, SUPPORTED_MIME_TYPES, supportedMimeTypeSchema } from './documents.js';

/** POST /v1/documents (contract §4.9): its body, the base64 rules of its file, its answer. */

const DATA_URL_PREFIX = /^data:[^,]*;base64,/i;

const BASE64_TEXT = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * The base64 payload of `value`: without a `data:…;base64,` prefix and whitespace. A bare
 * payload, the common case, is returned after one scan.
 */
export function base64Payload(value: string): string {
  return cleanBase64(value).payload;
}

/**
 * True when the platform's own decoder (`atob`, in browsers and Node alike) reads `value`
 * whole: the common upload, checked natively (docs/performance.md, round 11: the upload row).
 * Whatever it reads, `cleanBase64` accepts too; what it refuses (URL-safe letters, a `data:`
 * prefix, no or uneven padding) is left to `cleanBase64`.
 */
function decodesAsBase64(value: string): boolean {
  try {
    atob(value);
    return true;
  } catch {
    return false;
  }
}

function cleanBase64(value: string): { payload: string; valid: boolean } {
  if (BASE64_TEXT.test(value)) return { payload: value, valid: true };
  const payload = value.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  return { payload, valid: BASE64_TEXT.test(payload) };
}

/**
 * `value` without a `data:…;base64,` prefix, for a decoder that skips whitespace itself
 * (Node's): unlike `base64Payload`, it does not scan the text.
 */
export function withoutDataUrlPrefix(value: string): string {
  return value.startsWith('data:') ? value.replace(DATA_URL_PREFIX, '') : value;
}

/** Size in bytes of the content a base64 payload decodes to (no decoding needed). */
function decodedBytes(payload: string): number {
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}

/** Size in bytes of the content a base64 string decodes to (no decoding needed). */
export function base64DecodedBytes(value: string): number {
  return decodedBytes(base64Payload(value));
}

// Plain refinements, not a superRefine, whose closure kept the whole text alive (docs/performance.md,
// round 3: the server RSS row). Cleaning only shortens the text, so the size rule cleans and
// measures only a text whose raw length could exceed the limit.
const base64ContentSchema = z
  .string()
  .refine((value) => decodesAsBase64(value) || cleanBase64(value).valid, { message: 'base64 no es un contenido base64 válido' })
  .refine((value) => Math.floor((value.length * 3) / 4) <= MAX_FILE_BYTES || decodedBytes(cleanBase64(value).payload) <= MAX_FILE_BYTES, {
    message: 'el archivo excede el límite de 20 MB',
  });

/**
 * A valid POST /v1/documents body (contract §4.9): exactly one of `url` or `base64`.
 * The size of a file given by `url` is only known once downloaded, so the server checks it.
 */
export const uploadDocumentRequestSchema = z
  .object({
    case_id: uuid,
    mime_type: z.string().trim().toLowerCase().pipe(supportedMimeTypeSchema),
    url: z.url({ protocol: /^https?$/, error: 'url debe ser una URL http(s)' }).optional(),
    base64: base64ContentSchema.optional(),
    type: documentTypeSchema.optional(),
    parent_file_id: uuid.optional(),
  })
  .refine((b) => !(b.url !== undefined && b.base64 !== undefined), {
    message: 'envíe solo uno de url o base64, no ambos',
    path: ['base64'],
  })
  .refine((b) => b.url !== undefined || b.base64 !== undefined, {
    message: 'se requiere url o base64',
    path: ['url'],
  });
export type UploadDocumentRequest = z.input<typeof uploadDocumentRequestSchema>;
export type UploadDocumentInput = z.output<typeof uploadDocumentRequestSchema>;

/**
 * Wire shape of the upload body: every field optional so that route validation lets
 * through what `checkUploadDocumentBody` must answer with MISSING_PARAMETER.
 */
export const uploadDocumentBodySchema = z
  .object({
    case_id: z.string().nullish().describe('required; UUID of the case'),
    mime_type: z
      .string()
      .nullish()
      .describe(`required; one of ${SUPPORTED_MIME_TYPES.join(', ')}`),
    url: z.string().nullish().describe('public http(s) URL of the file; exactly one of url or base64'),
    base64: z.string().nullish().describe('file content in base64 (max 20 MB); exactly one of url or base64'),
    type: z.string().nullish().describe('document type; when omitted, automatic classification runs'),
    parent_file_id: z.string().nullish().describe('UUID of a parent document in the same case'),
  })
  .meta({
    examples: [
      {
        case_id: '7c56878b-5e9b-43c2-838f-586e0f1ecd72',
        mime_type: 'application/pdf',
        url: 'https://files.example.com/tarjeta.pdf',
        type: 'certificate_title',
      },
      { case_id: '7c56878b-5e9b-43c2-838f-586e0f1ecd72', mime_type: 'application/xml', base64: 'PD94bWwgdmVyc2lvbj0iMS4wIj8+…' },
    ],
  });
export type UploadDocumentBody = z.infer<typeof uploadDocumentBodySchema>;

/**
 * Checks an upload body with the contract's codes: absent `case_id`, `mime_type` or file
 * source → MISSING_PARAMETER; invalid UUID, unsupported MIME, file over 20 MB, or both
 * `url` and `base64` → VALIDATION_ERROR.
 */
export function checkUploadDocumentBody(body: unknown): BodyCheckResult<UploadDocumentInput> {
  return checkBody(uploadDocumentRequestSchema, body, ['case_id', 'mime_type', ['url', 'base64']]);
}

/** POST /v1/documents, 201. */
export const uploadDocumentResponseSchema = z.object({
  document_id: z.string(),
  url: z.string(),
});
export type UploadDocumentResponse = z.infer<typeof uploadDocumentResponseSchema>;
