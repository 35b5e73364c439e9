import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, type PDFObject } from 'pdf-lib';

/** An image XObject drawn by a page: its size and, when it is a JPEG stored as is, the JPEG. */
export interface PageImage {
  width: number;
  height: number;
  /** The JPEG file itself (DCTDecode, no other filter, no decode array, no mask). */
  jpeg?: Uint8Array;
}

/**
 * The PDF's structure read by pdf-lib, which hands a stream's bytes over undecoded; undefined
 * when it cannot read it (encrypted, damaged): pdf.js then decodes every image.
 */
export async function pdfStructure(bytes: Uint8Array): Promise<PDFDocument | undefined> {
  try {
    return await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    return undefined;
  }
}

const name = (s: string) => PDFName.of(s);

function filterNames(f: PDFObject | undefined): string[] {
  if (f instanceof PDFName) return [f.decodeText()];
  if (f instanceof PDFArray) return f.asArray().map((x) => (x instanceof PDFName ? x.decodeText() : '?'));
  return [];
}

/**
 * The image XObjects a page (0-based) names in its own resources. Images inside form XObjects
 * or inline are not listed: the caller falls back to pdf.js for those pages.
 */
export function pageImageObjects(doc: PDFDocument, page: number): PageImage[] {
  const node = doc.getPages()[page]?.node;
  const xobjects = node?.Resources()?.lookupMaybe(name('XObject'), PDFDict);
  if (!xobjects) return [];
  const out: PageImage[] = [];
  for (const [, ref] of xobjects.entries()) {
    const stream = doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream) || stream.dict.get(name('Subtype')) !== name('Image')) continue;
    const size = (key: string) => stream.dict.lookupMaybe(name(key), PDFNumber)?.asNumber() ?? 0;
    const filters = filterNames(stream.dict.lookup(name('Filter')));
    const plain = !['Decode', 'SMask', 'Mask', 'ImageMask'].some((k) => stream.dict.has(name(k)));
    const isJpeg = plain && filters.length === 1 && filters[0] === 'DCTDecode';
    out.push({ width: size('Width'), height: size('Height'), ...(isJpeg ? { jpeg: stream.contents } : {}) });
  }
  return out;
}
