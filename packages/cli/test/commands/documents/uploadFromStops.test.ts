import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/errors.js';
import { results, uploads, uploadServer, urlRows } from '../../helpers/batch.js';
import * as f from '../../helpers/fixtures.js';
import { runCli, SlowWriter, type Request } from '../../helpers/harness.js';

/** What stops or holds back a batch: a refused credential, a server down or failing, Ctrl-C, a slow reader. */
describe('documents upload --from: stopping and holding back', () => {
  it('a rejected credential stops the batch: exit 3, no more rows read', async () => {
    const many = urlRows(50);
    const r = await runCli(['documents', 'upload', '--from', '-', '--concurrency', '2'], {
      stdin: many,
      routes: { 'POST /v1/documents': { status: 401, body: { error: { code: null, message: 'API key inválida' } } } },
    });
    expect(r.code).toBe(EXIT.AUTH);
    expect(uploads(r.requests).length).toBeLessThanOrEqual(3);
    expect(r.stderr).toContain('API key inválida');
    // Rows the refusal cut short are left for a resume, not reported as failures of their own.
    for (const row of results(r.stdout)) expect(row.error).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('a server that cannot be reached stops the batch after a few rows, with the resume hint', async () => {
    const many = urlRows(50);
    const down = () => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4299'), { code: 'ECONNREFUSED' }),
      });
    };
    const r = await runCli(['documents', 'upload', '--from', '-', '--concurrency', '2'], {
      stdin: many,
      routes: { 'POST /v1/documents': down },
    });
    expect(r.code).toBe(EXIT.FAILURE);
    expect(uploads(r.requests).length).toBeLessThanOrEqual(7);
    expect(r.stderr).toContain('the server cannot be reached: 5 rows in a row failed to connect');
    expect(r.stderr).toContain('rerun with --resume');
  });

  const failing = 'a server that answers every row with a server error stops the batch after a few rows; ';
  it(failing + 'one that fails some rows does not', async () => {
    const many = urlRows(50);
    const failing = () => ({ status: 500, body: { error: { code: null, message: 'Error interno' } } });
    const r = await runCli(['documents', 'upload', '--from', '-', '--concurrency', '2'], {
      stdin: many,
      routes: { 'POST /v1/documents': failing },
    });
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

  it('Ctrl-C stops reading and exits 130; rows in flight are not reported', async () => {
    const controller = new AbortController();
    const many = urlRows(20);
    const server = uploadServer();
    const post = server['POST /v1/documents'] as (req: Request, n: number) => { status: number };
    server['POST /v1/documents'] = (req, n) => {
      if (n === 5) controller.abort();
      return post(req, n);
    };
    const r = await runCli(['documents', 'upload', '--from', '-', '--concurrency', '1'], {
      stdin: many,
      routes: server,
      signal: controller.signal,
    });
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
    const many = urlRows(n);
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
});
