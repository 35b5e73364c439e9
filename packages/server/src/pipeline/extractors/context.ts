import type { SatQr } from '../codes/satQr.js';

/** What an extractor knows besides the text, and what it reports back. */
export interface ExtractContext {
  /** The SAT verification QR decoded from the document, when it carries one. */
  qr?: SatQr;
  /** Validity codes the extraction adds: a VIN repaired from an OCR misread, a QR that disagrees. */
  findings: string[];
  /** The text was read by OCR from pixels (a scan), not from a text layer or a fixture. */
  scanned: boolean;
}

export function extractContext(qr?: SatQr, opts: { scanned?: boolean } = {}): ExtractContext {
  return { qr, findings: [], scanned: opts.scanned ?? false };
}
