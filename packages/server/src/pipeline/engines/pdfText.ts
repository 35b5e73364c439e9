import './pdfjsPolyfills.js';
import { getDocumentProxy } from 'unpdf';
import type { OcrEngine, OcrOutput } from '../types.js';
import { ENGINE_MESSAGES } from './engineMessages.js';
import { ocrJpeg, ocrPixels } from './imageDecode.js';
import { pageImageObjects, pdfStructure } from './pdfJpegs.js';
import { pageImages } from './pdfImages.js';
import { pdfLayoutText } from './pdfLayout.js';

/** Below this many letters and digits a text layer counts as absent (a scan with a stamp). */
const MIN_TEXT_CHARS = 20;
/** Smallest embedded image taken for a page scan. */
const MIN_SCAN_SIDE = 300;
/** Pages whose text layer is read. */
const MAX_TEXT_PAGES = 20;

type PdfProxy = Awaited<ReturnType<typeof getDocumentProxy>>;

export interface PdfEngineOptions {
  /** Reads the page scans of a PDF without a text layer (the image engine); none → ''. */
  imageOcr?: Pick<OcrEngine, 'name' | 'run'>;
  /** Pages of a scanned PDF read by image OCR (default 5). */
  maxScanPages?: number;
}

/**
 * PDFs: the text layer (pdf.js), in reading order (`pdfLayoutText`: columns such as EMISOR |
 * RECEPTOR read one after the other). Without one (a scan), and with `imageOcr`, the largest
 * image embedded in each of the first pages is decoded (`readScans`) and read by the image
 * engine, one page at a time. A corrupt PDF yields '' with `error` in json_ocr.
 */
export function pdfEngine(opts: PdfEngineOptions = {}): OcrEngine {
  return {
    name: opts.imageOcr ? 'pdf' : 'pdf_text',
    supports: (mime) => mime.toLowerCase() === 'application/pdf',
    async run({ bytes }): Promise<OcrOutput> {
      let pdf: PdfProxy;
      try {
        // pdf.js may detach the buffer it is given: hand it a copy.
        pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
      } catch (err) {
        return {
          text: '',
          json_ocr: {
            source: 'pdf_text',
            error: 'unreadable_pdf',
            message: ENGINE_MESSAGES.unreadable_pdf,
            detail: (err as Error).message,
          },
        };
      }
      try {
        const totalPages = pdf.numPages;
        const clean = (await pdfLayoutText(pdf, MAX_TEXT_PAGES)).trim();
        const hasText = clean.replace(/[^\p{L}\p{N}]/gu, '').length >= MIN_TEXT_CHARS;
        if (hasText || !opts.imageOcr) {
          return { text: clean, json_ocr: { source: 'pdf_text', pages: totalPages, text_layer: clean.length > 0, text: clean } };
        }
        const scans = await readScans(bytes, pdf, opts.imageOcr, opts.maxScanPages ?? 5);
        const scanText = scans
          .map((s) => s.text)
          .filter(Boolean)
          .join('\n\n');
        // QR codes the image engine decoded from the scans, so they are not decoded again.
        const searched = scans.filter((s) => Array.isArray(s.json_ocr.codes));
        const codes = searched.length ? { codes: searched.flatMap((s) => s.json_ocr.codes as string[]) } : {};
        return {
          text: scanText || clean,
          json_ocr: {
            source: 'pdf_text',
            pages: totalPages,
            text_layer: clean.length > 0,
            image_ocr: { engine: opts.imageOcr.name, pages_read: scans.length, pages: scans.map((s) => s.json_ocr) },
            text: scanText || clean,
            ...codes,
          },
        };
      } catch (err) {
        return {
          text: '',
          json_ocr: {
            source: 'pdf_text',
            error: 'unreadable_pdf',
            message: ENGINE_MESSAGES.unreadable_pdf,
            detail: (err as Error).message,
          },
        };
      } finally {
        await pdf.destroy();
      }
    },
  };
}

/**
 * Each page's largest image, made ready for OCR. A page scan stored as a plain JPEG is decoded
 * by libvips straight from the file's bytes, any other image by pdf.js.
 * Bench row: accuracy.ocr_speed_pdf (pdf.js decodes a JPEG in ~85 ms of script).
 */
async function readScans(bytes: Uint8Array, pdf: PdfProxy, engine: Pick<OcrEngine, 'run'>, maxPages: number) {
  const doc = await pdfStructure(bytes);
  const out: OcrOutput[] = [];
  for (let p = 1; p <= Math.min(pdf.numPages, maxPages); p++) {
    const jpeg = doc && largest(pageImageObjects(doc, p - 1))?.jpeg;
    const pixels = jpeg ? undefined : largest(await pageImages(pdf, p));
    const page = jpeg ? await ocrJpeg(jpeg) : pixels && (await ocrPixels(pixels));
    if (!page) continue;
    const read = await engine.run({ bytes: page, mime: 'image/png', sha256: '', prepared: true });
    if (read) out.push(read);
  }
  return out;
}

/** The largest image of a page that can be a page scan. */
function largest<T extends { width: number; height: number }>(images: T[]): T | undefined {
  return images
    .filter((i) => i.width >= MIN_SCAN_SIDE && i.height >= MIN_SCAN_SIDE)
    .sort((a, b) => b.width * b.height - a.width * a.height)[0];
}

/** The PDF text layer only. */
export const pdfTextEngine: OcrEngine = pdfEngine();
