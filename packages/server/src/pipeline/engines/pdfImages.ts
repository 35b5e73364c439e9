import './pdfjsPolyfills.js';
import { extractImages, type getDocumentProxy } from 'unpdf';

type PdfProxy = Awaited<ReturnType<typeof getDocumentProxy>>;

/** Decoded pixels of an image embedded in a PDF page. */
export interface RawImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
}

/**
 * The images embedded in the first `maxPages` pages, decoded by pdf.js (no canvas needed):
 * the page scan of a scanned PDF, the QR code of a printed CFDI.
 */
export async function pageImages(pdf: PdfProxy, maxPages: number): Promise<RawImage[][]> {
  const pages: RawImage[][] = [];
  for (let p = 1; p <= Math.min(pdf.numPages, maxPages); p++) {
    try {
      const images = await extractImages(pdf, p);
      pages.push(images.map((i) => ({ data: i.data, width: i.width, height: i.height, channels: i.channels as 1 | 3 | 4 })));
    } catch {
      pages.push([]); // an image pdf.js cannot decode: skip the page
    }
  }
  return pages;
}

/** RGBA pixels (what jsQR reads). */
export function toRgba(img: RawImage): Uint8ClampedArray {
  if (img.channels === 4) return img.data;
  const out = new Uint8ClampedArray(img.width * img.height * 4);
  for (let i = 0, j = 0; j < out.length; i += img.channels, j += 4) {
    out[j] = img.data[i];
    out[j + 1] = img.data[img.channels === 1 ? i : i + 1];
    out[j + 2] = img.data[img.channels === 1 ? i : i + 2];
    out[j + 3] = 255;
  }
  return out;
}

/** An uncompressed 24-bit BMP (what the OCR engine reads; cheap to write). */
export function toBmp(img: RawImage): Uint8Array {
  const rowSize = Math.ceil((img.width * 3) / 4) * 4;
  const size = 54 + rowSize * img.height;
  const buf = Buffer.alloc(size);
  buf.write('BM', 0, 'latin1');
  buf.writeUInt32LE(size, 2);
  buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(img.width, 18);
  buf.writeInt32LE(img.height, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  buf.writeUInt32LE(rowSize * img.height, 34);
  const c = img.channels;
  for (let y = 0; y < img.height; y++) {
    // BMP rows run bottom-up, pixels in BGR order.
    const row = 54 + (img.height - 1 - y) * rowSize;
    for (let x = 0; x < img.width; x++) {
      const s = (y * img.width + x) * c;
      const d = row + x * 3;
      buf[d] = img.data[c === 1 ? s : s + 2];
      buf[d + 1] = img.data[c === 1 ? s : s + 1];
      buf[d + 2] = img.data[s];
    }
  }
  return buf;
}
