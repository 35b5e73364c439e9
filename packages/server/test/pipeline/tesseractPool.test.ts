import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ocrPage } from '../../src/pipeline/engines/imageDecode.js';
import { linesOfTsv, TesseractPool } from '../../src/pipeline/engines/tesseractPool.js';

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
    expect(first.lines.flat().map((w) => w.text)).toEqual(first.text.split(/\s+/).filter(Boolean));
  });
});

describe("tesseract's TSV as lines of word boxes", () => {
  it('groups words by block, paragraph and line; drops blank words; boxes end at left + width', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '4\t1\t1\t1\t1\t0\t10\t20\t200\t30\t-1\t',
      '5\t1\t1\t1\t1\t1\t10\t20\t60\t30\t96.1\tPLACA:',
      '5\t1\t1\t1\t1\t2\t80\t21\t90\t29\t95.0\tRSX482B',
      '5\t1\t1\t1\t2\t1\t10\t60\t5\t5\t10.0\t ',
      '5\t1\t1\t1\t2\t2\t10\t60\t40\t30\t91.0\tNIV:',
      '5\t1\t2\t1\t1\t1\t300\t20\t50\t30\t90.0\tNLE',
    ].join('\n');
    expect(linesOfTsv(tsv)).toEqual([
      [
        { text: 'PLACA:', x0: 10, y0: 20, x1: 70, y1: 50 },
        { text: 'RSX482B', x0: 80, y0: 21, x1: 170, y1: 50 },
      ],
      [{ text: 'NIV:', x0: 10, y0: 60, x1: 50, y1: 90 }],
      [{ text: 'NLE', x0: 300, y0: 20, x1: 350, y1: 50 }],
    ]);
    expect(linesOfTsv(null)).toEqual([]);
  });
});
