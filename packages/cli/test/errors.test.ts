import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/errors.js';
import * as f from './helpers/fixtures.js';
import { ANSI, runCli } from './helpers/harness.js';
import { notFound, refused } from './helpers/routes.js';
import { runTable, type RunCase } from './helpers/tables.js';

const C = f.CASE_ID;

/** How a failure reads on stderr, and its exit code. */
const runs: RunCase[] = [
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
    name: 'a refused admin token: the hint names the admin token',
    args: ['--admin-token', 'bad', 'admin', 'fixtures', 'list'],
    opts: {
      routes: {
        'GET /admin/sandbox/fixtures': { status: 401, body: { error: { code: null, message: 'Se requiere el token de administración' } } },
      },
    },
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
    name: 'a 400 from a lookup start: exit 1 with the message',
    args: ['rapi', C, '--run'],
    opts: {
      routes: {
        [`POST /v1/cases/${C}/rapi`]: { status: 400, body: { error: { code: null, message: 'No se encontró un VIN principal' } } },
      },
    },
    code: EXIT.FAILURE,
    stderr: ['No se encontró un VIN principal (HTTP 400)'],
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
];

describe('errors (args → exit code, stderr)', () => {
  runTable(runs);
});

describe('error lines on a terminal', () => {
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
});
