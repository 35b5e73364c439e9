import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/errors.js';
import { CASE_B, results, uploads, uploadServer } from '../../helpers/batch.js';
import * as f from '../../helpers/fixtures.js';
import { emptyDir, runCli, type Request } from '../../helpers/harness.js';

describe('documents upload --from', () => {
  const input = [
    JSON.stringify({ case_id: f.CASE_ID, file: 'https://files.example/a.pdf', type: 'invoice' }),
    JSON.stringify({ internal_id: 'EXP-B', file: 'https://files.example/b.xml' }),
    JSON.stringify({ internal_id: 'EXP-B', file: 'https://files.example/c.png' }),
    JSON.stringify({ internal_id: 'EXP-NONE', file: 'https://files.example/d.pdf' }),
    JSON.stringify({ case_id: f.CASE_ID, file: 'https://files.example/bad.pdf' }),
    JSON.stringify({ case_id: f.CASE_ID }),
    '{oops',
  ].join('\n');

  it('one result per row: ids, or the error code; exit 1 when some failed', async () => {
    const r = await runCli(['documents', 'upload', '--from', '-', '--concurrency', '3'], { stdin: input, routes: uploadServer() });
    expect(r.code).toBe(EXIT.FAILURE);
    const out = results(r.stdout);
    expect(out.map((o) => [o.row, o.ok, o.error?.code ?? o.case_id])).toEqual([
      [1, true, f.CASE_ID],
      [2, true, CASE_B],
      [3, true, CASE_B],
      [4, false, 'CASE_NOT_FOUND'],
      [5, false, 'VALIDATION_ERROR'],
      [6, false, 'INVALID_ROW'],
      [7, false, 'INVALID_ROW'],
    ]);
    expect(out[0]).toMatchObject({
      input: { case_id: f.CASE_ID, file: 'https://files.example/a.pdf', type: 'invoice' },
      document_id: expect.any(String),
      url: 'http://files/x',
      key: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(out[4].error).toMatchObject({ message: 'url no permitida', status: 400 });
    // EXP-B is looked up once for its two rows.
    expect(r.requests.filter((q) => q.path === '/v1/cases').map((q) => q.query.internal_id)).toEqual(['EXP-B', 'EXP-NONE']);
    expect(r.stderr).toContain('7 rows, 3 ok, 0 skipped (resume), 4 failed');
  });

  it('the same rows always carry the same Idempotency-Keys (a rerun cannot duplicate)', async () => {
    const a = await runCli(['documents', 'upload', '--from', '-'], { stdin: input, routes: uploadServer() });
    const b = await runCli(['documents', 'upload', '--from', '-', '--concurrency', '1'], { stdin: input, routes: uploadServer() });
    const keys = (reqs: Request[]) =>
      uploads(reqs)
        .map((q) => `${(q.body as { url: string }).url} ${q.headers['idempotency-key']}`)
        .sort();
    expect(keys(a.requests)).toEqual(keys(b.requests));
    expect(new Set(uploads(a.requests).map((q) => q.headers['idempotency-key'])).size).toBe(4);
  });

  it('one upload carries one key however its case is written (UUID in any case, internal_id, --case)', async () => {
    const file = 'https://files.example/same.pdf';
    const ways = [
      {
        args: [],
        rows: [
          { case_id: CASE_B, file },
          { case_id: CASE_B.toUpperCase(), file },
          { internal_id: 'EXP-B', file },
          { case: 'EXP-B', file },
        ],
      },
      { args: ['--case', 'EXP-B'], rows: [{ file }] },
      { args: ['--case', CASE_B], rows: [{ file }] },
    ];
    const keys = new Set<string>();
    for (const way of ways) {
      const r = await runCli(['documents', 'upload', '--from', '-', ...way.args], {
        stdin: way.rows.map((x) => JSON.stringify(x)).join('\n'),
        routes: uploadServer(),
      });
      expect(r.code).toBe(EXIT.OK);
      for (const q of uploads(r.requests)) keys.add(String(q.headers['idempotency-key']));
    }
    expect(keys.size).toBe(1);
  });

  it('--resume skips the rows a previous output marks ok, and retries the others', async () => {
    const dir = emptyDir();
    const first = await runCli(['documents', 'upload', '--from', '-'], { stdin: input, routes: uploadServer(), cwd: dir });
    fs.writeFileSync(path.join(dir, 'out.ndjson'), first.stdout + '{"row": 99, "ok": tr'); // a run killed mid-line
    const second = await runCli(['documents', 'upload', '--from', '-', '--resume', 'out.ndjson'], {
      stdin: input,
      routes: uploadServer(),
      cwd: dir,
    });
    const out = results(second.stdout);
    expect(out.filter((o) => o.skipped).map((o) => o.row)).toEqual([1, 2, 3]);
    expect(uploads(second.requests).map((q) => (q.body as { url: string }).url)).toEqual(['https://files.example/bad.pdf']);
    expect(second.stderr).toContain('3 skipped (resume)');
  });

  it('CSV with local files: paths are read relative to the working directory', async () => {
    const dir = emptyDir();
    fs.writeFileSync(path.join(dir, 'f.pdf'), '%PDF-1.4 hello');
    fs.writeFileSync(path.join(dir, 'rows.csv'), `case_id,file,type\n${f.CASE_ID},f.pdf,invoice\n${f.CASE_ID},missing.pdf,\n`);
    const r = await runCli(['documents', 'upload', '--from', 'rows.csv'], { cwd: dir, routes: uploadServer() });
    const out = results(r.stdout);
    expect(out.map((o) => o.ok)).toEqual([true, false]);
    expect(out[1].error.code).toBe('FILE_NOT_FOUND');
    expect(uploads(r.requests)[0]!.body).toEqual({
      case_id: f.CASE_ID,
      base64: Buffer.from('%PDF-1.4 hello').toString('base64'),
      mime_type: 'application/pdf',
      type: 'invoice',
    });
  });

  it('--case and --type give defaults to rows that lack them', async () => {
    const r = await runCli(['documents', 'upload', '--from', '-', '--case', f.CASE_ID, '--type', 'ine'], {
      stdin: 'file\nhttps://files.example/x.jpg\n',
      routes: uploadServer(),
    });
    expect(r.code).toBe(0);
    expect(uploads(r.requests)[0]!.body).toMatchObject({ case_id: f.CASE_ID, type: 'ine', mime_type: 'image/jpeg' });
  });

  it('a case_id that is not a UUID is an invalid row, not an unknown internal_id; a "case" column may hold either', async () => {
    const rows = [
      JSON.stringify({ case_id: 'bad-uuid', file: 'https://files.example/a.pdf' }),
      JSON.stringify({ case: 'EXP-B', file: 'https://files.example/b.pdf' }),
    ].join('\n');
    const r = await runCli(['documents', 'upload', '--from', '-'], { stdin: rows, routes: uploadServer() });
    const out = results(r.stdout);
    expect(out[0]).toMatchObject({
      row: 1,
      ok: false,
      error: { code: 'INVALID_ROW', message: expect.stringContaining('case_id "bad-uuid" is not a UUID') },
    });
    expect(out[1]).toMatchObject({ row: 2, ok: true, case_id: CASE_B });
  });

  it('a slow row still gets a progress line every 10 s, with the rows really in flight', async () => {
    const routes = uploadServer();
    const upload = routes['POST /v1/documents'] as (req: Request, n: number) => { status: number };
    routes['POST /v1/documents'] = async (req, n, advance) => {
      if (n === 1) {
        advance(11_000);
        await new Promise((resolve) => setTimeout(resolve, 1_500));
      }
      return upload(req, n);
    };
    const stdin = [1, 2].map((i) => JSON.stringify({ case_id: f.CASE_ID, file: `https://files.example/${i}.pdf` })).join('\n');
    const r = await runCli(['documents', 'upload', '--from', '-', '--concurrency', '1'], { stdin, routes });
    expect(r.code).toBe(0);
    const log = r.stderr.split('\n').filter((l) => l.startsWith('vcase: '));
    expect(log[0]).toMatch(/^vcase: 0 rows · 0 ok · 0 skipped · 0 failed · 1 in flight/);
  });

  it('stdin that is a terminal is a usage error', async () => {
    const r = await runCli(['documents', 'upload', '--from', '-'], { isTTY: { stdin: true } });
    expect(r.code).toBe(EXIT.USAGE);
    expect(r.stderr).toContain('stdin, which is a terminal');
  });
});
