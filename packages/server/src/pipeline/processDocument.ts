import type { DocumentValidity } from '@vcase/shared';
import { classifyDocument, manualClassification, UNKNOWN_TYPE } from './classify.js';
import { codesFromText, parseSatQr, qrCodes, type SatQr } from './codes/index.js';
import { extractContext } from './extractors/context.js';
import { extractParsedData } from './extractors/index.js';
import { readingCost, type MemoryBudget } from './memoryBudget.js';
import { runOcr } from './runOcr.js';
import type { ClassificationMethod, OcrEngine } from './types.js';
import { computeValidity } from './validity.js';

export interface ProcessDocumentInput {
  bytes: Uint8Array;
  mime: string;
  /** sha256 hex of the bytes; computed when empty. */
  sha256: string;
  /** A type set by hand: it wins over every classification. */
  manualType?: string | null;
  engines: readonly OcrEngine[];
  fileName?: string;
  /** Today (injected clock) for expiry checks; omitted → none. */
  today?: Date;
  /** Waits until the memory the reading will hold is free (`readingCost`); none → no wait. */
  budget?: MemoryBudget;
}

export interface ProcessedDocument {
  /** Null when the classifier could not decide (validity then carries UNCLASSIFIED). */
  type: string | null;
  subtype: string | null;
  classification: { method: ClassificationMethod; confidence: number };
  json_ocr: Record<string, unknown>;
  parsed_data: Record<string, unknown>;
  validity: DocumentValidity;
  text: string;
  /** Engine that read the file. */
  engine: string;
  /** sha256 hex of the bytes (as given, or computed). */
  sha256: string;
}

/**
 * OCR → classification → extraction → validity for one file. Type: the manual one, else the
 * one the engine recognized for certain (CFDI XML, `ocr` fixture), else the classifier's.
 * Never throws for a file without text; throws only when an engine's source failed (retry).
 */
export async function processDocument(input: ProcessDocumentInput): Promise<ProcessedDocument> {
  return input.budget ? input.budget.run(readingCost(input.bytes.length), () => read(input)) : read(input);
}

async function read(input: ProcessDocumentInput): Promise<ProcessedDocument> {
  const ocr = await runOcr(input.engines, { bytes: input.bytes, mime: input.mime, sha256: input.sha256 });
  const version = typeof ocr.json_ocr.version === 'string' && ocr.json_ocr.source === 'cfdi_xml' ? ocr.json_ocr.version : undefined;
  const engineSubtype = version ? `cfdi_${version}` : null;

  let type: string | null;
  let subtype: string | null;
  let classification: ProcessedDocument['classification'];
  if (input.manualType?.trim()) {
    const manual = manualClassification(input.manualType);
    type = manual.type;
    subtype = manual.type === ocr.type ? engineSubtype : null;
    classification = { method: 'manual', confidence: 1 };
  } else if (ocr.type) {
    type = ocr.type;
    subtype = engineSubtype;
    classification = { method: 'automatic', confidence: 1 };
  } else {
    const c = classifyDocument({ mime: input.mime, text: ocr.text, fileName: input.fileName });
    type = c.type === UNKNOWN_TYPE ? null : c.type;
    subtype = c.subtype;
    classification = { method: 'automatic', confidence: c.confidence };
  }

  // A printed invoice carries the SAT QR: the authority for its UUID, RFCs and total.
  // The engines decode it from a scan they read; a text-layer PDF is searched here.
  const decoded = Array.isArray(ocr.json_ocr.codes) ? (ocr.json_ocr.codes as string[]) : undefined;
  const codes =
    !ocr.parsed_data && type && PRINTED_INVOICE_TYPES.has(type) ? (decoded ?? (await qrCodes(input.bytes, input.mime))) : decoded;
  const scanned = ocr.engine === 'tesseract' || 'image_ocr' in ocr.json_ocr;
  const ctx = extractContext(satQrOf(codes ?? [], ocr.text), { scanned });
  const parsed_data = extractParsedData(type, ocr.text, ocr, ctx);
  const json_ocr = codes ? { ...ocr.json_ocr, codes } : ocr.json_ocr;
  const validity = computeValidity({ type, parsed_data, text: ocr.text, json_ocr, today: input.today, findings: ctx.findings });
  return { type, subtype, classification, json_ocr, parsed_data, validity, text: ocr.text, engine: ocr.engine, sha256: ocr.sha256 };
}

/** Types of a printed (PDF or scanned) invoice, whose SAT QR is read. */
const PRINTED_INVOICE_TYPES = new Set(['invoice', 'factura']);

/** The SAT QR among the decoded codes, else one the text prints as its URL. */
function satQrOf(decoded: readonly string[], text: string): SatQr | undefined {
  const printed = codesFromText(text)
    .filter((c) => c.kind === 'qr')
    .map((c) => c.value);
  for (const value of [...decoded, ...printed]) {
    const qr = parseSatQr(value);
    if (qr) return qr;
  }
  return undefined;
}
