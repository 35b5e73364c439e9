import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { tesseractEngine } from '../../src/pipeline/index.js';
import { fixture } from './helpers.js';

/** The same card written the ways scanners write TIFFs: every one must read like the PNG. */
const TIFFS: { name: string; encode: (s: Sharp) => Sharp }[] = [
  {
    name: '1-bit CCITT G4',
    encode: (s) =>
      s.flatten({ background: '#ffffff' }).greyscale().threshold(160).toColourspace('b-w').tiff({ compression: 'ccittfax4', bitdepth: 1 }),
  },
  { name: '8-bit grey LZW', encode: (s) => s.flatten({ background: '#ffffff' }).toColourspace('b-w').tiff({ compression: 'lzw' }) },
  { name: '16-bit grey with alpha, uncompressed', encode: (s) => s.toColourspace('grey16').ensureAlpha().tiff({ compression: 'none' }) },
  { name: '8-bit RGB, JPEG-compressed', encode: (s) => s.flatten({ background: '#ffffff' }).tiff({ compression: 'jpeg', quality: 90 }) },
];

describe('tesseractEngine reads every TIFF a scanner writes', () => {
  for (const t of TIFFS) {
    it(t.name, async () => {
      const bytes = await t.encode(sharp(fixture('tarjeta-circulacion-nl.png'))).toBuffer();
      const out = await tesseractEngine().run({ bytes, mime: 'image/tiff', sha256: 'x' });
      expect(out?.text).toMatch(/TARJETA DE CIRCULACI[OÓ]N/);
      expect(out?.text).toContain('ROBERTO SALINAS TREVINO');
    });
  }
});
