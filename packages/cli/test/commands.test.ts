import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/errors.js';
import * as f from './helpers/fixtures.js';
import { ANSI, emptyDir, runCli, stripAnsi, type Routes, type RunOptions } from './helpers/harness.js';

const C = f.CASE_ID;
/** The case read (metadata, the lightest) that a `--watch` without `--run` makes first (a missing case answers at once). */
const caseExists = { [`GET /v1/cases/${f.CASE_ID}/metadata`]: { body: { case_id: f.CASE_ID, metadata: {}, history: [] } } };
const notFound = { status: 404, body: { error: { code: null, message: 'El caso no existe o está inactivo' } } };
/** A route whose server cannot be reached (connection refused). */
const refused = () => {
  throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
};
const listOf = (items: unknown[], total = items.length, offset = 0, limit = 20) => ({ body: { data: items, pagination: { limit, offset, total, has_more: offset + items.length < total } } });

interface Case {
  name: string;
  args: string[];
  opts?: RunOptions;
  code: number;
  stdout?: (string | RegExp)[];
  notStdout?: (string | RegExp)[];
  stderr?: (string | RegExp)[];
  notStderr?: string[];
  /** Every request made, as `METHOD /path`. */
  calls?: string[];
}

/** args → exit code, stdout, stderr, and the requests the SDK sent. */
const table: Case[] = [
  { name: 'version', args: ['--version'], code: EXIT.OK, stdout: [/^\d+\.\d+\.\d+\n$/], calls: [] },
  { name: 'no arguments: help on stdout, as gh does', args: [], code: EXIT.OK, stdout: ['Usage: vcase', 'Exit codes:'], calls: [] },
  { name: 'help lists commands, credentials order and exit codes', args: ['--help'], code: EXIT.OK, stdout: ['report', 'chain', 'VCASE_BASE_URL', '5    a watched lookup ended in error or timed out'], notStdout: ['docs-reference'] },
  { name: 'unknown command', args: ['platez'], code: EXIT.USAGE, stderr: [/unknown command 'platez'/, /Did you mean plates\?/] },
  { name: 'unknown option', args: ['plates', C, '--bogus'], code: EXIT.USAGE, stderr: ["unknown option '--bogus'"], calls: [] },
  { name: 'a group without its subcommand', args: ['cases'], code: EXIT.USAGE, stderr: ['Usage: vcase cases'] },
  { name: 'help names a subcommand', args: ['help', 'cases', 'create'], code: EXIT.OK, stdout: ['Usage: vcase cases create', '--from'], calls: [] },
  { name: 'help of a command that does not exist', args: ['help', 'nosuch'], code: EXIT.USAGE, stderr: ["unknown command 'nosuch'", 'vcase --help lists the commands'], calls: [] },
  { name: 'help names a group', args: ['help', 'cases'], code: EXIT.OK, stdout: ['Usage: vcase cases', 'create'], calls: [] },
  { name: 'help of a subcommand after a global option', args: ['--profile', 'help', 'help', 'documents', 'upload'], code: EXIT.OK, stdout: ['Usage: vcase documents upload'], calls: [] },
  {
    name: 'missing case, no terminal: usage error and no request',
    args: ['plates'],
    code: EXIT.USAGE,
    stderr: ['missing argument: case', 'prompts need a terminal'],
    calls: [],
  },
  {
    name: 'missing --status for cases create without a terminal',
    args: ['cases', 'create', '--internal-id', 'EXP-1'],
    code: EXIT.USAGE,
    stderr: ['missing --status'],
    calls: [],
  },
  {
    name: 'delete without --yes and without a terminal is refused before any call',
    args: ['cases', 'delete', C],
    code: EXIT.USAGE,
    stderr: ['pass --yes to confirm'],
    calls: [],
  },
  {
    name: 'delete with --yes',
    args: ['cases', 'delete', C, '--yes'],
    opts: { routes: { [`DELETE /v1/cases/${C}`]: { body: { case_id: C, active: false } } } },
    code: EXIT.OK,
    stdout: [`${C}\tdeleted`],
    calls: [`DELETE /v1/cases/${C}`],
  },
  {
    name: 'plates piped: tab-separated rows, no colour',
    args: ['plates', C],
    opts: { routes: { [`GET /v1/cases/${C}/plates`]: { body: f.plates } } },
    code: EXIT.OK,
    stdout: [/^MXA1234\tMEX\tVigente\t01\/02\/2026\tLKJ9876\tfound\t/m, /^NLX5555\tNLE\t\t\t\tpending…/m],
    notStdout: [ANSI, 'PLATE'],
  },
  {
    name: 'plates --json: the API body',
    args: ['plates', C, '--json'],
    opts: { routes: { [`GET /v1/cases/${C}/plates`]: { body: f.plates } } },
    code: EXIT.OK,
    stdout: [JSON.stringify(f.plates, null, 2)],
  },
  {
    name: 'plates on a terminal: a coloured table with a header',
    args: ['plates', C],
    opts: { tty: true, routes: { [`GET /v1/cases/${C}/plates`]: { body: f.plates } } },
    code: EXIT.OK,
    stdout: [ANSI, /PLATE.*PREV\. LOOKUP/],
  },
  {
    name: 'NO_COLOR keeps the table but drops colours',
    args: ['plates', C],
    opts: { tty: true, env: { NO_COLOR: '1' }, routes: { [`GET /v1/cases/${C}/plates`]: { body: f.plates } } },
    code: EXIT.OK,
    stdout: [/PLATE\s+ENTITY/],
    notStdout: [ANSI],
  },
  {
    name: 'a case by internal_id: exact match through the list filter',
    args: ['plates', 'EXP-1042', '--json'],
    opts: {
      routes: {
        'GET /v1/cases': listOf([f.caseItem(1, { internal_id: 'EXP-10420', case_id: '00000000-0000-4000-8000-000000000999' }), f.caseItem(2, { internal_id: 'EXP-1042', case_id: C })]),
        [`GET /v1/cases/${C}/plates`]: { body: f.plates },
      },
    },
    code: EXIT.OK,
    calls: ['GET /v1/cases', `GET /v1/cases/${C}/plates`],
  },
  {
    name: 'an internal_id nobody has: not found',
    args: ['plates', 'EXP-NOPE'],
    opts: { routes: { 'GET /v1/cases': listOf([]) } },
    code: EXIT.NOT_FOUND,
    stderr: ['no active case with internal_id "EXP-NOPE"'],
  },
  {
    name: 'an internal_id two cases share, no terminal: usage error naming both',
    args: ['plates', 'EXP-9'],
    opts: { routes: { 'GET /v1/cases': listOf([f.caseItem(1, { internal_id: 'EXP-9' }), f.caseItem(2, { internal_id: 'EXP-9' })]) } },
    code: EXIT.USAGE,
    stderr: ['several cases have internal_id "EXP-9"', f.caseItem(1).case_id],
  },
  {
    name: '404: exit 4 with the server message',
    args: ['plates', C],
    opts: { routes: { [`GET /v1/cases/${C}/plates`]: notFound } },
    code: EXIT.NOT_FOUND,
    stderr: ['El caso no existe o está inactivo (HTTP 404)', 'request id: req-test'],
  },
  {
    name: '401: exit 3 with a hint',
    args: ['tickets', C],
    opts: { routes: { [`GET /v1/cases/${C}/tickets`]: { status: 401, body: { error: { code: null, message: 'Token inválido' } } } } },
    code: EXIT.AUTH,
    stderr: ['Token inválido', 'vcase login'],
  },
  {
    name: 'no server address anywhere: exit 3',
    args: ['plates', C],
    opts: { env: { VCASE_BASE_URL: undefined } },
    code: EXIT.AUTH,
    stderr: ['no server address configured'],
    calls: [],
  },
  {
    name: 'a server address without a scheme: a usage error naming it, nothing sent',
    args: ['plates', C],
    opts: { env: { VCASE_BASE_URL: '127.0.0.1:41022' } },
    code: EXIT.USAGE,
    stderr: ['must be an http(s) URL, got "127.0.0.1:41022"', 'http://127.0.0.1:41022'],
    calls: [],
  },
  {
    name: 'a refused admin token: the hint names the admin token',
    args: ['--admin-token', 'bad', 'admin', 'fixtures', 'list'],
    opts: { routes: { 'GET /admin/sandbox/fixtures': { status: 401, body: { error: { code: null, message: 'Se requiere el token de administración' } } } } },
    code: EXIT.AUTH,
    stderr: ['Se requiere el token de administración', 'VCASE_ADMIN_TOKEN or pass --admin-token'],
  },
  {
    name: 'an error answer without an error body names its status once',
    args: ['rapi', C, '--run'],
    opts: { routes: { [`POST /v1/cases/${C}/rapi`]: { status: 503, body: null } } },
    code: EXIT.FAILURE,
    stderr: [/^vcase: HTTP 503\n/m],
  },
  {
    name: 'an @file argument that cannot be read: a usage error (exit 2) naming it, nothing sent',
    args: ['cases', 'metadata', C, '--set', '@no-such.json'],
    code: EXIT.USAGE,
    stderr: ['cannot read @no-such.json: no such file'],
    calls: [],
  },
  {
    name: 'no token: the SDK refuses before sending, exit 3',
    args: ['plates', C],
    opts: { env: { VCASE_TOKEN: undefined } },
    code: EXIT.AUTH,
    stderr: ['needs a bearer token'],
    calls: [],
  },
  {
    name: 'a 400 from a lookup start: exit 1 with the message',
    args: ['rapi', C, '--run'],
    opts: { routes: { [`POST /v1/cases/${C}/rapi`]: { status: 400, body: { error: { code: null, message: 'No se encontró un VIN principal' } } } } },
    code: EXIT.FAILURE,
    stderr: ['No se encontró un VIN principal (HTTP 400)'],
  },
  {
    name: '--run without --watch prints the start',
    args: ['rapi', C, '--run'],
    opts: { routes: { [`POST /v1/cases/${C}/rapi`]: { status: 202, body: { job_id: f.JOB, vin: '1FTFW1E51PFA12345', status: 'pending' } } } },
    code: EXIT.OK,
    stdout: [`RAPI lookup started for VIN 1FTFW1E51PFA12345 (job ${f.JOB}).`],
    calls: [`POST /v1/cases/${C}/rapi`],
  },
  {
    name: '--run --watch: starts, polls past 404 and processing, prints the settled result',
    args: ['rapi', C, '--run', '--watch', '--json'],
    opts: {
      routes: {
        [`POST /v1/cases/${C}/rapi`]: { status: 202, body: { job_id: f.JOB, vin: 'V', status: 'pending' } },
        [`GET /v1/cases/${C}/rapi`]: (_r, n) => (n === 1 ? notFound : n === 2 ? { body: f.rapi('processing') } : { body: f.rapi('completed', { tiene_reporte: false }) }),
      },
    },
    code: EXIT.OK,
    stdout: ['"status": "completed"', '"tiene_reporte": false'],
    calls: [`POST /v1/cases/${C}/rapi`, `GET /v1/cases/${C}/rapi`, `GET /v1/cases/${C}/rapi`, `GET /v1/cases/${C}/rapi`],
  },
  {
    name: '--watch that settles in error: exit 5, the result still printed',
    args: ['rapi', C, '--watch'],
    opts: { routes: { ...caseExists, [`GET /v1/cases/${C}/rapi`]: (_r, n) => ({ body: f.rapi(n < 3 ? 'processing' : 'error') }) } },
    code: EXIT.LOOKUP,
    stdout: ['job', 'error'],
    stderr: ['RAPI lookup ended in error'],
  },
  {
    name: '--watch on a case that does not exist: exit 4 at once, nothing waited on',
    args: ['rapi', '00000000-0000-4000-8000-000000000000', '--watch'],
    opts: { routes: { 'GET /v1/cases/00000000-0000-4000-8000-000000000000/metadata': { status: 404, body: { error: { code: null, message: 'Caso no encontrado' } } } } },
    code: EXIT.NOT_FOUND,
    stderr: ['Caso no encontrado'],
    calls: ['GET /v1/cases/00000000-0000-4000-8000-000000000000/metadata'],
  },
  {
    name: 'tickets --watch where a plate could not be looked up: exit 5, the rows still printed',
    args: ['tickets', C, '--watch'],
    opts: {
      routes: {
        ...caseExists,
        [`GET /v1/cases/${C}/tickets`]: {
          body: { ...f.tickets, result: [...f.tickets.result, { plate_number: 'ZZZ0001', state: 'CMX', ticket_date: null, amount: null, status: 'failed', message: 'Hubo un problema al extraer la información' }] },
        },
      },
    },
    code: EXIT.LOOKUP,
    stdout: ['ZZZ0001'],
    stderr: ['tickets ended in error'],
  },
  {
    name: '--watch that times out: exit 5 with the last snapshot',
    args: ['rapi', C, '--watch', '--timeout', '5', '--json'],
    opts: { routes: { ...caseExists, [`GET /v1/cases/${C}/rapi`]: { body: f.rapi('processing') } } },
    code: EXIT.LOOKUP,
    stdout: ['"status": "processing"'],
    stderr: ['did not settle within 5000 ms'],
  },
  {
    name: 'tickets --watch that were never looked up: exit 5 at once, with --run as the hint',
    args: ['tickets', C, '--watch'],
    opts: { routes: { ...caseExists, [`GET /v1/cases/${C}/tickets`]: { body: { case_id: C, status: 'processing', message: 'Aún no se ha ejecutado ninguna consulta de infracciones para este caso', result: [] } } } },
    code: EXIT.LOOKUP,
    stderr: ['will not settle by waiting', 'start it with --run'],
    calls: [`GET /v1/cases/${C}/metadata`, `GET /v1/cases/${C}/tickets`],
  },
  {
    name: 'plates not computed yet (404): exit 4, the server text, and --run as the hint',
    args: ['plates', C],
    opts: { routes: { [`GET /v1/cases/${C}/plates`]: { status: 404, body: { error: { code: null, message: 'Las placas del caso aún no se han calculado' } } } } },
    code: EXIT.NOT_FOUND,
    stderr: ['Las placas del caso aún no se han calculado (HTTP 404)', 'start it with --run'],
    calls: [`GET /v1/cases/${C}/plates`],
  },
  {
    name: 'a document argument that is not a UUID: usage error before any call',
    args: ['documents', 'get', 'garbage'],
    code: EXIT.USAGE,
    stderr: ['"garbage" is not a document_id (a UUID)'],
    calls: [],
  },
  {
    name: 'a local file that does not exist: usage error before any call',
    args: ['documents', 'upload', 'no-such-file.pdf', '--case', C],
    code: EXIT.USAGE,
    stderr: ['no-such-file.pdf'],
    calls: [],
  },
  {
    name: 'plates never computed, watched without --run: exit 4 at once with the --run hint (no polling of 404s)',
    args: ['plates', C, '--watch'],
    opts: { routes: { ...caseExists, [`GET /v1/cases/${C}/plates`]: { status: 404, body: { error: { code: null, message: 'Las placas del caso aún no se han calculado' } } } } },
    code: EXIT.NOT_FOUND,
    stderr: ['Las placas del caso aún no se han calculado (HTTP 404)', 'start it with --run'],
    calls: [`GET /v1/cases/${C}/metadata`, `GET /v1/cases/${C}/plates`],
  },
  {
    name: 'a chain, readable before any run, keeps its plain 404 (the case is gone)',
    args: ['chain', 'plates', C],
    opts: { routes: { [`GET /v1/cases/${C}/chain_plates`]: notFound } },
    code: EXIT.NOT_FOUND,
    stderr: ['El caso no existe o está inactivo'],
    notStderr: ['--run'],
    calls: [`GET /v1/cases/${C}/chain_plates`],
  },
  {
    name: 'tickets --watch keeps waiting while a plate is still processing under a completed root',
    args: ['tickets', C, '--watch'],
    opts: {
      routes: {
        ...caseExists,
        [`GET /v1/cases/${C}/tickets`]: (_r, n) => ({
          body: n < 3 ? { ...f.tickets, result: [...f.tickets.result.slice(0, 3), { plate_number: 'LKJ9876', state: 'MEX', ticket_date: null, amount: null, status: 'processing', message: 'Se está procesando la información' }] } : f.tickets,
        }),
      },
    },
    code: EXIT.OK,
    stdout: [/LKJ9876\tMEX\t10\/10\/2020/],
    calls: [`GET /v1/cases/${C}/metadata`, `GET /v1/cases/${C}/tickets`, `GET /v1/cases/${C}/tickets`, `GET /v1/cases/${C}/tickets`],
  },
  {
    name: 'plates --watch where a previous-plate lookup failed: exit 5',
    args: ['plates', C, '--watch'],
    opts: { routes: { ...caseExists, [`GET /v1/cases/${C}/plates`]: { body: { ...f.plates, plates: [{ ...f.plates.plates[0]!, previous_plate_lookup_status: 'error' }] } } } },
    code: EXIT.LOOKUP,
    stderr: ['previous-plate lookups ended in error'],
  },
  {
    name: 'cases process --watch: queued, then watched to completion',
    args: ['cases', 'process', C, '--watch'],
    opts: {
      routes: {
        [`POST /v1/cases/${C}/process`]: { status: 202, body: { job_id: f.JOB, status: 'processing' } },
        [`GET /v1/cases/${C}/status`]: (_r, n) => ({
          body: { case_id: C, job_id: f.JOB, status: n < 2 ? 'processing' : 'completed', total_files: 2, processed_files: n < 2 ? 1 : 2, failed_files: 0, started_at: '2026-01-15T12:00:00.000Z', finished_at: null, message: null },
        }),
      },
    },
    code: EXIT.OK,
    stdout: [/status\tcompleted/, /files\t2\/2 processed/],
  },
  {
    name: 'taxes piped',
    args: ['taxes', C],
    opts: { routes: { [`GET /v1/cases/${C}/taxes`]: { body: f.taxes } } },
    code: EXIT.OK,
    stdout: [/^main\t2026\tMXA1234\tMEX\twarning\tPendiente\twarning\tCon adeudo\t\t\$1,234\.50$/m, /^other\t2021\tLKJ9876/m],
  },
  {
    name: 'chain ownership on a terminal: the tree',
    args: ['chain', 'ownership', C],
    opts: { tty: true, routes: { [`GET /v1/cases/${C}/ownership_chain`]: { body: f.ownership } } },
    code: EXIT.OK,
    stdout: ['⚠ gap: untraceable_transfer'],
  },
  {
    name: 'chain plates --run --watch',
    args: ['chain', 'plates', C, '--run', '--watch'],
    opts: {
      routes: {
        [`POST /v1/cases/${C}/chain_plates`]: { body: { ...f.chainPlates, status: 'processing', summary: null, chain: [], message: 'La generación…' } },
        [`GET /v1/cases/${C}/chain_plates`]: (_r, n) => ({ body: n === 1 ? { ...f.chainPlates, status: 'processing', summary: null, chain: [] } : f.chainPlates }),
      },
    },
    code: EXIT.OK,
    stdout: [/^0\tAAA1111\tMEX\t2015-03-01\t2018-06-30\tfalse/m, /^1\tBBB2222\tMEX\t2018-07-01\t\ttrue\tAAA1111/m],
  },
  {
    name: 'invoices piped',
    args: ['invoices', C],
    opts: { routes: { [`GET /v1/cases/${C}/invoices`]: { body: f.invoices } } },
    code: EXIT.OK,
    stdout: [`${f.FILE_1}\tcompleted\tfound\tcompleted\tEl vehículo es de procedencia nacional`],
  },
  {
    name: 'a server that cannot be reached: the error and where the address comes from',
    args: ['plates', C],
    opts: {
      routes: {
        [`GET /v1/cases/${C}/plates`]: refused,
      },
    },
    code: EXIT.FAILURE,
    stderr: ['ECONNREFUSED', 'hint: is the server running at http://vcase.test? That address came from VCASE_BASE_URL'],
  },
  {
    name: 'a server that cannot be reached at a --base-url: the hint names that address and the flag',
    args: ['--base-url', 'http://127.0.0.1:4299', 'plates', C],
    opts: {
      routes: {
        [`GET /v1/cases/${C}/plates`]: refused,
      },
    },
    code: EXIT.FAILURE,
    stderr: ['hint: is the server running at http://127.0.0.1:4299? That address came from --base-url'],
  },
  {
    name: 'invoices on a terminal, none: says which documents are listed and how to list a CFDI',
    args: ['invoices', C],
    opts: { tty: true, routes: { [`GET /v1/cases/${C}/invoices`]: { body: { case_id: C, invoices: [] } } } },
    code: EXIT.OK,
    stdout: ['No invoices in this case.', 'vcase documents classify <document> --type invoice'],
  },
  {
    name: 'names still being read: rows on stdout, the note on stderr',
    args: ['cases', 'names', C],
    opts: {
      routes: {
        [`GET /v1/cases/${C}/names`]: {
          body: { case_id: C, status: 'processing', names: [{ name: 'JUAN PEREZ', person_type: 'fisica', sources: [{ file_id: f.FILE_1, document_type: 'invoice', field: 'nombre_receptor' }] }] },
        },
      },
    },
    code: EXIT.OK,
    stdout: ['JUAN PEREZ\tfisica'],
    notStdout: ['more names may come'],
    stderr: ['more names may come'],
  },
];

describe('commands (args → exit code, output, requests)', () => {
  it.each(table.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const r = await runCli(c.args, c.opts);
    const context = `stdout:\n${r.stdout}\nstderr:\n${r.stderr}`;
    expect(r.code, context).toBe(c.code);
    for (const s of c.stdout ?? []) typeof s === 'string' ? expect(r.stdout, context).toContain(s) : expect(r.stdout, context).toMatch(s);
    for (const s of c.notStdout ?? []) typeof s === 'string' ? expect(r.stdout).not.toContain(s) : expect(r.stdout).not.toMatch(s);
    for (const s of c.stderr ?? []) typeof s === 'string' ? expect(stripAnsi(r.stderr), context).toContain(s) : expect(stripAnsi(r.stderr), context).toMatch(s);
    for (const s of c.notStderr ?? []) expect(stripAnsi(r.stderr), context).not.toContain(s);
    if (c.calls) expect(r.requests.map((q) => `${q.method} ${q.path}`)).toEqual(c.calls);
  });
});

describe('--request-timeout', () => {
  const routes: Routes = { 'GET /v1/cases': listOf([f.caseItem(1)]) };
  it('sets the per-request timeout from the flag, else VCASE_REQUEST_TIMEOUT, else leaves the SDK default', async () => {
    const flag = await runCli(['--request-timeout', '5', 'cases', 'list'], { routes, env: { VCASE_REQUEST_TIMEOUT: '7' } });
    expect(flag.code).toBe(0);
    expect(flag.clientOptions[0]?.timeoutMs).toBe(5000);
    const env = await runCli(['cases', 'list'], { routes, env: { VCASE_REQUEST_TIMEOUT: '7' } });
    expect(env.clientOptions[0]?.timeoutMs).toBe(7000);
    const none = await runCli(['cases', 'list'], { routes });
    expect(none.clientOptions[0]?.timeoutMs).toBeUndefined();
  });

  it('refuses a value that is not a positive whole number, from the flag or the environment', async () => {
    const flag = await runCli(['--request-timeout', '0', 'cases', 'list'], { routes });
    expect(flag.code).toBe(EXIT.USAGE);
    expect(flag.stderr).toContain('must be a positive integer');
    const env = await runCli(['cases', 'list'], { routes, env: { VCASE_REQUEST_TIMEOUT: '2m' } });
    expect(env.code).toBe(EXIT.USAGE);
    expect(env.stderr).toContain('VCASE_REQUEST_TIMEOUT must be a positive whole number of seconds, not "2m"');
    expect(env.requests).toHaveLength(0);
  });
});

describe('lists', () => {
  const pages: Routes = {
    'GET /v1/cases': (req) => {
      const offset = Number(req.query.offset ?? 0);
      const limit = Number(req.query.limit ?? 20);
      const all = [1, 2, 3, 4, 5].map((i) => f.caseItem(i));
      return listOf(all.slice(offset, offset + limit), all.length, offset, limit);
    },
  };

  it('--ndjson streams every item, fetching the pages one after another', async () => {
    const r = await runCli(['cases', 'list', '--ndjson', '--limit', '2'], { routes: pages });
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((c) => c.internal_id)).toEqual(['EXP-1', 'EXP-2', 'EXP-3', 'EXP-4', 'EXP-5']);
    expect(r.requests.map((q) => q.query.offset)).toEqual(['0', '2', '4']);
  });

  it('the table shows one page and says how to get the rest', async () => {
    const r = await runCli(['cases', 'list', '--limit', '2'], { routes: pages, tty: true });
    expect(stripAnsi(r.stdout)).toMatch(/CASE ID\s+INTERNAL ID/);
    expect(stripAnsi(r.stdout)).toContain('1–2 of 5 · --all for every page');
    expect(r.requests).toHaveLength(1);
  });

  it('--json --all gives every page in one body, its pagination saying there is no more', async () => {
    const r = await runCli(['cases', 'list', '--json', '--all', '--limit', '2'], { routes: pages });
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(body.data.map((c: { internal_id: string }) => c.internal_id)).toEqual(['EXP-1', 'EXP-2', 'EXP-3', 'EXP-4', 'EXP-5']);
    expect(body.pagination).toEqual({ limit: 5, offset: 0, total: 5, has_more: false });
    expect(r.requests.map((q) => q.query.offset)).toEqual(['0', '2', '4']);
  });

  it('--all lists each case once when cases are created between its pages', async () => {
    // Newest first; one case is created after each page is read.
    let newest = 5;
    const growing: Routes = {
      'GET /v1/cases': (req) => {
        const offset = Number(req.query.offset ?? 0);
        const limit = Number(req.query.limit ?? 20);
        const all = Array.from({ length: newest }, (_, i) => f.caseItem(newest - i));
        newest++;
        return listOf(all.slice(offset, offset + limit), all.length, offset, limit);
      },
    };
    for (const format of [['--json'], ['--ndjson'], []]) {
      newest = 5;
      const r = await runCli(['cases', 'list', ...format, '--all', '--limit', '2'], { routes: growing });
      expect(r.code).toBe(0);
      const ids = format[0] === '--json' ? JSON.parse(r.stdout).data.map((c: { internal_id: string }) => c.internal_id) : r.stdout.match(/EXP-\d+/g);
      expect(new Set(ids).size).toBe(ids.length);
      for (const n of [1, 2, 3, 4, 5]) expect(ids).toContain(`EXP-${n}`);
    }
  });

  it('piped, the table has no footer: a page that is not the last says so on stderr, the last one does not', async () => {
    const first = await runCli(['cases', 'list', '--limit', '2'], { routes: pages });
    expect(first.code).toBe(0);
    expect(first.stdout).not.toContain('of 5');
    expect(first.stdout.trim().split('\n')).toHaveLength(2);
    expect(first.stderr).toBe('vcase: 1–2 of 5 · --all for every page, --ndjson to stream\n');
    const last = await runCli(['cases', 'list', '--limit', '2', '--offset', '4'], { routes: pages });
    expect(last.stderr).toBe('');
    const all = await runCli(['cases', 'list', '--limit', '2', '--all'], { routes: pages });
    expect(all.stdout.trim().split('\n')).toHaveLength(5);
    expect(all.stderr).toBe('');
  });

  it('a value with escape sequences is shown, not obeyed: on a terminal, piped, with and without colour', async () => {
    const hostile = '\x1b[31mRED\x1b]0;owned\x07\x1b[2J\r\x9bX';
    const routes: Routes = { 'GET /v1/cases': listOf([f.caseItem(1, { internal_id: hostile })], 1, 0, 20) };
    const shown = String.raw`\x1b[31mRED\x1b]0;owned\x07\x1b[2J \x9bX`;
    for (const opts of [{ tty: true, env: { FORCE_COLOR: '1' } }, { tty: true, args: ['--no-color'] }, { tty: false }]) {
      const r = await runCli([...(opts.args ?? []), 'cases', 'list'], { routes, tty: opts.tty, env: opts.env });
      expect(r.code).toBe(0);
      expect(stripAnsi(r.stdout)).toContain(shown);
      // Nothing but this output's own colour codes reaches the terminal.
      expect(r.stdout.replace(/\x1b\[[0-9;]*m/g, '')).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
    }
    // --json keeps the API body as it is.
    const json = await runCli(['cases', 'list', '--json'], { routes });
    expect(JSON.parse(json.stdout).data[0].internal_id).toBe(hostile);
  });

  it('--json prints the first page body', async () => {
    const r = await runCli(['cases', 'list', '--limit', '2', '--json', '--internal-id', 'EXP'], { routes: pages });
    expect(JSON.parse(r.stdout)).toMatchObject({ data: [{ internal_id: 'EXP-1' }, { internal_id: 'EXP-2' }], pagination: { total: 5, has_more: true } });
    expect(r.requests[0]!.query).toMatchObject({ internal_id: 'EXP', limit: '2', offset: '0' });
  });

  it('cases create with a file that cannot be read creates nothing', async () => {
    const r = await runCli(['cases', 'create', '--internal-id', 'EXP-9', '--status', 'nuevo', '--file', 'nope.pdf'], {
      routes: { 'POST /v1/cases': { status: 201, body: { case_id: C, status: 'completed' } } },
    });
    expect(r.code).toBe(EXIT.FAILURE);
    expect(r.stderr).toContain('cannot read nope.pdf: no such file');
    expect(r.requests).toEqual([]);
  });

  it('cases create with a file the upload would refuse (over 20 MB, unknown type) creates nothing', async () => {
    const dir = emptyDir();
    fs.writeFileSync(path.join(dir, 'big.pdf'), '');
    fs.truncateSync(path.join(dir, 'big.pdf'), 20 * 1024 * 1024 + 1);
    fs.writeFileSync(path.join(dir, 'ok.pdf'), '%PDF-1.4');
    fs.writeFileSync(path.join(dir, 'doc.docx'), 'PK');
    const routes = { 'POST /v1/cases': { status: 201, body: { case_id: C, status: 'completed' } } };
    const big = await runCli(['cases', 'create', '--internal-id', 'EXP-9', '--status', 'nuevo', '--file', 'big.pdf'], { routes, cwd: dir });
    expect(big.code).toBe(EXIT.USAGE);
    expect(big.stderr).toContain('file is 20971521 bytes; the limit is 20971520 bytes (20 MB) per file (VALIDATION_ERROR)');
    expect(big.stderr).not.toContain('HTTP');
    const docx = await runCli(['cases', 'create', '--internal-id', 'EXP-9', '--status', 'nuevo', '--file', 'ok.pdf', '--file', 'doc.docx'], { routes, cwd: dir });
    expect(docx.code).toBe(EXIT.USAGE);
    expect(docx.stderr).toContain('no se pudo deducir del nombre');
    expect([...big.requests, ...docx.requests]).toEqual([]);
  });

  it('an internal_id names a case only when it matches exactly; a match but for case is a hint', async () => {
    const r = await runCli(['plates', 'exp-1042'], { routes: { 'GET /v1/cases': listOf([f.caseItem(1, { internal_id: 'EXP-1042', case_id: C })]) } });
    expect(r.code).toBe(EXIT.NOT_FOUND);
    expect(r.stderr).toContain('no active case with internal_id "exp-1042"');
    expect(r.stderr).toContain('did you mean "EXP-1042"?');
  });

  it('documents get piped names the document on its first row (a terminal shows it in the heading)', async () => {
    const detail = {
      case_id: C,
      url: 'http://files/x.pdf',
      mime_type: 'application/pdf',
      type: 'invoice',
      json_ocr: null,
      parsed_data: null,
      validity: { document_validity: 'pending', codes: [] },
    };
    const r = await runCli(['documents', 'get', f.FILE_1], { routes: { [`GET /v1/documents/${f.FILE_1}`]: { body: detail } } });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(new RegExp(`^document_id\\s+${f.FILE_1}$`));
  });

  it('documents process --watch: an OCR that could not read the file exits 5', async () => {
    const unreadable = {
      case_id: C,
      url: 'http://files/x.pdf',
      mime_type: 'application/pdf',
      type: null,
      json_ocr: { error: 'unreadable_pdf', message: 'No se pudo leer el PDF' },
      parsed_data: null,
      validity: { document_validity: 'unreadable', codes: [], userInfo: {} },
    };
    const r = await runCli(['documents', 'process', f.FILE_1, '--watch'], {
      routes: {
        [`POST /v1/documents/${f.FILE_1}/process`]: { status: 202, body: { document_id: f.FILE_1, job_id: f.JOB, status: 'processing' } },
        [`GET /v1/documents/${f.FILE_1}`]: { body: unreadable },
      },
    });
    expect(r.code).toBe(EXIT.LOOKUP);
    expect(r.stderr).toContain('OCR ended in error');
    expect(r.stdout).toMatch(/^OCR\s+failed: unreadable_pdf$/m);
  });

  it('a document whose processing failed shows the OCR as failed with the reason, not pending', async () => {
    const failed = {
      case_id: C,
      url: 'http://files/x.pdf',
      mime_type: 'application/pdf',
      type: null,
      json_ocr: null,
      parsed_data: null,
      validity: { document_validity: 'error', codes: ['PROCESSING_FAILED'], userInfo: { error: 'ocr engine down' } },
    };
    const r = await runCli(['documents', 'get', f.FILE_1], { routes: { [`GET /v1/documents/${f.FILE_1}`]: { body: failed } } });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^OCR\s+failed: ocr engine down$/m);
    expect(r.stdout).not.toContain('pending');
  });

  it('documents list --case resolves an internal_id first', async () => {
    const r = await runCli(['documents', 'list', '--case', 'EXP-1042'], {
      routes: { 'GET /v1/cases': listOf([f.caseItem(1, { internal_id: 'EXP-1042', case_id: C })]), 'GET /v1/documents': listOf([]) },
    });
    expect(r.code).toBe(0);
    expect(r.requests[1]!.query).toMatchObject({ case_id: C, limit: '10' });
  });
});

describe('prompts on a terminal', () => {
  it('a missing case is picked from a searchable list of cases', async () => {
    const r = await runCli(['plates'], {
      tty: true,
      answers: [1],
      routes: { 'GET /v1/cases': listOf([f.caseItem(1), f.caseItem(2, { case_id: C })]), [`GET /v1/cases/${C}/plates`]: { body: f.plates } },
    });
    expect(r.code).toBe(0);
    expect(r.prompter.asked).toEqual(['Case (type to filter by internal id)']);
    expect(r.requests.map((q) => q.path)).toEqual(['/v1/cases', `/v1/cases/${C}/plates`]);
  });

  it('in the picker, the case whose internal_id is what was typed comes first (Enter takes it), and a delete names the case it asks about', async () => {
    const exp1 = f.caseItem(1, { case_id: C });
    const routes: Routes = {
      // The list filter matches ids that contain the term, newest first: EXP-10 before EXP-1.
      'GET /v1/cases': (req) => listOf(req.query.internal_id === 'EXP-1' ? [f.caseItem(10), f.caseItem(11, { internal_id: 'exp-1' }), exp1] : [exp1]),
      [`DELETE /v1/cases/${C}`]: { body: { case_id: C, active: false } },
    };
    const r = await runCli(['cases', 'delete'], { tty: true, answers: [{ term: 'EXP-1', pick: 0 }, true], routes });
    expect(r.code).toBe(0);
    expect(r.prompter.asked).toEqual(['Case (type to filter by internal id)', `Delete case EXP-1 (${C})?`]);
    expect(r.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /v1/cases', `DELETE /v1/cases/${C}`]);
  });

  it('--no-color also takes the colour out of error lines on a terminal, ours and the usage errors of commander', async () => {
    const failed = await runCli(['plates', C, '--no-color'], { tty: true, routes: { [`GET /v1/cases/${C}/plates`]: notFound } });
    expect(failed.code).toBe(EXIT.NOT_FOUND);
    expect(failed.stderr).toContain('vcase: El caso no existe o está inactivo');
    const usage = await runCli(['--no-color', 'cases', 'frob'], { tty: true });
    expect(usage.code).toBe(EXIT.USAGE);
    for (const r of [failed, usage]) expect(r.stderr).not.toMatch(ANSI);
    const coloured = await runCli(['plates', C], { tty: true, routes: { [`GET /v1/cases/${C}/plates`]: notFound } });
    expect(coloured.stderr).toMatch(ANSI);
  });

  it('a delete asks, and "no" cancels without a call', async () => {
    const r = await runCli(['cases', 'delete', C], { tty: true, answers: [false] });
    expect(r.code).toBe(EXIT.USAGE);
    expect(r.prompter.asked).toEqual([`Delete case ${C}?`]);
    expect(r.stderr).toContain('Cancelled');
    expect(r.requests).toEqual([]);
  });

  it('a delete asks, and "yes" deletes', async () => {
    const r = await runCli(['cases', 'delete', C], { tty: true, answers: [true], routes: { [`DELETE /v1/cases/${C}`]: { body: { case_id: C, active: false } } } });
    expect(r.code).toBe(0);
    expect(stripAnsi(r.stdout)).toContain(`Deleted case ${C}.`);
  });

  it('no prompt when only stdout is a terminal (stdin is a pipe)', async () => {
    const r = await runCli(['plates'], { isTTY: { stdout: true, stderr: true } });
    expect(r.code).toBe(EXIT.USAGE);
    expect(r.prompter.asked).toEqual([]);
  });

  it('cases create asks for what is missing', async () => {
    const r = await runCli(['cases', 'create'], { tty: true, answers: ['EXP-77', 'nuevo'], routes: { 'GET /v1/cases': listOf([]), 'POST /v1/cases': { status: 201, body: { case_id: C, status: 'completed' } } } });
    expect(r.code).toBe(0);
    expect(r.requests[1]!.body).toEqual({ internal_id: 'EXP-77', status: 'nuevo' });
    expect(stripAnsi(r.stdout)).toContain(`Created case ${C} (EXP-77).`);
  });
});

describe('report', () => {
  const routes: Routes = {
    [`GET /v1/cases/${C}`]: { body: { case_id: C, internal_id: 'EXP-1042', review_status: 'nuevo', created_at: '2026-01-10T10:00:00.000Z', files: [{ file_id: f.FILE_1, created_at: '2026-01-10T10:00:00.000Z', document_type: 'invoice', document_subtype: null, mime_type: 'application/xml', active: true, url: 'http://x', ocr: {} }] } },
    [`GET /v1/cases/${C}/plates`]: { body: f.plates },
    [`GET /v1/cases/${C}/chain_plates`]: { body: f.chainPlates },
    [`GET /v1/cases/${C}/ownership_chain`]: { body: f.ownership },
    [`GET /v1/cases/${C}/taxes`]: { body: f.taxes },
    [`GET /v1/cases/${C}/tickets`]: { body: f.tickets },
    [`GET /v1/cases/${C}/invoices`]: { body: f.invoices },
    [`GET /v1/cases/${C}/rapi`]: { body: f.rapi('completed', {}) },
    [`GET /v1/cases/${C}/vins`]: { body: { case_id: C, primary_vin: '1FTFW1E51PFA12345', vins: [] } },
  };

  it("shows every area of the case on one page; what never ran says so", async () => {
    const r = await runCli(['report', C], { routes, tty: true });
    expect(r.code).toBe(0);
    const text = stripAnsi(r.stdout);
    for (const line of [
      /documents\s+1 active: invoice/,
      /processing\s+never processed/,
      /VIN\s+1FTFW1E51PFA12345/,
      /plates\s+MXA1234 MEX, NLX5555 NLE · 1 lookup\(s\) pending/,
      /plate chain\s+AAA1111 → ● BBB2222/,
      /ownership\s+AUTOMOTRIZ DEL NORTE SA DE CV → MARIA LOPEZ → ⚠ gap → ● JUAN PEREZ/,
      /REPUVE\s+not run/,
      /RAPI\s+completed/,
      /tenencia\s+MXA1234: debt 2026 · 1 receipt of 5 years · 1 other plate/,
      /tickets\s+3 plate\/states · 2 unpaid infractions · \$1,750\.50/,
      /invoices\s+2 · latest: CFDI \(SAT\) ✓ Vigente/,
    ]) expect(text).toMatch(line);
  });

  it('says "no debt" and "no unpaid infractions" only where a source answered; failed lookups are not a clean record', async () => {
    const failed = { status: 'failed' as const, message: 'Hubo un error al obtener la información' };
    const taxes = { ...f.taxes, main_tax: { ...f.taxes.main_tax, result: f.taxes.main_tax.result.map((row) => ({ ...row, source: failed })) } };
    const tickets = { ...f.tickets, result: f.tickets.result.map((row) => ({ ...row, ticket_date: null, amount: null, ...failed })) };
    const allFailed = { ...routes, [`GET /v1/cases/${C}/taxes`]: { body: taxes }, [`GET /v1/cases/${C}/tickets`]: { body: tickets } };
    let text = stripAnsi((await runCli(['report', C], { routes: allFailed, tty: true })).stdout);
    expect(text).toMatch(/tenencia\s+MXA1234: debt unknown: no year could be checked/);
    expect(text).toMatch(/tickets\s+3 plate\/states · unpaid infractions unknown: no plate\/state could be checked/);
    expect(text).not.toMatch(/no debt|no unpaid/);

    const someFailed = {
      ...routes,
      [`GET /v1/cases/${C}/taxes`]: { body: { ...taxes, main_tax: { ...taxes.main_tax, result: taxes.main_tax.result.map((row, i) => (i ? { ...row, source: { status: 'success', message: 'Sin adeudo' } } : row)) } } },
      [`GET /v1/cases/${C}/tickets`]: { body: { ...f.tickets, result: f.tickets.result.map((row) => (row.status === 'warning' ? { ...row, ...failed, ticket_date: null, amount: null } : row)) } },
    };
    text = stripAnsi((await runCli(['report', C], { routes: someFailed, tty: true })).stdout);
    expect(text).toMatch(/tenencia\s+MXA1234: no debt found · 1 year not checked/);
    expect(text).toMatch(/tickets\s+3 plate\/states · no unpaid infractions found · 1 plate\/state not checked/);
    const footer = stripAnsi((await runCli(['tickets', C], { routes: allFailed, tty: true })).stdout);
    expect(footer).toContain('Unpaid infractions unknown: no plate/state could be checked');
  });

  it('--json: the API bodies, null where nothing ran', async () => {
    const r = await runCli(['report', C, '--json'], { routes });
    const body = JSON.parse(r.stdout);
    expect(body.plates).toEqual(f.plates);
    expect(body.repuve).toBeNull();
    expect(body.case.internal_id).toBe('EXP-1042');
  });

  it('a missing case fails the report with exit 4', async () => {
    const r = await runCli(['report', C], { routes: {} });
    expect(r.code).toBe(EXIT.NOT_FOUND);
  });
});

describe('docs-reference', () => {
  it('prints every command help as Markdown, examples included', async () => {
    const r = await runCli(['docs-reference']);
    expect(r.code).toBe(0);
    for (const heading of ['## `vcase`', '### `vcase cases`', '#### `vcase cases list`', '#### `vcase chain ownership`', '### `vcase report`', '#### `vcase admin fixtures set`']) {
      expect(r.stdout).toContain(heading);
    }
    expect(r.stdout).toContain('Batch rows (--from FILE or --from - for stdin)');
    expect(r.stdout).toContain('Exit codes:');
    expect(r.stdout).not.toContain('`vcase docs-reference`\n'); // hidden
    // The top section is what `vcase --help` prints, whatever the loaded commands say of themselves.
    const help = await runCli(['--help']);
    const top = r.stdout.split('```text\n')[1]!.split('\n```')[0];
    expect(top).toBe(help.stdout.trimEnd());
  });
});

describe('admin webhooks set', () => {
  const routes: Routes = { 'PUT /admin/companies/co-1/webhooks/expediente-created': (req) => ({ body: { ...(req.body as object), event: 'expediente-created' } }) };
  const sentTemplate = async (template: string) => {
    const r = await runCli(['--admin-token', 'adm', 'admin', 'webhooks', 'set', 'co-1', 'expediente-created', '--url', 'https://rx.example/h', '--template', template, '--json'], { routes });
    expect(r.code, r.stderr).toBe(0);
    return (r.requests[0]!.body as { template: unknown }).template;
  };

  it('sends a JSON object as an object template and any other text as a string template', async () => {
    expect(await sentTemplate('{"ref": "{{expedientData.internal_id}}"}')).toEqual({ ref: '{{expedientData.internal_id}}' });
    // JSON text with a placeholder standing for a value is not a JSON object: sent as text.
    expect(await sentTemplate('{"ref": {{expedientData.internal_id}}}')).toBe('{"ref": {{expedientData.internal_id}}}');
    expect(await sentTemplate('["{{environment}}"]')).toBe('["{{environment}}"]');
  });
});
