import './pdfjsPolyfills.js';
import { extractImages, type getDocumentProxy } from 'unpdf';
import type { RawPixels } from './imageDecode.js';

type PdfProxy = Awaited<ReturnType<typeof getDocumentProxy>>;

/** Decoded pixels of an image embedded in a PDF page. */
export type RawImage = RawPixels & { channels: 1 | 3 | 4 };

/**
 * The images embedded in one page (1-based), decoded by pdf.js (no canvas needed): the page
 * scan of a scanned PDF, the QR code of a printed CFDI. Read a page at a time: a scanned page
 * is tens of MB as pixels. An image pdf.js cannot decode leaves the page without images.
 */
export async function pageImages(pdf: PdfProxy, page: number): Promise<RawImage[]> {
  if (page < 1 || page > pdf.numPages) return [];
  try {
    const images = await extractImages(pdf, page);
    return images.map((i) => ({ data: i.data, width: i.width, height: i.height, channels: i.channels as 1 | 3 | 4 }));
  } catch {
    return [];
  }
}
