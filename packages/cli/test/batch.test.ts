import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readLines } from '../src/batch/lines.js';
import { parseCsvRecord, readRows } from '../src/batch/rows.js';
import { EXIT } from '../src/errors.js';
import * as f from './helpers/fixtures.js';
import { emptyDir, runCli, SlowWriter, type Request, type Routes } from './helpers/harness.js';

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

const CASE_B = '55555555-5555-4555-8555-555555555555';

/** A server for uploads: refuses files named `bad*`, knows one internal id. */
function uploadServer(): Routes {
  let n = 0;
  return {
    'GET /v1/cases': (req) => ({
      body: { data: req.query.internal_id === 'EXP-B' ? [f.caseItem(9, { internal_id: 'EXP-B', case_id: CASE_B })] : [], pagination: { limit: 100, offset: 0, total: 1, has_more: false } },
    }),
    'POST /v1/documents': (req) => {
      const body = req.body as { url?: string; type?: string };
      if (body.url?.includes('bad')) return { status: 400, body: { error: { code: 'VALIDATION_ERROR', message: 'url no permitida' } } };
      return { status: 201, body: { document_id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, url: 'http://files/x' } };
    },
  };
}

const results = (stdout: string) => stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)).sort((a, b) => a.row - b.row);
const uploads = (requests: Request[]) => requests.filter((r) => r.method === 'POST' && r.path === '/v1/documents');

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
    expect(out[0]).toMatchObject({ input: { case_id: f.CASE_ID, file: 'https://files.example/a.pdf', type: 'invoice' }, document_id: expect.any(String), url: 'http://files/x', key: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(out[4].error).toMatchObject({ message: 'url no permitida', status: 400 });
    // EXP-B is looked up once for its two rows.
    expect(r.requests.filter((q) => q.path === '/v1/cases').map((q) => q.query.internal_id)).toEqual(['EXP-B', 'EXP-NONE']);
    expect(r.stderr).toContain('7 rows, 3 ok, 0 skipped (resume), 4 failed');
  });

  it('the same rows always carry the same Idempotency-Keys (a rerun cannot duplicate)', async () => {
    const a = await runCli(['documents', 'upload', '--from', '-'], { stdin: input, routes: uploadServer() });
    const b = await runCli(['documents', 'upload', '--from', '-', '--concurrency', '1'], { stdin: input, routes: uploadServer() });
    const keys = (reqs: Request[]) => uploads(reqs).map((q) => `${(q.body as { url: string }).url} ${q.headers['idempotency-key']}`).sort();
    expect(keys(a.requests)).toEqual(keys(b.requests));
    expect(new Set(uploads(a.requests).map((q) => q.headers['idempotency-key'])).size).toBe(4);
  });

  it('one upload carries one key however its case is written (UUID in any case, internal_id, --case)', async () => {
    const file = 'https://files.example/same.pdf';
    const ways = [
      { args: [], rows: [{ case_id: CASE_B, file }, { case_id: CASE_B.toUpperCase(), file }, { internal_id: 'EXP-B', file }, { case: 'EXP-B', file }] },
      { args: ['--case', 'EXP-B'], rows: [{ file }] },
      { args: ['--case', CASE_B], rows: [{ file }] },
    ];
    const keys = new Set<string>();
    for (const way of ways) {
      const r = await runCli(['documents', 'upload', '--from', '-', ...way.args], { stdin: way.rows.map((x) => JSON.stringify(x)).join('\n'), routes: uploadServer() });
      expect(r.code).toBe(EXIT.OK);
      for (const q of uploads(r.requests)) keys.add(String(q.headers['idempotency-key']));
    }
    expect(keys.size).toBe(1);
  });

  it('--resume skips the rows a previous output marks ok, and retries the others', async () => {
    const dir = emptyDir();
    const first = await runCli(['documents', 'upload', '--from', '-'], { stdin: input, routes: uploadServer(), cwd: dir });
    fs.writeFileSync(path.join(dir, 'out.ndjson'), first.stdout + '{"row": 99, "ok": tr'); // a run killed mid-line
    const second = await runCli(['documents', 'upload', '--from', '-', '--resume', 'out.ndjson'], { stdin: input, routes: uploadServer(), cwd: dir });
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
    expect(uploads(r.requests)[0]!.body).toEqual({ case_id: f.CASE_ID, base64: Buffer.from('%PDF-1.4 hello').toString('base64'), mime_type: 'application/pdf', type: 'invoice' });
  });

  it('--case and --type give defaults to rows that lack them', async () => {
    const r = await runCli(['documents', 'upload', '--from', '-', '--case', f.CASE_ID, '--type', 'ine'], { stdin: 'file\nhttps://files.example/x.jpg\n', routes: uploadServer() });
    expect(r.code).toBe(0);
    expect(uploads(r.requests)[0]!.body).toMatchObject({ case_id: f.CASE_ID, type: 'ine', mime_type: 'image/jpeg' });
  });

  it('a rejected credential stops the batch: exit 3, no more rows read', async () => {
    const many = Array.from({ length: 50 }, (_, i) => JSON.stringify({ case_id: f.CASE_ID, file: `https://files.example/${i}.pdf` })).join('\n');
    const r = await runCli(['documents', 'upload', '--from', '-', '--concurrency', '2'], { stdin: many, routes: { 'POST /v1/documents': { status: 401, body: { error: { code: null, message: 'API key inválida' } } } } });
    expect(r.code).toBe(EXIT.AUTH);
    expect(uploads(r.requests).length).toBeLessThanOrEqual(3);
    expect(r.stderr).toContain('API key inválida');
    // Rows the refusal cut short are left for a resume, not reported as failures of their own.
    for (const row of results(r.stdout)) expect(row.error).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('a case_id that is not a UUID is an invalid row, not an unknown internal_id; a "case" column may hold either', async () => {
    const rows = [JSON.stringify({ case_id: 'bad-uuid', file: 'https://files.example/a.pdf' }), JSON.stringify({ case: 'EXP-B', file: 'https://files.example/b.pdf' })].join('\n');
    const r = await runCli(['documents', 'upload', '--from', '-'], { stdin: rows, routes: uploadServer() });
    const out = results(r.stdout);
    expect(out[0]).toMatchObject({ row: 1, ok: false, error: { code: 'INVALID_ROW', message: expect.stringContaining('case_id "bad-uuid" is not a UUID') } });
    expect(out[1]).toMatchObject({ row: 2, ok: true, case_id: CASE_B });
  });

  it('a server that cannot be reached stops the batch after a few rows, with the resume hint', async () => {
    const many = Array.from({ length: 50 }, (_, i) => JSON.stringify({ case_id: f.CASE_ID, file: `https://files.example/${i}.pdf` })).join('\n');
    const down = () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4299'), { code: 'ECONNREFUSED' }) });
    };
    const r = await runCli(['documents', 'upload', '--from', '-', '--concurrency', '2'], { stdin: many, routes: { 'POST /v1/documents': down } });
    expect(r.code).toBe(EXIT.FAILURE);
    expect(uploads(r.requests).length).toBeLessThanOrEqual(7);
    expect(r.stderr).toContain('the server cannot be reached: 5 rows in a row failed to connect');
    expect(r.stderr).toContain('rerun with --resume');
  });

  it('a server that answers every row with a server error stops the batch after a few rows; one that fails some rows does not', async () => {
    const many = Array.from({ length: 50 }, (_, i) => JSON.stringify({ case_id: f.CASE_ID, file: `https://files.example/${i}.pdf` })).join('\n');
    const failing = () => ({ status: 500, body: { error: { code: null, message: 'Error interno' } } });
    const r = await runCli(['documents', 'upload', '--from', '-', '--concurrency', '2'], { stdin: many, routes: { 'POST /v1/documents': failing } });
    expect(r.code).toBe(EXIT.FAILURE);
    expect(uploads(r.requests).length).toBeLessThanOrEqual(7);
    expect(r.stderr).toContain('the server is failing: 5 rows in a row got no answer but a server error');
    expect(r.stderr).toContain('rerun with --resume');

    const routes = uploadServer();
    const upload = routes['POST /v1/documents'] as (req: Request, n: number) => { status: number };
    routes['POST /v1/documents'] = (req, n) => (n % 4 === 0 ? upload(req, n) : failing());
    const some = await runCli(['documents', 'upload', '--from', '-', '--concurrency', '1'], { stdin: many, routes });
    expect(uploads(some.requests)).toHaveLength(50);
    expect(results(some.stdout).filter((x) => x.ok)).toHaveLength(12);
    expect(some.stderr).not.toContain('the server is failing');
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

  it('Ctrl-C stops reading and exits 130; rows in flight are not reported', async () => {
    const controller = new AbortController();
    const many = Array.from({ length: 20 }, (_, i) => JSON.stringify({ case_id: f.CASE_ID, file: `https://files.example/${i}.pdf` })).join('\n');
    const server = uploadServer();
    const post = server['POST /v1/documents'] as (req: Request, n: number) => { status: number };
    server['POST /v1/documents'] = (req, n) => {
      if (n === 5) controller.abort();
      return post(req, n);
    };
    const r = await runCli(['documents', 'upload', '--from', '-', '--concurrency', '1'], { stdin: many, routes: server, signal: controller.signal });
    expect(r.code).toBe(EXIT.INTERRUPTED);
    expect(results(r.stdout).length).toBeLessThan(20);
    expect(r.stderr).toContain('stopped early');
  });

  it('Ctrl-C while the input idles (a pipe whose writer waits) exits 130 at once', async () => {
    const controller = new AbortController();
    const stdin = new PassThrough();
    stdin.write(JSON.stringify({ case_id: f.CASE_ID, file: 'https://files.example/0.pdf' }) + '\n');
    setTimeout(() => controller.abort(), 200);
    // Without the interrupt reaching the read, this never returns (the pipe stays open).
    const r = await runCli(['documents', 'upload', '--from', '-'], { stdin, routes: uploadServer(), signal: controller.signal });
    expect(r.code).toBe(EXIT.INTERRUPTED);
    expect(results(r.stdout)).toHaveLength(1);
  });

  it('a slow stdout holds the rows back and still gets every result line', async () => {
    // Enough rows that their output passes 64 KB, so lines are written while the stream is full.
    const n = 600;
    const many = Array.from({ length: n }, (_, i) => JSON.stringify({ case_id: f.CASE_ID, file: `https://files.example/${i}.pdf` })).join('\n');
    const stdout = new SlowWriter();
    const routes = uploadServer();
    const upload = routes['POST /v1/documents'] as (req: Request, n: number) => { status: number };
    let sentWhileFull = 0;
    routes['POST /v1/documents'] = (req, i) => {
      if (stdout.full) sentWhileFull++;
      return upload(req, i);
    };
    const r = await runCli(['documents', 'upload', '--from', '-', '--concurrency', '4'], { stdin: many, routes, stdout });
    expect(r.code).toBe(0);
    expect(results(r.stdout).map((o) => [o.row, o.ok])).toEqual(Array.from({ length: n }, (_, i) => [i + 1, true]));
    expect(stdout.writes).toBeGreaterThan(1);
    // While stdout is full only the rows already in flight go on: no new row starts.
    expect(sentWhileFull).toBeLessThanOrEqual(4 * stdout.writes);
  });

  it('stdin that is a terminal is a usage error', async () => {
    const r = await runCli(['documents', 'upload', '--from', '-'], { isTTY: { stdin: true } });
    expect(r.code).toBe(EXIT.USAGE);
    expect(r.stderr).toContain('stdin, which is a terminal');
  });
});

describe('cases create --from', () => {
  it('creates cases with their files; an existing internal_id is not created again', async () => {
    const dir = emptyDir();
    fs.writeFileSync(path.join(dir, 'a.pdf'), '%PDF a');
    let created = 0;
    const routes: Routes = {
      'GET /v1/cases': (req) => ({ body: { data: req.query.internal_id === 'EXP-OLD' ? [f.caseItem(1, { internal_id: 'EXP-OLD', case_id: CASE_B })] : [], pagination: { limit: 100, offset: 0, total: 0, has_more: false } } }),
      'POST /v1/cases': (req) => {
        created++;
        const files = (req.body as { files?: unknown[] }).files;
        return files ? { status: 202, body: { case_id: f.CASE_ID, job_id: f.JOB, total_files: files.length, status: 'processing' } } : { status: 201, body: { case_id: f.CASE_ID, status: 'completed' } };
      },
      'POST /v1/documents': { status: 201, body: { document_id: f.FILE_1, url: 'http://files/a' } },
    };
    const stdin = [
      JSON.stringify({ internal_id: 'EXP-NEW', files: ['a.pdf', { url: 'https://files.example/f.xml', type: 'invoice' }], metadata: { numero_siniestro: 'S-1' } }),
      JSON.stringify({ internal_id: 'EXP-OLD', status: 'processing' }),
      JSON.stringify({ status: 'nuevo' }),
    ].join('\n');
    const r = await runCli(['cases', 'create', '--from', '-', '--status', 'nuevo'], { stdin, routes, cwd: dir });
    const out = results(r.stdout);
    expect(out[0]).toMatchObject({ ok: true, case_id: f.CASE_ID, created: true, job_id: f.JOB, total_files: 1, document_ids: [f.FILE_1] });
    expect(out[1]).toMatchObject({ ok: true, case_id: CASE_B, created: false });
    expect(out[2]).toMatchObject({ ok: false, error: { code: 'INVALID_ROW', message: 'internal_id is required' } });
    expect(created).toBe(1);
    const create = r.requests.find((q) => q.method === 'POST' && q.path === '/v1/cases')!;
    expect(create.body).toEqual({
      internal_id: 'EXP-NEW',
      status: 'nuevo',
      metadata: { numero_siniestro: 'S-1' },
      files: [{ url: 'https://files.example/f.xml', mime_type: 'application/xml', document_type: 'invoice' }],
    });
    expect(r.code).toBe(EXIT.FAILURE);
  });

  it('a row whose file cannot be read fails before its case is created; internal_id matches exactly', async () => {
    const dir = emptyDir();
    let created = 0;
    const routes: Routes = {
      // The server's filter ignores case: EXP-OLD answers a search for exp-old too.
      'GET /v1/cases': (req) => ({
        body: {
          data: String(req.query.internal_id).toUpperCase() === 'EXP-OLD' ? [f.caseItem(1, { internal_id: 'EXP-OLD', case_id: CASE_B })] : [],
          pagination: { limit: 100, offset: 0, total: 0, has_more: false },
        },
      }),
      'POST /v1/cases': () => {
        created++;
        return { status: 201, body: { case_id: f.CASE_ID, status: 'completed' } };
      },
    };
    fs.writeFileSync(path.join(dir, 'doc.docx'), 'PK');
    fs.writeFileSync(path.join(dir, 'big.pdf'), '');
    fs.truncateSync(path.join(dir, 'big.pdf'), 20 * 1024 * 1024 + 1);
    const stdin = [
      JSON.stringify({ internal_id: 'EXP-TYPO', files: ['nope.pdf'] }),
      JSON.stringify({ internal_id: 'exp-old' }),
      JSON.stringify({ internal_id: 'EXP-BIG', files: ['big.pdf'] }),
      JSON.stringify({ internal_id: 'EXP-DOCX', files: ['doc.docx'] }),
    ].join('\n');
    const r = await runCli(['cases', 'create', '--from', '-', '--status', 'nuevo'], { stdin, routes, cwd: dir });
    const out = results(r.stdout);
    expect(out[0]).toMatchObject({ ok: false, error: { code: 'FILE_NOT_FOUND', message: 'cannot read nope.pdf: no such file' } });
    expect(out[1]).toMatchObject({ ok: true, created: true, case_id: f.CASE_ID });
    // Files the upload would refuse fail their row before the case exists; nothing was sent for them.
    expect(out[2]).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR', message: 'file is 20971521 bytes; the limit is 20971520 bytes (20 MB) per file' } });
    expect(out[3]).toMatchObject({ ok: false, error: { code: 'MISSING_PARAMETER' } });
    expect(out[3].error.message).toContain('no se pudo deducir del nombre');
    for (const row of out.slice(2)) expect(row.error).not.toHaveProperty('status');
    expect(created).toBe(1);
    expect(r.requests.filter((q) => q.method === 'POST' && q.path === '/v1/cases').map((q) => (q.body as { internal_id: string }).internal_id)).toEqual(['exp-old']);
  });
});
