import '../engines/pdfjsPolyfills.js';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { getDocumentProxy, renderPageAsImage } from 'unpdf';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { rgbaOf, type RgbaImage } from '../engines/imageDecode.js';
import { pageImages } from '../engines/pdfImages.js';

/** Longest sides tried for a QR search: large first (small modules), then smaller (noise). */
const SIDES = [2400, 1200];
/** Pages searched for a QR code (a printed CFDI carries it on its first pages). */
export const QR_PAGES = 3;

/** Text of a page that is a printed CFDI, which carries SAT's verification QR. */
export function looksLikeCfdi(text: string): boolean {
  return /\bCFDI\b|FOLIO\s+FISCAL|COMPROBANTE\s+FISCAL|SELLO\s+DIGITAL|VERIFICACFDI/i.test(text);
}
/** Rendering scale of a PDF page whose QR is drawn as vector squares (144 dpi). */
const RENDER_SCALE = 2;

let reader: Promise<unknown> | undefined;

/**
 * ZXing-C++'s reader (WebAssembly, `zxing-wasm`), its binary read from the package: nothing is
 * fetched. It reads the SAT QR of every 150–300 dpi CFDI scan of the corpus (35 of 35, ~21 ms a
 * page), where jsQR read 29 in ~250 ms. Bench rows: accuracy.scan_200dpi, accuracy.ocr_speed.
 */
function zxingReader(): Promise<unknown> {
  reader ??= fs.promises
    .readFile(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'))
    .then((wasm) =>
      prepareZXingModule({
        overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
        fireImmediately: true,
      }),
    )
    .catch((err: unknown) => {
      // A failed load (a file briefly unreadable) is tried again by the next search, not kept.
      reader = undefined;
      throw err;
    });
  return reader;
}

async function decode(img: RgbaImage): Promise<string | undefined> {
  await zxingReader();
  const pixels = { data: img.data, width: img.width, height: img.height, colorSpace: 'srgb' } as unknown as Parameters<
    typeof readBarcodes
  >[0];
  const [code] = await readBarcodes(pixels, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 1 });
  return code?.text || undefined;
}

/** The QR code of an image (bytes libvips decodes, or raw pixels), or undefined. */
export async function qrOfImage(input: Parameters<typeof rgbaOf>[0], page = 0): Promise<string | undefined> {
  try {
    for (const side of SIDES) {
      const img = await rgbaOf(input, side, page);
      const value = await decode(img);
      if (value) return value;
      if (Math.max(img.width, img.height) < side) break; // a smaller size would only lose modules
    }
  } catch {
    // undecodable image: no code, not an error
  }
  return undefined;
}

/**
 * QR codes of a PDF's first pages: the images embedded in them (scans, and printed CFDIs that
 * embed their QR as a picture), else the pages rendered to pixels (pdf.js with
 * @napi-rs/canvas), since most CFDI printers draw the QR as vector squares.
 */
export async function qrOfPdf(bytes: Uint8Array): Promise<string[]> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  } catch {
    return [];
  }
  try {
    const found: string[] = [];
    const last = Math.min(pdf.numPages, QR_PAGES);
    for (let p = 1; p <= last; p++) {
      const images = await pageImages(pdf, p);
      for (const img of images) {
        if (img.width < 21 || img.height < 21) continue;
        const value = await qrOfImage(img);
        if (value) found.push(value);
      }
    }
    for (let p = 1; p <= last && !found.length; p++) {
      const png = await renderPageAsImage(pdf, p, { canvasImport: () => import('@napi-rs/canvas'), scale: RENDER_SCALE }).catch(
        () => undefined,
      );
      const value = png ? await qrOfImage(new Uint8Array(png)) : undefined;
      if (value) found.push(value);
    }
    return found;
  } finally {
    await pdf.destroy();
  }
}
