import sharp from 'sharp';
import type { ScanFormat } from '../expected.js';
import { renderPdf } from '../pdf/doc.js';

export const EXTENSIONS: Record<ScanFormat, string> = {
  png: 'png',
  jpeg: 'jpg',
  tiff_g4: 'tif',
  tiff_lzw8: 'tif',
  tiff_16a: 'tif',
  pdf_image: 'pdf',
};

/**
 * A scanned page (RGB PNG) in the form a scanner or phone app saves it: PNG; JPEG at quality
 * 85; TIFF 1-bit CCITT G4 (fax-style bilevel), 8-bit grey LZW, or 16-bit grey with alpha
 * uncompressed; or an image-only PDF (the JPEG on a page of the scan's size, no text layer).
 * The resolution is recorded in each file.
 */
export async function encodeScan(png: Buffer, format: ScanFormat, dpi: number): Promise<Buffer> {
  // TIFFs take their resolution as pixels per millimetre (withMetadata would keep the sRGB
  // profile, which the bilevel G4 writer refuses).
  const dense = () => sharp(png).withMetadata({ density: dpi });
  const base = () => sharp(png);
  const perMm = dpi / 25.4;
  switch (format) {
    case 'png':
      return dense().png({ compressionLevel: 9 }).toBuffer();
    case 'jpeg':
      return dense().jpeg({ quality: 85, chromaSubsampling: '4:2:0' }).toBuffer();
    case 'tiff_g4':
      return base()
        .threshold(170)
        .toColourspace('b-w')
        .tiff({ compression: 'ccittfax4', bitdepth: 1, xres: perMm, yres: perMm })
        .toBuffer();
    case 'tiff_lzw8':
      return base().greyscale().toColourspace('b-w').tiff({ compression: 'lzw', xres: perMm, yres: perMm }).toBuffer();
    case 'tiff_16a':
      return base().greyscale().toColourspace('grey16').ensureAlpha().tiff({ compression: 'none', xres: perMm, yres: perMm }).toBuffer();
    case 'pdf_image':
      return imageOnlyPdf(png, dpi);
  }
}

/** The page as a JPEG filling a PDF page of the scan's physical size: no text layer. */
async function imageOnlyPdf(png: Buffer, dpi: number): Promise<Buffer> {
  const meta = await sharp(png).metadata();
  const jpeg = await sharp(png).jpeg({ quality: 85 }).toBuffer();
  const size: [number, number] = [((meta.width ?? 0) * 72) / dpi, ((meta.height ?? 0) * 72) / dpi];
  return renderPdf({ title: 'Scan', size }, (doc) => {
    doc.image(jpeg, 0, 0, { width: size[0], height: size[1] });
  });
}
