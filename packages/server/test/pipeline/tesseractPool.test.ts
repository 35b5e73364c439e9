import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ocrPage } from '../../src/pipeline/engines/imageDecode.js';
import { TesseractPool } from '../../src/pipeline/engines/tesseractPool.js';

// tarjeta-cdmx-scan.png: a CDMX tarjeta from packages/corpus (generate --out), scanned at 200 dpi.
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/documents');

describe('tesseract pool', () => {
  const pool = new TesseractPool({ size: 1 });
  afterAll(() => pool.close());

  it('reads a page the same before and after the worker read one line', { timeout: 60_000 }, async () => {
    const page = await ocrPage(fs.readFileSync(path.join(FIXTURES, 'tarjeta-cdmx-scan.png')));
    const first = await pool.recognize(page);
    await pool.readLine(page, '0123456789');
    const again = await pool.recognize(page);
    expect(first.text.length).toBeGreaterThan(50);
    expect(again.text).toBe(first.text);
  });
});
