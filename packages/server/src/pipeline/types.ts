/** What an OCR engine reads from one file. */
export interface OcrOutput {
  /** Plain text read from the file; '' when the engine found none. */
  text: string;
  /** Engine-specific structure (contract §2.3 `json_ocr`): what was read and how. */
  json_ocr: Record<string, unknown>;
  /** parsed_data the engine produced itself (CFDI XML, `ocr` fixtures); else extractors run. */
  parsed_data?: Record<string, unknown>;
  /** Document type the engine recognized for certain (CFDI XML, `ocr` fixtures). */
  type?: string;
}

export interface OcrInput {
  bytes: Uint8Array;
  mime: string;
  /** sha256 hex of the bytes (the sandbox `ocr` key). */
  sha256: string;
  /** One page already made ready for OCR (a PDF's page scan): read as it is, not decoded again. */
  prepared?: boolean;
}

/**
 * One way of reading files. `run` answers null when the engine does not apply to these
 * bytes after all (an `ocr` fixture engine without a fixture), so the next engine is tried;
 * an engine that applies but finds no text answers `text: ''`, it does not throw.
 */
export interface OcrEngine {
  name: string;
  supports(mime: string): boolean;
  run(input: OcrInput): Promise<OcrOutput | null>;
}

export type ClassificationMethod = 'manual' | 'automatic';
