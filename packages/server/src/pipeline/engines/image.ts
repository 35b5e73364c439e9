import { isFieldLabel } from '../extractors/labels.js';
import { layoutOcrLines } from '../layout/index.js';
import type { OcrEngine, OcrOutput } from '../types.js';
import { ENGINE_MESSAGES } from './engineMessages.js';
import { MAX_IMAGE_PAGES, ocrPage, pageCount } from './imageDecode.js';
import { rereadIdentifiers } from './reread.js';
import { looksLikeCfdi, qrOfImage, QR_PAGES } from '../codes/qr.js';
import { sharedTesseractPool, TesseractPool, type Recognized } from './tesseractPool.js';

const IMAGE_MIMES = new Set([
  'image/png',
  'image/jpeg',
  'image/jpg',
  'image/tiff',
  'image/tif',
  'image/x-tiff',
  'image/bmp',
  'image/gif',
  'image/webp',
]);

export interface TesseractOptions {
  /** Tesseract language codes whose data ships as `@tesseract.js-data/<code>`; default `spa`. */
  languages?: string[];
  /** The workers to read with; default the process's shared pool (or one for `languages`). */
  pool?: TesseractPool;
}

const startsWith = (b: Uint8Array, ...sig: number[]) => sig.every((v, i) => b[i] === v);
const isTiff = (b: Uint8Array) => startsWith(b, 0x49, 0x49, 0x2a, 0x00) || startsWith(b, 0x4d, 0x4d, 0x00, 0x2a);

/** Formats leptonica decodes, by their first bytes. */
function isImage(b: Uint8Array): boolean {
  return (
    startsWith(b, 0x89, 0x50, 0x4e, 0x47) ||
    startsWith(b, 0xff, 0xd8, 0xff) ||
    isTiff(b) ||
    startsWith(b, 0x47, 0x49, 0x46, 0x38) ||
    startsWith(b, 0x42, 0x4d) ||
    (startsWith(b, 0x52, 0x49, 0x46, 0x46) && b[8] === 0x57 && b[9] === 0x45)
  );
}

/**
 * Local image OCR with tesseract.js (WebAssembly, offline) through a pool of long-lived
 * workers. Every image is decoded by libvips first (`ocrPage`): 1/8/16-bit, alpha, palette
 * and every TIFF compression read alike, multi-page TIFFs page by page; BMP, and a page the PDF
 * engine already prepared (`prepared`), go to tesseract as they are. Text comes in reading
 * order from the word boxes (`layoutOcrLines`).
 *
 * Reads well: printed, horizontal text on clean scans and screenshots at 150–300 dpi (receipts,
 * registration cards, PDFs printed to image). Reads poorly: photos at an angle, glare,
 * holograms and guilloche backgrounds (INE fronts), handwriting, text under 10 px high.
 */
export function tesseractEngine(options: TesseractOptions = {}): OcrEngine {
  const pool = options.pool ?? (options.languages ? new TesseractPool({ languages: options.languages }) : undefined);
  return {
    name: 'tesseract',
    supports: (mime) => IMAGE_MIMES.has(mime.toLowerCase()),
    async run({ bytes, prepared }): Promise<OcrOutput> {
      if (!isImage(bytes))
        return { text: '', json_ocr: { source: 'tesseract', error: 'unreadable_image', message: ENGINE_MESSAGES.not_an_image } };
      const ocr = pool ?? sharedTesseractPool();
      try {
        const pages = prepared ? 1 : await pageCount(bytes);
        const read: Recognized[] = [];
        let codes: string[] | undefined;
        if (pages === 0) read.push(await ocr.recognize(Buffer.from(bytes)));
        for (let p = 0; p < Math.min(pages, MAX_IMAGE_PAGES); p++) {
          const page = prepared ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : await ocrPage(bytes, p);
          // A printed CFDI's SAT QR (docs/rules.md, "The SAT QR"), decoded while tesseract reads
          // the page on its own thread; kept only when the page reads as a CFDI.
          // Bench row: accuracy.ocr_speed (pipeline vs bare recognize).
          const qr = p < QR_PAGES && !codes?.length ? qrOfImage(bytes, p) : undefined;
          const r = await ocr.recognize(page);
          await rereadIdentifiers(ocr, page, r.lines);
          read.push(r);
          const value = await qr;
          if (qr && looksLikeCfdi(r.text)) codes = [...(codes ?? []), ...(value ? [value] : [])];
        }
        const out = recognizedOutput(read, ocr.languages);
        return codes ? { ...out, json_ocr: { ...out.json_ocr, codes } } : out;
      } catch (err) {
        return {
          text: '',
          json_ocr: {
            source: 'tesseract',
            error: 'unreadable_image',
            message: ENGINE_MESSAGES.unreadable_image,
            detail: String((err as Error)?.message ?? err),
          },
        };
      }
    },
  };
}

/** The engine output of the pages tesseract read: their text in reading order, pages apart. */
export function recognizedOutput(read: readonly Recognized[], languages: readonly string[]): OcrOutput {
  const text = read
    .map((r) => (r.lines.length ? layoutOcrLines(r.lines, isFieldLabel) : r.text).trim())
    .filter(Boolean)
    .join('\n\n');
  const confidence = read.length ? read.reduce((sum, r) => sum + r.confidence, 0) / read.length : 0;
  return { text, json_ocr: { source: 'tesseract', languages, confidence, text, ...(read.length > 1 ? { pages: read.length } : {}) } };
}

/** The image engine of the default set. */
export const imageEngine: OcrEngine = tesseractEngine();

/** An image engine that reads nothing: images are left to `ocr` fixtures or manual OCR. */
export const noImageEngine: OcrEngine = {
  name: 'no_image_ocr',
  supports: (mime) => IMAGE_MIMES.has(mime.toLowerCase()),
  async run(): Promise<OcrOutput> {
    return { text: '', json_ocr: { source: 'no_image_ocr' } };
  },
};
