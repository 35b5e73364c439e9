// The processes a bench row talks to, each in its own process so the load generator (in the
// bench process) never shares their event loop: the built vcase server, the bare Fastify
// reference, the durable upload reference, and a stub API that answers instantly (for
// client-side rows).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnTracked, stopChild, waitForLine } from './proc.mjs';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
export const SERVER_MAIN = process.env.BENCH_SERVER
  ? path.resolve(process.env.BENCH_SERVER)
  : path.join(ROOT, 'packages/server/dist/main.js');
/** The CLI under test; BENCH_CLI points the CLI rows at another build. */
export const CLI_MAIN = process.env.BENCH_CLI ? path.resolve(process.env.BENCH_CLI) : path.join(ROOT, 'packages/cli/dist/main.js');
const LIB = path.dirname(new URL(import.meta.url).pathname);

export const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';
const JWT_SECRET = 'bench-jwt-secret-0123456789abcdef0123456789';

/** A fresh state directory (database, files) for one server, removed by `cleanupDirs()`. */
const dirs = [];
export function freshStateDir(label) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `vcase-bench-${label}-`));
  dirs.push(dir);
  return dir;
}
export function cleanupDirs() {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}
process.on('exit', () => {
  for (const dir of dirs) {
    try {
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // best effort
    }
  }
});

/** Extra `node` flags for every vcase server of the run (e.g. --cpu-prof with BENCH_PROFILE). */
let serverNodeArgs = [];
export function setServerNodeArgs(args) {
  serverNodeArgs = args;
}
export const getServerNodeArgs = () => serverNodeArgs;

/**
 * Spawns `node packages/server/dist/main.js start --port 0` on 127.0.0.1 against `stateDir`
 * (SQLite file, stored files), sandbox latency 0. Resolves once it listens.
 */
export async function startVcaseServer(stateDir, { workers = 4, env = {}, nodeArgs = serverNodeArgs, onStdout = null } = {}) {
  if (!fs.existsSync(SERVER_MAIN)) throw new Error(`${path.relative(ROOT, SERVER_MAIN)} is missing: run npm run build`);
  const child = spawnTracked(
    process.execPath,
    [...nodeArgs, SERVER_MAIN, 'start', '--port', '0', '--host', '127.0.0.1', '--no-bootstrap', '--workers', String(workers)],
    {
      cwd: stateDir,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        VCASE_DB: path.join(stateDir, 'vcase.db'),
        VCASE_STATE_DIR: stateDir,
        VCASE_STORAGE_DIR: path.join(stateDir, 'files'),
        VCASE_SANDBOX_LATENCY_MS: '0',
        VCASE_ALLOW_PRIVATE_URLS: 'true',
        VCASE_ADMIN_TOKEN: ADMIN_TOKEN,
        VCASE_JWT_SECRET: JWT_SECRET,
        VCASE_LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const m = await waitForLine(child, /listening on (http:\/\/[^\s]+)/);
  const url = m[1].replace(/\/+$/, '');
  // Keep draining output so a chatty server never blocks on a full pipe.
  let lastErr = '';
  child.stdout.on('data', (d) => onStdout?.(d.toString()));
  child.stderr.on('data', (d) => {
    lastErr = (lastErr + d.toString()).slice(-4000);
  });
  return {
    url,
    pid: child.pid,
    child,
    stateDir,
    dbPath: path.join(stateDir, 'vcase.db'),
    lastStderr: () => lastErr,
    stop: () => stopChild(child),
  };
}

/** Spawns one of the small servers of bench/lib (reference, stub); resolves once it listens. */
export async function startLibServer(file, env = {}) {
  const child = spawnTracked(process.execPath, [path.join(LIB, file)], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const m = await waitForLine(child, /listening on (http:\/\/[^\s]+)/);
  child.stdout.on('data', () => {});
  child.stderr.on('data', () => {});
  return { url: m[1].replace(/\/+$/, ''), pid: child.pid, child, stop: () => stopChild(child) };
}

/** The reference: a bare Fastify hello-world route (`GET /` → `{"hello":"world"}`). */
export const startHelloServer = () => startLibServer('hello-server.mjs');
/** The upload row's reference: the same body checked, decoded and committed in one SQLite insert. */
export const startDurableUploadServer = () =>
  startLibServer('durable-upload-server.mjs', { BENCH_UPLOAD_DB: path.join(freshStateDir('durable-upload'), 'uploads.db') });
/** An instant stand-in for the vcase API, for rows that measure the client (CLI). */
export const startStubServer = () => startLibServer('stub-server.mjs');

/** Small JSON client for seeding (fetch, one request at a time). */
export function apiClient(base, headers = {}) {
  return async function api(method, url, body, extraHeaders = {}) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...headers,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...extraHeaders,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let json;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    if (!res.ok) throw new Error(`${method} ${url} → ${res.status}: ${text.slice(0, 500)}`);
    return json;
  };
}

/** A company with a user, a bearer token (24 h) and an API key, through the admin API. */
export async function createCredentials(server, name = 'Bench company') {
  const admin = apiClient(server.url, { authorization: `Bearer ${ADMIN_TOKEN}` });
  const company = await admin('POST', '/admin/companies', { name, status_catalog: ['processing', 'nuevo'] });
  const user = await admin('POST', `/admin/companies/${company.company_id}/users`, {
    name: 'Bench analyst',
    email: 'bench@example.com',
  });
  const token = await admin('POST', `/admin/users/${user.user_id}/tokens`, { ttl_seconds: 86_400 });
  const key = await admin('POST', `/admin/companies/${company.company_id}/api-keys`, { name: 'bench' });
  return {
    companyId: company.company_id,
    userId: user.user_id,
    token: token.access_token,
    apiKey: key.api_key,
    api: apiClient(server.url, { authorization: `Bearer ${token.access_token}` }),
  };
}

export async function waitUntil(check, { timeoutMs = 60_000, everyMs = 100, what = 'condition' } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
