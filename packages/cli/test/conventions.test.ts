import fs from 'node:fs';
import path from 'node:path';
import { ERROR_CODES } from '@vcase/shared';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/errors.js';
import * as f from './helpers/fixtures.js';
import { emptyDir, runCli, type Routes } from './helpers/harness.js';

const C = f.CASE_ID;
const page = (limit: number) => ({ body: { data: [f.caseItem(1)], pagination: { limit, offset: 0, total: 1, has_more: false } } });
const results = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .sort((a, b) => a.row - b.row);

describe('conventions of gh and the Stripe CLI', () => {
  it('`vcase` alone prints the help on stdout and exits 0', async () => {
    const r = await runCli([]);
    expect(r.code).toBe(EXIT.OK);
    expect(r.stdout).toContain('Usage: vcase');
    expect(r.stdout).toContain('completion');
    expect(r.stderr).toBe('');
  });

  it('--limit above the maximum says it was capped, and asks for the maximum', async () => {
    const r = await runCli(['cases', 'list', '--limit', '500'], { routes: { 'GET /v1/cases': page(100) } });
    expect(r.code).toBe(EXIT.OK);
    expect(r.stderr).toBe('vcase: --limit 500 is above the maximum page size; capped to 100 (--all or --ndjson reads every page)\n');
    expect(r.requests[0]!.query.limit).toBe('100');
    const docs = await runCli(['documents', 'list', '--limit', '101'], {
      routes: { 'GET /v1/documents': { body: { data: [], pagination: { limit: 100, offset: 0, total: 0, has_more: false } } } },
    });
    expect(docs.stderr).toContain('capped to 100');
    const within = await runCli(['cases', 'list', '--limit', '100'], { routes: { 'GET /v1/cases': page(100) } });
    expect(within.stderr).toBe('');
  });

  it('a batch rerun says which rows the server replayed and which were new', async () => {
    const dir = emptyDir();
    fs.writeFileSync(path.join(dir, 'a.pdf'), '%PDF-1.4');
    fs.writeFileSync(path.join(dir, 'b.pdf'), '%PDF-1.5');
    // a.pdf was uploaded by an earlier run: the server answers its key from its record.
    const routes: Routes = {
      'POST /v1/documents': (req) => ({
        status: 201,
        body: { document_id: f.FILE_1, url: 'http://files/1', status: 'uploaded' },
        headers: { 'idempotent-replayed': String((req.body as { base64: string }).base64 === Buffer.from('%PDF-1.4').toString('base64')) },
      }),
    };
    const rows = ['a.pdf', 'b.pdf'].map((file) => JSON.stringify({ case_id: C, file })).join('\n');
    const r = await runCli(['documents', 'upload', '--from', '-'], { cwd: dir, stdin: `${rows}\n`, routes });
    expect(r.code).toBe(EXIT.OK);
    expect(results(r.stdout).map((x) => [x.input.file, x.replayed])).toEqual([
      ['a.pdf', true],
      ['b.pdf', false],
    ]);
    expect(r.stderr).toContain('2 rows, 2 ok (1 new, 1 replayed: done by an earlier run)');
  });

  it('a case row whose case exists and whose files were replayed is replayed; a new case is not', async () => {
    const routes: Routes = {
      'GET /v1/cases': (req) => ({
        body: {
          data: req.query.internal_id === 'EXP-1' ? [f.caseItem(1)] : [],
          pagination: { limit: 100, offset: 0, total: req.query.internal_id === 'EXP-1' ? 1 : 0, has_more: false },
        },
      }),
      'POST /v1/cases': { status: 201, body: { case_id: C, status: 'completed' } },
    };
    const rows = [
      { internal_id: 'EXP-1', status: 'nuevo' },
      { internal_id: 'EXP-2', status: 'nuevo' },
    ]
      .map((x) => JSON.stringify(x))
      .join('\n');
    const r = await runCli(['cases', 'create', '--from', '-'], { stdin: `${rows}\n`, routes });
    expect(results(r.stdout).map((x) => [x.input.internal_id, x.created, x.replayed])).toEqual([
      ['EXP-1', false, true],
      ['EXP-2', true, false],
    ]);
  });
});

describe('one language per message', () => {
  const noType = "a file whose type cannot be inferred: the server's Spanish message with a Spanish note, ";
  it(noType + "the CLI's hint in English on its own line", async () => {
    const dir = emptyDir();
    fs.writeFileSync(path.join(dir, 'scan.docx'), 'x');
    const r = await runCli(['documents', 'upload', 'scan.docx', '--case', C], { cwd: dir });
    expect(r.code).toBe(EXIT.USAGE);
    expect(r.stderr).toBe(
      'vcase: Falta el parámetro obligatorio: mime_type (no se pudo deducir del nombre "' +
        path.join(dir, 'scan.docx') +
        '"; indique mime_type o filename) (MISSING_PARAMETER)\n' +
        "hint: the MIME type comes from the file name's extension; `vcase documents upload --mime-type` gives it\n",
    );
  });

  it("a batch stopped by a failing server keeps the server's words on their own line", async () => {
    const many = Array.from({ length: 10 }, (_, i) => JSON.stringify({ case_id: C, file: `https://files.example/${i}.pdf` })).join('\n');
    const failing = () => ({ status: 500, body: { error: { code: null, message: 'Error interno' } } });
    const r = await runCli(['documents', 'upload', '--from', '-', '--concurrency', '1'], {
      stdin: many,
      routes: { 'POST /v1/documents': failing },
    });
    expect(r.stderr).toContain(
      'vcase: the server is failing: 5 rows in a row got no answer but a server error\nlast error: Error interno\n',
    );
  });
});

describe('the batch README', () => {
  it('lists every error code a row can carry', () => {
    const readme = fs.readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('Every `error.code` a row can carry'), readme.indexOf('- `--concurrency N`'));
    const src = (file: string) => fs.readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8');
    const sliceOf = (text: string, from: string, to: string) => text.slice(text.indexOf(from), text.indexOf(to));
    const cliCodes = [
      ...[...sliceOf(src('errors.ts'), 'export function errorCode', 'export class RowError').matchAll(/return '([A-Z][A-Z_]+)'/g)].map(
        (m) => m[1]!,
      ),
      ...['batch/caseResolver.ts', 'batch/runner.ts', 'localFiles.ts'].flatMap((file) =>
        [...src(file).matchAll(/RowError\('([A-Z_]+)'/g)].map((m) => m[1]!),
      ),
      'INVALID_ROW',
    ];
    expect(cliCodes).toEqual(expect.arrayContaining(['FILE_NOT_FOUND', 'CASE_NOT_FOUND', 'AMBIGUOUS_INTERNAL_ID', 'SERVER_ERROR']));
    for (const code of [...ERROR_CODES, ...cliCodes, 'HTTP_<status>']) expect(section).toContain(`\`${code}\``);
  });
});
