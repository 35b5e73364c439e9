import './pdfjsPolyfills.js';
import { extractImages, type getDocumentProxy } from 'unpdf';
import type { RawPixels } from './imageDecode.js';

type PdfProxy = Awaited<ReturnType<typeof getDocumentProxy>>;

/** Decoded pixels of an image embedded in a PDF page. */
export type RawImage = RawPixels & { channels: 1 | 3 | 4 };

/**
 * The images embedded in pages `first`…`last` (1-based, inclusive), decoded by pdf.js (no
 * canvas needed): the page scan of a scanned PDF, the QR code of a printed CFDI.
 */
export async function pageImages(pdf: PdfProxy, first: number, last: number): Promise<RawImage[][]> {
  const pages: RawImage[][] = [];
  for (let p = Math.max(1, first); p <= Math.min(pdf.numPages, last); p++) {
    try {
      const images = await extractImages(pdf, p);
      pages.push(images.map((i) => ({ data: i.data, width: i.width, height: i.height, channels: i.channels as 1 | 3 | 4 })));
    } catch {
      pages.push([]); // an image pdf.js cannot decode: skip the page
    }
  }
  return pages;
}
