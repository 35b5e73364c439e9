import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readLines } from '../../src/batch/lines.js';
import { parseCsvRecord, readRows } from '../../src/batch/rows.js';

async function rows(text: string | string[], format?: 'csv' | 'ndjson') {
  const out = [];
  for await (const r of readRows(readLines(Readable.from(Array.isArray(text) ? text : [text])), format)) out.push(r);
  return out;
}

describe('reading rows', () => {
  it.each([
    ['plain', 'a,b,c', ['a', 'b', 'c']],
    ['quoted with comma', '"x, y",z', ['x, y', 'z']],
    ['escaped quotes', '"say ""hi""",2', ['say "hi"', '2']],
    ['empty fields', 'a,,c,', ['a', '', 'c', '']],
    ['semicolon', 'a;"b;c"', ['a', 'b;c']],
    ['space before a quote', 'a, "b,c"', ['a', 'b,c']],
  ])('CSV record: %s', (_n, line, fields) => {
    const delimiter = line.includes(';') ? ';' : ',';
    expect(parseCsvRecord(line, delimiter)).toEqual({ fields, complete: true });
  });

  it('an open quote asks for the next line', () => {
    expect(parseCsvRecord('a,"b').complete).toBe(false);
  });

  it('CSV: header, CRLF, BOM, a quoted newline, blank lines, semicolons detected', async () => {
    const out = await rows(['\uFEFFcase_id;file;type\r\n', 'C1;"a\nb.pdf";invoice\r\n', '\r\n', 'C2;c.pdf;\r\n']);
    expect(out).toEqual([
      { line: 2, record: { case_id: 'C1', file: 'a\nb.pdf', type: 'invoice' } },
      { line: 5, record: { case_id: 'C2', file: 'c.pdf' } },
    ]);
  });

  it('lines split across chunks are joined', async () => {
    const out = await rows(['{"a":', '1}\n{"a"', ':2}']);
    expect(out.map((r) => r.record)).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('NDJSON: bad lines are reported, not fatal', async () => {
    const out = await rows('{"a":1}\nnot json\n[1]\n{"b":2}\n');
    expect(out.map((r) => r.error ?? r.record)).toEqual([{ a: 1 }, expect.stringContaining('invalid JSON'), 'not a JSON object', { b: 2 }]);
  });

  it('CSV: more fields than the header is an error row', async () => {
    const out = await rows('a,b\n1,2,3\n');
    expect(out[0]!.error).toBe('3 fields but the header has 2');
  });
});
