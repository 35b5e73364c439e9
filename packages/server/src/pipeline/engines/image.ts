import { createRequire } from 'node:module';
import path from 'node:path';
import { PNG } from 'pngjs';
import UTIF from 'utif2';
import type { OcrEngine, OcrOutput } from '../types.js';
import { ENGINE_MESSAGES } from './engineMessages.js';

const IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/tiff', 'image/tif', 'image/x-tiff', 'image/bmp', 'image/gif', 'image/webp']);

export interface TesseractOptions {
  /** Tesseract language codes whose data ships as `@tesseract.js-data/<code>`; default `spa`. */
  languages?: string[];
}

const startsWith = (b: Uint8Array, ...sig: number[]) => sig.every((v, i) => b[i] === v);
const isTiff = (b: Uint8Array) => startsWith(b, 0x49, 0x49, 0x2a, 0x00) || startsWith(b, 0x4d, 0x4d, 0x00, 0x2a);

/** Formats leptonica decodes, by their first bytes. */
function isImage(b: Uint8Array): boolean {
  return (
    startsWith(b, 0x89, 0x50, 0x4e, 0x47) || startsWith(b, 0xff, 0xd8, 0xff) || isTiff(b) || startsWith(b, 0x47, 0x49, 0x46, 0x38) ||
    startsWith(b, 0x42, 0x4d) || (startsWith(b, 0x52, 0x49, 0x46, 0x46) && b[8] === 0x57 && b[9] === 0x45)
  );
}

/** Pages of a multi-page TIFF read at most (a scanned file of a few documents). */
const MAX_TIFF_PAGES = 10;

/** The number of pages (image directories) of a TIFF; 0 when it cannot be parsed. */
function tiffPageCount(bytes: Uint8Array): number {
  try {
    return UTIF.decode(new Uint8Array(bytes).buffer).length;
  } catch {
    return 0;
  }
}

/**
 * The pages of a TIFF as PNGs, for multi-page TIFFs and the TIFFs leptonica (inside
 * tesseract.js) cannot read: it reads uncompressed, LZW and G4 ones but not Deflate ("Zip",
 * ImageMagick's default), which utif2 decodes. Null when utif2 cannot either. (JPEG-compressed TIFFs stay unread: utif2
 * decodes some of them into garbled rows.)
 */
function tiffPages(bytes: Uint8Array): Buffer[] | null {
  try {
    const data = new Uint8Array(bytes).buffer;
    const pages: Buffer[] = [];
    for (const ifd of UTIF.decode(data)) {
      if (pages.length >= MAX_TIFF_PAGES) break;
      UTIF.decodeImage(data, ifd);
      if (!ifd.width || !ifd.height) continue;
      const png = new PNG({ width: ifd.width, height: ifd.height });
      png.data = Buffer.from(UTIF.toRGBA8(ifd));
      pages.push(PNG.sync.write(png));
    }
    return pages.length ? pages : null;
  } catch {
    return null;
  }
}

/** Directory of the language data shipped in `@tesseract.js-data/<lang>` (the compact model). */
function languageDir(lang: string): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve(`@tesseract.js-data/${lang}/package.json`);
  return path.join(path.dirname(pkg), '4.0.0_best_int');
}

/**
 * Local image OCR with tesseract.js (WebAssembly), offline: the engine comes from
 * `tesseract.js-core` and the Spanish model from `@tesseract.js-data/spa`, both npm packages;
 * nothing is downloaded at run time. One worker per image (about 0.3 s to start), ended after.
 *
 * Reads well: printed, horizontal text on clean scans and screenshots at 150–300 dpi (receipts,
 * registration cards, PDFs printed to image). Reads poorly: photos at an angle, glare,
 * holograms and guilloche backgrounds (INE fronts), handwriting, text under 10 px high.
 */
export function tesseractEngine(options: TesseractOptions = {}): OcrEngine {
  const languages = options.languages ?? ['spa'];
  return {
    name: 'tesseract',
    supports: (mime) => IMAGE_MIMES.has(mime.toLowerCase()),
    async run({ bytes }): Promise<OcrOutput> {
      if (!isImage(bytes)) return { text: '', json_ocr: { source: 'tesseract', error: 'unreadable_image', message: ENGINE_MESSAGES.not_an_image } };
      const mod = (await import('tesseract.js')) as unknown as { default?: typeof import('tesseract.js') } & typeof import('tesseract.js');
      const { createWorker } = mod.default ?? mod;
      const worker = await createWorker(languages, 1, {
        langPath: languageDir(languages[0]),
        gzip: true,
        cacheMethod: 'none',
        // Without a handler tesseract.js rethrows a failed job as an uncaught exception.
        errorHandler: () => {},
      });
      const readAll = async (images: Buffer[]): Promise<OcrOutput> => {
        const read: { text: string; confidence: number }[] = [];
        for (const image of images) read.push((await worker.recognize(image)).data);
        const text = read.map((r) => r.text.trim()).filter(Boolean).join('\n\n');
        const confidence = read.reduce((sum, r) => sum + r.confidence, 0) / read.length;
        return { text, json_ocr: { source: 'tesseract', languages, confidence, text, ...(images.length > 1 ? { pages: images.length } : {}) } };
      };
      try {
        // Leptonica reads the first page of a TIFF only: a multi-page one is decoded here and
        // read page by page; a one-page TIFF leptonica cannot decode is decoded here after it
        // fails (synchronously, so only then).
        const pages = isTiff(bytes) && tiffPageCount(bytes) > 1 ? tiffPages(bytes) : null;
        if (pages) return await readAll(pages);
        try {
          return await readAll([Buffer.from(bytes)]);
        } catch (err) {
          const decoded = isTiff(bytes) ? tiffPages(bytes) : null;
          if (!decoded) throw err;
          return await readAll(decoded);
        }
      } catch (err) {
        return { text: '', json_ocr: { source: 'tesseract', error: 'unreadable_image', message: ENGINE_MESSAGES.unreadable_image, detail: String((err as Error)?.message ?? err) } };
      } finally {
        await worker.terminate();
      }
    },
  };
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
