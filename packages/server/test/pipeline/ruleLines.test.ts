import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { eraseRules } from '../../src/pipeline/engines/ruleLines.js';
import { defaultEngines, processDocument } from '../../src/pipeline/index.js';
import { fixture } from './helpers.js';

const W = 600;
const H = 400;
const page = () => new Uint8Array(W * H).fill(255);
const paint = (p: Uint8Array, x0: number, y0: number, x1: number, y1: number, grey: number) => {
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) p[y * W + x] = grey;
};
const inked = (p: Uint8Array, x0: number, y0: number, x1: number, y1: number) => {
  let n = 0;
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (p[y * W + x] < 215) n++;
  return n;
};

describe('thin rules erased before OCR', () => {
  it('erases a light grey box: straight, slanted a degree, and vertical rules', () => {
    const p = page();
    paint(p, 20, 50, 560, 51, 170); // top rule, 2 px
    for (let x = 20; x <= 560; x++) paint(p, x, 120 + Math.floor((x - 20) / 57), x, 121 + Math.floor((x - 20) / 57), 160); // 1°
    paint(p, 20, 50, 21, 150, 180); // left side
    expect(eraseRules(p, W, H)).toBeGreaterThan(0);
    expect(inked(p, 0, 0, W - 1, H - 1)).toBe(0);
  });

  it('keeps strokes shorter than a rule, fills and bars, and the text a dark bar carries', () => {
    const p = page();
    paint(p, 30, 30, 59, 33, 0); // a letter's bar, 30 px
    paint(p, 30, 40, 32, 69, 0); // a letter's stem, 30 px
    paint(p, 100, 100, 500, 130, 200); // a shaded cell
    paint(p, 100, 200, 500, 260, 60); // a dark heading bar…
    for (let x = 120; x < 480; x += 12) paint(p, x, 215, x + 7, 245, 255); // …with white letters in it
    const before = p.slice();
    expect(eraseRules(p, W, H)).toBe(0);
    expect(Buffer.from(p).equals(Buffer.from(before))).toBe(true);
  });

  it("leaves a QR code's modules alone, at a 200 dpi page's scale and twice it, on a small page (shorter rules count)", async () => {
    for (const side of [318, 636]) {
      const qr = await sharp(fixture('cfdi-qr.png')).resize(side, side, { kernel: 'nearest' }).flatten({ background: '#ffffff' });
      const page = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#ffffff' } })
        .composite([{ input: await qr.png().toBuffer(), left: 100, top: 400 }])
        .toColourspace('b-w')
        .raw()
        .toBuffer();
      expect(eraseRules(page, 900, 1200)).toBe(0);
    }
  });

  it('reads every field of a box-drawn CDMX tarjeta scanned at 200 dpi', { timeout: 60_000 }, async () => {
    // Before the rules went, the NIV, owner, line and folio were lost to the boxes around them.
    const out = await processDocument({
      bytes: fixture('tarjeta-cdmx-scan.png'),
      mime: 'image/png',
      sha256: '',
      engines: defaultEngines(),
    });
    expect(out.parsed_data).toEqual({
      vin: '2HKRW1H59SH723623',
      placa: 'DMM345A',
      entidad: 'CMX',
      propietario: 'MÓNICA CRUZ MENDOZA',
      numero_motor: 'K24V3427829',
      fecha_documento: '01/06/2024',
      marca: 'HONDA',
      anio_modelo: 2025,
      modelo: 'CR-V',
      folio: 'TC61572914',
    });
  });
});
