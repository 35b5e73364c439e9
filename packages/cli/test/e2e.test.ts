import { spawn } from 'node:child_process';
import { builtinModules } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs, NEEDS_BUILD } from '../../../vitest.needs.ts';
import {
  addProcessedDocument,
  createCase,
  createTenant,
  startTestServer,
  type Tenant,
  type TestServer,
} from '../../server/test/helpers/testServer.js';

/**
 * The `vcase` command as npm links it (package.json `bin`, which runs dist/main.js, built by
 * `npx tsup` / turbo before the tests) against a real in-process server over HTTP. Nothing is
 * built here: without dist the suite is skipped.
 */
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(PACKAGE_DIR, JSON.parse(fs.readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8')).bin.vcase);
const DIST = path.join(PACKAGE_DIR, 'dist/main.js');
const built = fs.existsSync(DIST);
if (!built) console.warn(`skipping the end-to-end tests: ${DIST} is missing (run \`npx tsup\` in packages/cli first)`);

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

let t: TestServer;
let tenant: Tenant;
let baseURL: string;
let dir: string;

function vcase(args: string[], opts: { input?: string; env?: Record<string, string> } = {}): Promise<Result> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        XDG_CONFIG_HOME: path.join(dir, 'xdg'),
        VCASE_BASE_URL: baseURL,
        VCASE_TOKEN: tenant.token,
        VCASE_API_KEY: tenant.apiKey,
        ...opts.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
    child.stdin.end(opts.input ?? '');
  });
}

const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .sort((a, b) => a.row - b.row);

async function documentIds(caseId: string): Promise<string[]> {
  const res = await t.inject({ method: 'GET', url: `/v1/documents?case_id=${caseId}&limit=100`, headers: tenant.bearer });
  return res
    .json()
    .data.map((d: { document_id: string }) => d.document_id)
    .sort();
}

describe('vcase binary against a real server', needs(built, NEEDS_BUILD), () => {
  let caseA: string;
  let caseB: string;
  const internalB = `EXP-E2E-${Date.now().toString(36)}`;

  beforeAll(async () => {
    t = await startTestServer();
    baseURL = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
    tenant = await createTenant(t);
    caseA = await createCase(t, tenant);
    caseB = await createCase(t, tenant, { internal_id: internalB });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-e2e-'));
    for (const name of ['a', 'b', 'c', 'd']) fs.writeFileSync(path.join(dir, `${name}.pdf`), `%PDF-1.4 ${name} ${Math.random()}`);
  });

  afterAll(async () => {
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('--version answers without a server, alone (before the rest loads) or with other options (through the parser)', async () => {
    const version = JSON.parse(fs.readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8')).version;
    for (const args of [['--version'], ['-V'], ['--profile', 'other', '--version'], ['--no-color', '-V']]) {
      const r = await vcase(args, { env: { VCASE_BASE_URL: '' } });
      expect([r.code, r.stdout, r.stderr]).toEqual([0, `${version}\n`, '']);
    }
  });

  it('batch upload from stdin (NDJSON): one result per row, documents created', async () => {
    const input = [
      JSON.stringify({ case_id: caseA, file: 'a.pdf', type: 'invoice' }),
      JSON.stringify({ internal_id: internalB, file: 'b.pdf' }),
      JSON.stringify({ internal_id: 'EXP-DOES-NOT-EXIST', file: 'c.pdf' }),
    ].join('\n');
    const r = await vcase(['documents', 'upload', '--from', '-', '--concurrency', '2'], { input });
    expect(r.code, r.stderr).toBe(1);
    const out = lines(r.stdout);
    expect(out.map((o) => [o.row, o.ok, o.case_id ?? o.error.code])).toEqual([
      [1, true, caseA],
      [2, true, caseB],
      [3, false, 'CASE_NOT_FOUND'],
    ]);
    expect(await documentIds(caseA)).toEqual([out[0].document_id]);
    expect(await documentIds(caseB)).toEqual([out[1].document_id]);
    expect(r.stderr).toContain('3 rows, 2 ok, 0 skipped (resume), 1 failed');
    expect(r.stderr).not.toMatch(/\x1b\[/); // no bar and no colour on a pipe
  });

  const light = 'starts light: its build imports no package but commander and @inquirer/prompts, ';
  it(light + 'and an upload never loads Node fetch (undici)', async () => {
    const bare = new Set<string>();
    for (const file of fs.readdirSync(path.join(PACKAGE_DIR, 'dist')).filter((f) => f.endsWith('.js'))) {
      const code = fs.readFileSync(path.join(PACKAGE_DIR, 'dist', file), 'utf8');
      for (const m of code.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)";$|^import\s*"([^"]+)";$|\bimport\("([^"]+)"\)/gm)) {
        const name = m[1] ?? m[2] ?? m[3];
        if (!name.startsWith('.')) bare.add(name);
      }
    }
    const builtins = new Set(builtinModules);
    expect([...bare].filter((name) => !builtins.has(name.replace(/^node:/, ''))).sort()).toEqual(['@inquirer/prompts', 'commander']);

    const report = path.join(dir, 'loaded.cjs');
    fs.writeFileSync(
      report,
      "process.on('exit', () => process.stderr.write(" +
        "'\\nundici loaded: ' + process.moduleLoadList.some((m) => m.includes('undici')) + '\\n'));",
    );
    const input = JSON.stringify({ case_id: caseA, file: 'd.pdf' });
    const r = await vcase(['documents', 'upload', '--from', '-'], { input, env: { NODE_OPTIONS: `--require ${report}` } });
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout).map((o) => o.ok)).toEqual([true]);
    expect(r.stderr).toContain('undici loaded: false');
  });

  it('a batch whose reader leaves early exits 1 and says to resume (a plain list would exit 0)', async () => {
    const input = Array.from({ length: 40 }, () => JSON.stringify({ case_id: caseA, file: 'a.pdf' })).join('\n');
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, 'documents', 'upload', '--from', '-', '--concurrency', '1'], {
        cwd: dir,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: dir,
          XDG_CONFIG_HOME: path.join(dir, 'xdg'),
          VCASE_BASE_URL: baseURL,
          VCASE_API_KEY: tenant.apiKey,
          VCASE_TOKEN: tenant.token,
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (c) => (stderr += c));
      child.stdout.once('data', () => child.stdout.destroy()); // `| head -1`
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stderr });
      });
      child.stdin.end(input);
    });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain('rerun with --resume');
  });

  it('batch upload from stdin (CSV), then --resume and a plain rerun never duplicate', async () => {
    const caseC = await createCase(t, tenant);
    const csv = `case_id,file,mime_type,type\n${caseC},c.pdf,application/pdf,invoice\n${caseC},d.pdf,,\n`;
    const first = await vcase(['documents', 'upload', '--from', '-'], { input: csv });
    expect(first.code, first.stderr).toBe(0);
    const done = lines(first.stdout);
    expect(done.map((o) => o.ok)).toEqual([true, true]);
    const ids = await documentIds(caseC);
    expect(ids).toEqual(done.map((o) => o.document_id).sort());

    fs.writeFileSync(path.join(dir, 'first.ndjson'), first.stdout);
    const resumed = await vcase(['documents', 'upload', '--from', '-', '--resume', 'first.ndjson'], { input: csv });
    expect(resumed.code).toBe(0);
    expect(lines(resumed.stdout).map((o) => o.skipped)).toEqual([true, true]);
    expect(resumed.stderr).toContain('2 skipped (resume)');

    // Without --resume: the row-derived Idempotency-Keys return the same documents.
    const rerun = await vcase(['documents', 'upload', '--from', '-'], { input: csv });
    expect(
      lines(rerun.stdout)
        .map((o) => o.document_id)
        .sort(),
    ).toEqual(ids);
    expect(await documentIds(caseC)).toEqual(ids);
  });

  it('--run --watch on a lookup polls until it settles, then prints the result', async () => {
    const vin = '3VWFE21C04M000001';
    const caseD = await createCase(t, tenant, { internal_id: `EXP-WATCH-${Date.now().toString(36)}` });
    await addProcessedDocument(t, tenant, caseD, 'invoice', { vin });
    await t.admin('PUT', `/admin/sandbox/fixtures/rapi/${vin}`, { result: { tiene_reporte: false }, delay_ms: 400 });
    const r = await vcase(['rapi', caseD, '--run', '--watch', '--interval', '100', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'completed', result: { tiene_reporte: false } });
    expect(r.stderr).toBe(''); // no spinner without a terminal
  });

  it('--watch that does not settle in time exits 5', async () => {
    const vin = '3VWFE21C04M000002';
    const caseE = await createCase(t, tenant);
    await addProcessedDocument(t, tenant, caseE, 'invoice', { vin });
    await t.admin('PUT', `/admin/sandbox/fixtures/rapi/${vin}`, { result: {}, delay_ms: 2500 });
    const r = await vcase(['rapi', caseE, '--run', '--watch', '--timeout', '1', '--interval', '200']);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('did not settle within');
  });

  it('without a terminal: no prompts, exit 2 on a missing argument or an unconfirmed delete', async () => {
    const missing = await vcase(['plates']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing argument: case');
    expect(missing.stdout).toBe('');

    const del = await vcase(['cases', 'delete', caseA]);
    expect(del.code).toBe(2);
    expect(del.stderr).toContain('pass --yes');
    expect((await t.inject({ method: 'GET', url: `/v1/cases/${caseA}`, headers: tenant.bearer })).statusCode).toBe(200);
  });

  it('exit 4 for a case that does not exist, exit 3 for a bad token', async () => {
    expect((await vcase(['plates', '00000000-0000-4000-8000-000000000000'])).code).toBe(4);
    expect((await vcase(['cases', 'list'], { env: { VCASE_TOKEN: 'not-a-token' } })).code).toBe(3);
  });
});
