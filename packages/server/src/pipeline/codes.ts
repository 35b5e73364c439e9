import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { getDocumentProxy } from 'unpdf';
import { isA } from '@vcase/shared';
import { pageImages, toRgba } from './engines/pdfImages.js';
import { sniffMime } from './runOcr.js';
import { segments, valuesOf, view } from './text.js';
import { LABELS } from './extractors/labels.js';

export interface ExtractedCode {
  kind: 'qr' | 'barcode';
  value: string;
}

/** Longest side decoded for QR search; larger images are downscaled first. */
const MAX_SIDE = 2000;

interface Rgba {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

function decodeImage(bytes: Uint8Array, mime: string): Rgba | undefined {
  if (mime === 'image/png') {
    const png = PNG.sync.read(Buffer.from(bytes));
    return { data: png.data, width: png.width, height: png.height };
  }
  if (mime === 'image/jpeg') {
    const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 512 });
    return { data: img.data, width: img.width, height: img.height };
  }
  return undefined;
}

/** Nearest-neighbour downscale so the longest side is at most MAX_SIDE. */
function fit(img: Rgba): Rgba {
  const scale = Math.max(img.width, img.height) / MAX_SIDE;
  if (scale <= 1) return img;
  const width = Math.floor(img.width / scale);
  const height = Math.floor(img.height / scale);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const sy = Math.floor(y * scale);
    for (let x = 0; x < width; x++) {
      const s = (sy * img.width + Math.floor(x * scale)) * 4;
      data.set(img.data.subarray(s, s + 4), (y * width + x) * 4);
    }
  }
  return { data, width, height };
}

function decodeQr(img: Rgba): string | undefined {
  const small = fit(img);
  const data =
    isA(Uint8ClampedArray, small.data)
      ? small.data
      : new Uint8ClampedArray(small.data.buffer, small.data.byteOffset, small.data.byteLength);
  return jsQR(data, small.width, small.height, { inversionAttempts: 'attemptBoth' })?.data || undefined;
}

/** The QR code of a PNG or JPEG image (jsQR finds one per image), or undefined. */
export function qrFromImage(bytes: Uint8Array, mime: string): string | undefined {
  try {
    const img = decodeImage(bytes, mime);
    return img ? decodeQr(img) : undefined;
  } catch {
    return undefined; // undecodable image: no code, not an error
  }
}

/** QR codes of the images embedded in a PDF's first pages (printed CFDIs embed theirs). */
export async function qrFromPdf(bytes: Uint8Array, maxPages = 3): Promise<string[]> {
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    try {
      const found: string[] = [];
      for (const images of await pageImages(pdf, maxPages)) {
        for (const img of images) {
          if (img.width < 21 || img.height < 21) continue;
          const value = decodeQr({ data: toRgba(img), width: img.width, height: img.height });
          if (value) found.push(value);
        }
      }
      return found;
    } finally {
      await pdf.destroy();
    }
  } catch {
    return [];
  }
}

/**
 * Codes printed as text that a QR or barcode on the same document carries: the SAT CFDI
 * verification URL (the QR of every printed CFDI) and a payment's línea de captura (the
 * barcode of tax receipts).
 */
export function codesFromText(text: string): ExtractedCode[] {
  const out: ExtractedCode[] = [];
  for (const m of text.matchAll(/https?:\/\/verificacfdi\.facturaelectronica\.sat\.gob\.mx\/default\.aspx\?\S+/gi)) {
    out.push({ kind: 'qr', value: m[0] });
  }
  // CFDI 3.2 QR content: ?re=…&rr=…&tt=…&id=…
  for (const m of text.matchAll(/\?re=[A-Z0-9&Ñ]{12,13}&rr=[A-Z0-9&Ñ]{12,13}&tt=[\d.]+&id=[0-9A-F-]{36}/gi)) {
    out.push({ kind: 'qr', value: m[0] });
  }
  const t = view(text);
  for (const v of valuesOf(segments(t, LABELS), 'linea_captura')) {
    const code = v.replace(/\s+/g, '');
    if (/^[A-Z0-9]{15,40}$/i.test(code)) out.push({ kind: 'barcode', value: code.toUpperCase() });
  }
  return out;
}

/**
 * QR codes and barcodes of a document (extraction-data endpoint): QR codes decoded (jsQR) from
 * PNG/JPEG pixels and from the images embedded in a PDF's first 3 pages, plus codes whose
 * content the text shows (see codesFromText). Not read: TIFF images, QR codes drawn as vector
 * graphics in a PDF, 1-D barcodes from pixels, a second QR code in one image.
 */
export async function extractCodes(bytes: Uint8Array, mime: string, text: string): Promise<ExtractedCode[]> {
  const real = sniffMime(bytes, mime);
  const found: ExtractedCode[] = [];
  const qrs = real === 'application/pdf' ? await qrFromPdf(bytes) : real.startsWith('image/') ? [qrFromImage(bytes, real)] : [];
  for (const value of qrs) if (value) found.push({ kind: 'qr', value });
  found.push(...codesFromText(text ?? ''));
  const seen = new Set<string>();
  return found.filter((c) => {
    const key = `${c.kind}:${c.value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
