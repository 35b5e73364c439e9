import { describe, expect, it, vi } from 'vitest';
import { isA } from '@vcase/shared';
import {
  defaultEngines,
  fixtureEngine,
  noImageEngine,
  OcrSourceError,
  pdfTextEngine,
  runOcr,
  sha256Hex,
  sniffMime,
  tesseractEngine,
} from '../../src/pipeline/index.js';
import { fixture, makeEmptyPdf, makePdf, TARJETA_CIRCULACION } from './helpers.js';

describe('pdfTextEngine', () => {
  it('reads the text layer line by line, with the page count', async () => {
    const out = await pdfTextEngine.run({ bytes: await makePdf(TARJETA_CIRCULACION), mime: 'application/pdf', sha256: 'x' });
    expect(out?.text.split('\n')).toContain('TARJETA DE CIRCULACIÓN');
    expect(out?.text).toContain('NO. DE SERIE: 3VWFE21C04M000001');
    expect(out?.json_ocr).toMatchObject({ source: 'pdf_text', pages: 1, text_layer: true });
  });

  it('answers empty text for a PDF without a text layer', async () => {
    const out = await pdfTextEngine.run({ bytes: await makeEmptyPdf(), mime: 'application/pdf', sha256: 'x' });
    expect(out).toMatchObject({ text: '', json_ocr: { text_layer: false, pages: 1 } });
  });

  it('answers empty text with an error for a corrupt PDF', async () => {
    const out = await pdfTextEngine.run({ bytes: Buffer.from('%PDF-1.7 garbage'), mime: 'application/pdf', sha256: 'x' });
    expect(out).toMatchObject({
      text: '',
      json_ocr: { error: 'unreadable_pdf', message: 'No se pudo leer el PDF (estructura inválida o dañada)', detail: expect.any(String) },
    });
  });
});

describe('fixtureEngine (sandbox ocr source)', () => {
  const png = fixture('tarjeta-circulacion-nl.png');
  const sha = sha256Hex(png);

  it('wins for any MIME when a fixture exists for the sha256 of the bytes', async () => {
    const lookup = vi.fn(async (key: string) =>
      key === sha ? { type: 'vehicle_plate', text: 'PLACA RSX-482-B', parsed_data: { placa: 'RSX482B' } } : undefined,
    );
    const image = { name: 'image', supports: () => true, run: vi.fn() };
    const out = await runOcr([fixtureEngine(lookup), image], { bytes: png, mime: 'image/png', sha256: '' });
    expect(lookup).toHaveBeenCalledWith(sha);
    expect(image.run).not.toHaveBeenCalled();
    expect(out).toMatchObject({ engine: 'ocr_fixture', type: 'vehicle_plate', text: 'PLACA RSX-482-B', parsed_data: { placa: 'RSX482B' } });
    expect(out.json_ocr).toEqual({ source: 'ocr_fixture', text: 'PLACA RSX-482-B' });
  });

  it('keeps the json_ocr the fixture gives', async () => {
    const engine = fixtureEngine(async () => ({ json_ocr: { pages: [{ words: 3 }] } }));
    const out = await runOcr([engine], { bytes: Buffer.from('%PDF-1.4'), mime: 'application/pdf', sha256: 'ABC' });
    expect(out).toMatchObject({ text: '', json_ocr: { pages: [{ words: 3 }] } });
  });

  it('declines without a fixture, so the next engine reads the file', async () => {
    const out = await runOcr([fixtureEngine(async () => undefined), noImageEngine], { bytes: png, mime: 'image/png', sha256: sha });
    expect(out.engine).toBe('no_image_ocr');
  });

  it('throws OcrSourceError for an {error} outcome (worth retrying)', async () => {
    const engine = fixtureEngine(async () => ({ error: 'timeout' }));
    await expect(runOcr([engine], { bytes: png, mime: 'image/png', sha256: sha })).rejects.toSatisfy((e: unknown) =>
      isA(OcrSourceError, e),
    );
  });

  it('waits delay_ms through the injected sleep', async () => {
    const sleep = vi.fn(async () => {});
    await fixtureEngine(async () => ({ delay_ms: 750, text: 'x' }), { sleep }).run({ bytes: png, mime: 'image/png', sha256: sha });
    expect(sleep).toHaveBeenCalledWith(750);
  });

  it('waits the sandbox latency when the outcome sets no delay_ms; delay_ms 0 and no sleep answer at once', async () => {
    const sleep = vi.fn(async () => {});
    await fixtureEngine(async () => ({ text: 'x' }), { sleep, latencyMs: 500 }).run({ bytes: png, mime: 'image/png', sha256: sha });
    expect(sleep).toHaveBeenCalledWith(500);
    sleep.mockClear();
    await fixtureEngine(async () => ({ text: 'x', delay_ms: 0 }), { sleep, latencyMs: 500 }).run({
      bytes: png,
      mime: 'image/png',
      sha256: sha,
    });
    expect(sleep).not.toHaveBeenCalled();
    const out = await fixtureEngine(async () => ({ text: 'y', delay_ms: 60_000 }), { latencyMs: 500 }).run({
      bytes: png,
      mime: 'image/png',
      sha256: sha,
    });
    expect(out?.text).toBe('y');
  });
});

describe('runOcr', () => {
  it.each([
    ['%PDF-1.7', 'image/png', 'application/pdf'],
    ['\x89PNG\r\n', 'application/pdf', 'image/png'],
    ['\xff\xd8\xff\xe0', 'image/png', 'image/jpeg'],
    ['II*\x00', 'image/png', 'image/tiff'],
    ['<?xml version="1.0"?><a/>', 'application/pdf', 'application/xml'],
    ['????', 'image/jpg', 'image/jpeg'],
    ['????', 'image/x-tiff', 'image/tiff'],
  ])('sniffs %j declared %s as %s', (head, declared, expected) => {
    expect(sniffMime(Buffer.from(head, 'latin1'), declared)).toBe(expected);
  });

  it('answers empty text when no engine supports the type', async () => {
    const out = await runOcr([pdfTextEngine], { bytes: Buffer.from('hello'), mime: 'text/plain', sha256: '' });
    expect(out).toMatchObject({ text: '', engine: 'none', json_ocr: { error: 'unsupported_type' } });
  });

  it('can leave images unread when local OCR is turned off', async () => {
    const out = await runOcr(defaultEngines({ imageOcr: false }), {
      bytes: fixture('tarjeta-circulacion-nl.png'),
      mime: 'image/png',
      sha256: '',
    });
    expect(out).toMatchObject({ engine: 'no_image_ocr', text: '' });
  });
});

describe('tesseractEngine (real local OCR)', () => {
  it('reads printed Spanish text from a PNG offline', async () => {
    const out = await tesseractEngine().run({ bytes: fixture('tarjeta-circulacion-nl.png'), mime: 'image/png', sha256: 'x' });
    expect(out?.text).toMatch(/TARJETA DE CIRCULACI[OÓ]N/);
    expect(out?.text).toContain('ROBERTO SALINAS TREVINO');
    expect(out?.json_ocr).toMatchObject({ source: 'tesseract', languages: ['spa'] });
    expect(out?.json_ocr.confidence).toBeGreaterThan(70);
  });

  it('reads a Deflate-compressed TIFF (ImageMagick writes them; leptonica alone cannot read them)', async () => {
    const out = await tesseractEngine().run({ bytes: fixture('tarjeta-zip.tif'), mime: 'image/tiff', sha256: 'x' });
    expect(out?.text).toMatch(/TARJETA DE CIRCULACI[OÓ]N/);
    expect(out?.json_ocr).toMatchObject({ source: 'tesseract' });
  });

  it('reads every page of a multi-page TIFF, not only the first', async () => {
    const out = await tesseractEngine().run({ bytes: fixture('qr-then-tarjeta.tif'), mime: 'image/tiff', sha256: 'x' });
    expect(out?.text).toMatch(/TARJETA DE CIRCULACI[OÓ]N/);
    expect(out?.json_ocr).toMatchObject({ source: 'tesseract', pages: 2 });
  });

  it('answers empty text for bytes that are no image', async () => {
    const out = await tesseractEngine().run({ bytes: Buffer.from('not an image'), mime: 'image/png', sha256: 'x' });
    expect(out?.text).toBe('');
    expect(out?.json_ocr).toMatchObject({
      error: 'unreadable_image',
      message: 'El archivo no es una imagen PNG, JPEG, TIFF, GIF, BMP ni WebP',
    });
  });
});
