import { createHash } from 'node:crypto';
import { cfdiXmlEngine } from './engines/cfdi.js';
import { imageEngine, noImageEngine, tesseractEngine } from './engines/image.js';
import type { TesseractPool } from './engines/tesseractPool.js';
import { pdfEngine, pdfTextEngine } from './engines/pdfText.js';
import type { OcrEngine, OcrInput, OcrOutput } from './types.js';

const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/tif': 'image/tiff',
  'image/x-tiff': 'image/tiff',
  'text/xml': 'application/xml',
};

/** The file's real type from its first bytes, else the declared MIME (aliases folded). */
export function sniffMime(bytes: Uint8Array, declared: string): string {
  const b = bytes;
  const starts = (...sig: number[]) => sig.every((v, i) => b[i] === v);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'image/tiff';
  const head = new TextDecoder('latin1')
    .decode(b.subarray(0, 64))
    .replace(/^\uFEFF|^ï»¿/, '')
    .trimStart();
  if (head.startsWith('<?xml') || /^<[A-Za-z_][\w.-]*:?[\w.-]*[\s>]/.test(head)) return 'application/xml';
  const mime = declared.trim().toLowerCase();
  return ALIASES[mime] ?? mime;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The engines every deployment has: CFDI XML, PDF text layer, and local image OCR (tesseract),
 * which also reads the page scans of PDFs without a text layer, with `pool`'s workers (else the
 * process's shared pool). `imageOcr: false` leaves images and scanned PDFs unread (empty
 * text) — for tests and API-only instances.
 */
export function defaultEngines(opts: { imageOcr?: boolean; pool?: TesseractPool } = {}): OcrEngine[] {
  if (opts.imageOcr === false) return [cfdiXmlEngine, pdfTextEngine, noImageEngine];
  const images = opts.pool ? tesseractEngine({ pool: opts.pool }) : imageEngine;
  return [cfdiXmlEngine, pdfEngine({ imageOcr: images }), images];
}

/** What the engine read, which engine, and the sha256 hex of the bytes (as given, or computed). */
export type OcrRun = OcrOutput & { engine: string; sha256: string };

/**
 * Reads a file with the first engine that supports its type (sniffed from the bytes, else the
 * declared MIME) and does not decline it: an `ocr` fixture engine placed first wins for any
 * type. No engine → empty text, never an exception; engines throw only when worth retrying.
 */
export async function runOcr(engines: readonly OcrEngine[], input: OcrInput): Promise<OcrRun> {
  const mime = sniffMime(input.bytes, input.mime);
  const sha256 = input.sha256 || sha256Hex(input.bytes);
  for (const engine of engines) {
    if (!engine.supports(mime)) continue;
    const out = await engine.run({ bytes: input.bytes, mime, sha256 });
    if (out) return { ...out, engine: engine.name, sha256 };
  }
  return { text: '', json_ocr: { source: 'none', error: 'unsupported_type', mime }, engine: 'none', sha256 };
}
