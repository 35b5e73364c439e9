import './pdfjsPolyfills.js';
import { getDocumentProxy } from 'unpdf';
import type { OcrEngine, OcrOutput } from '../types.js';
import { ENGINE_MESSAGES } from './engineMessages.js';
import { ocrPixels } from './imageDecode.js';
import { pageImages } from './pdfImages.js';
import { pdfLayoutText } from './pdfLayout.js';

/** Below this many letters and digits a text layer counts as absent (a scan with a stamp). */
const MIN_TEXT_CHARS = 20;
/** Smallest embedded image taken for a page scan. */
const MIN_SCAN_SIDE = 300;
/** Pages whose text layer is read. */
const MAX_TEXT_PAGES = 20;

export interface PdfEngineOptions {
  /** Reads the page scans of a PDF without a text layer (the image engine); none → ''. */
  imageOcr?: Pick<OcrEngine, 'name' | 'run'>;
  /** Pages of a scanned PDF read by image OCR (default 5). */
  maxScanPages?: number;
}

/**
 * PDFs: the text layer (pdf.js), in reading order (`pdfLayoutText`: columns such as EMISOR |
 * RECEPTOR read one after the other). Without one (a scan), and with `imageOcr`, the largest
 * image embedded in each of the first pages is decoded by pdf.js and read by the image engine,
 * one page at a time. A corrupt PDF yields '' with `error` in json_ocr.
 */
export function pdfEngine(opts: PdfEngineOptions = {}): OcrEngine {
  return {
    name: opts.imageOcr ? 'pdf' : 'pdf_text',
    supports: (mime) => mime.toLowerCase() === 'application/pdf',
    async run({ bytes }): Promise<OcrOutput> {
      let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
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
        const scans = await readScans(pdf, opts.imageOcr, opts.maxScanPages ?? 5);
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

async function readScans(pdf: Awaited<ReturnType<typeof getDocumentProxy>>, engine: Pick<OcrEngine, 'run'>, maxPages: number) {
  const out: OcrOutput[] = [];
  for (let p = 1; p <= Math.min(pdf.numPages, maxPages); p++) {
    const images = await pageImages(pdf, p);
    const scan = images
      .filter((i) => i.width >= MIN_SCAN_SIDE && i.height >= MIN_SCAN_SIDE)
      .sort((a, b) => b.width * b.height - a.width * a.height)[0];
    if (!scan) continue;
    const read = await engine.run({ bytes: await ocrPixels(scan), mime: 'image/png', sha256: '' });
    if (read) out.push(read);
  }
  return out;
}

/** The PDF text layer only. */
export const pdfTextEngine: OcrEngine = pdfEngine();
