import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ocrJpeg } from '../../src/pipeline/engines/imageDecode.js';
import { pageImageObjects, pdfStructure } from '../../src/pipeline/engines/pdfJpegs.js';
import { defaultEngines, processDocument } from '../../src/pipeline/index.js';
import { fixture, makeImagePdf, makePdf } from './helpers.js';

const TARJETA = { width: 570, height: 218 };
const jpegOf = (png: Uint8Array) => sharp(png).jpeg({ quality: 90 }).toBuffer();

describe('page scans stored as JPEG', () => {
  it('hands over the JPEG a page draws, byte for byte', async () => {
    const jpeg = await jpegOf(fixture('tarjeta-circulacion-nl.png'));
    const doc = await pdfStructure(await makeImagePdf(jpeg, TARJETA));
    const [image] = pageImageObjects(doc!, 0);
    expect(image).toMatchObject({ width: 1100, height: 420 });
    expect(Buffer.from(image.jpeg!).equals(jpeg)).toBe(true);
  });

  it('leaves any other image to pdf.js (a PNG is stored as deflated pixels)', async () => {
    const doc = await pdfStructure(await makeImagePdf(fixture('tarjeta-circulacion-nl.png'), TARJETA));
    const [image] = pageImageObjects(doc!, 0);
    expect(image.width).toBeGreaterThan(300);
    expect(image).not.toHaveProperty('jpeg');
    expect(pageImageObjects((await pdfStructure(await makePdf(['FACTURA'])))!, 0)).toEqual([]);
  });

  it('reads nothing from bytes that are no PDF', async () => {
    expect(await pdfStructure(new TextEncoder().encode('not a pdf'))).toBeUndefined();
  });

  it('draws the JPEG as stored: an EXIF rotation is not applied, as no PDF viewer applies it', async () => {
    const rotated = await sharp(fixture('tarjeta-circulacion-nl.png')).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const page = await sharp(await ocrJpeg(rotated)).metadata();
    expect([page.width, page.height, page.channels]).toEqual([1100, 420, 1]);
  });

  it('reads an image-only PDF whose scan is a JPEG as it reads the scan itself', async () => {
    const jpeg = await jpegOf(fixture('tarjeta-circulacion-nl.png'));
    const engines = defaultEngines();
    const fromPdf = await processDocument({ bytes: await makeImagePdf(jpeg, TARJETA), mime: 'application/pdf', sha256: '', engines });
    const fromJpeg = await processDocument({ bytes: jpeg, mime: 'image/jpeg', sha256: '', engines });
    expect(fromPdf).toMatchObject({ type: 'certificate_title', json_ocr: { image_ocr: { pages_read: 1 } } });
    expect(fromPdf.parsed_data).toMatchObject({ placa: 'RSX482B', vin: '3G1TC5CF0JL123456' });
    expect(fromPdf.text).toBe(fromJpeg.text);
  });
});
