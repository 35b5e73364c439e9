import { JSON_OCR_LIMITS, MAX_FILE_BYTES, METADATA_LIMITS, PARSED_DATA_LIMITS, type JsonLimits, type OperationId } from '@vcase/shared';

/**
 * What a request body may be, per operation, before it is parsed (docs/operator-guide.md,
 * "Request limits"): its bytes (cut off while streaming) and its entries (counted on the text before
 * JSON.parse, which costs far more per key than per byte). The fields' own limits (metadata,
 * OCR) are checked by their schemas once parsed; these bounds are looser, so that those
 * checks are the ones a client meets, with the field named.
 */
export interface BodyLimits extends JsonLimits {
  bytes: number;
  /** The body carries a file: over the limit, the answer speaks of the file (contract §4.9). */
  carriesFile?: true;
}

const KB = 1024;

/**
 * A 20 MB file in base64 with room for the line breaks MIME encoders put every 76 characters
 * (a CRLF is 4 characters in JSON, `\r\n`), plus the JSON around it; larger bodies are cut
 * off while streaming. The file's own size is checked once decoded.
 */
export const UPLOAD_BODY_LIMIT = Math.ceil(((MAX_FILE_BYTES * 4) / 3) * (80 / 76)) + 512 * KB;

/** Room for formatting (indentation, spaces) around fields measured as compact JSON. */
const slack = (...fields: JsonLimits[]) => ({
  bytes: 2 * fields.reduce((sum, f) => sum + (f.maxChars ?? 0), 0) + 16 * KB,
  maxEntries: fields.reduce((sum, f) => sum + f.maxEntries, 0) + 100,
});

/** Every JSON route not listed below: a few fields, a template, a short list. */
export const DEFAULT_BODY_LIMITS: BodyLimits = { bytes: 256 * KB, maxEntries: 2_000 };

const OPERATION_BODY_LIMITS: Partial<Record<OperationId, BodyLimits>> = {
  uploadDocument: { bytes: UPLOAD_BODY_LIMIT, maxEntries: 100, carriesFile: true },
  // A front and a back image, each as large as a document's file.
  submitIne: { bytes: 2 * UPLOAD_BODY_LIMIT, maxEntries: 100, carriesFile: true },
  appendCaseMetadata: slack(METADATA_LIMITS),
  patchDocumentOcr: slack(PARSED_DATA_LIMITS, JSON_OCR_LIMITS),
  // A sandbox `ocr` outcome carries what PATCH …/ocr does.
  putSandboxFixture: slack(PARSED_DATA_LIMITS, JSON_OCR_LIMITS),
};

export function bodyLimitsOf(id: string): BodyLimits {
  return OPERATION_BODY_LIMITS[id as OperationId] ?? DEFAULT_BODY_LIMITS;
}
