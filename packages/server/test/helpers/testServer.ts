import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { configSchema, type Config } from '../../src/config.js';
import { createServer, type VcaseServer } from '../../src/server.js';
import type { Clock } from '../../src/clock.js';
import { afterAll } from 'vitest';
import type { LookupAll } from '../../src/net/publicUrl.js';

export const ADMIN_TOKEN = 'test-admin-token';

/**
 * With `VCASE_TEST_PG_URL` (a PostgreSQL URL whose user may create databases) every test
 * server gets its own fresh PostgreSQL database instead of a SQLite file, so the whole HTTP
 * suite runs on PostgreSQL too. The database is named after the state directory, so a
 * restart test that reuses the directory reuses the database.
 */
export async function postgresDatabaseFor(stateDir: string): Promise<{ url: string; drop(): Promise<void> } | null> {
  const adminUrl = process.env.VCASE_TEST_PG_URL;
  if (!adminUrl) return null;
  const name = `vcase_t_${path
    .basename(stateDir)
    .replace(/[^a-z0-9]/gi, '_')
    .toLowerCase()}`;
  await asAdmin(adminUrl, async (admin) => {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  });
  leftover.add(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      leftover.delete(name);
      await asAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function asAdmin<T>(adminUrl: string, work: (admin: import('pg').Client) => Promise<T>): Promise<T> {
  const { default: pgLib } = await import('pg');
  const admin = new pgLib.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Databases a test file made and did not drop (a restart test's, named after a folder it
 * gave): dropped once the file's own hooks have run, so a local server keeps none.
 */
const leftover = new Set<string>();
afterAll(async () => {
  const adminUrl = process.env.VCASE_TEST_PG_URL;
  if (!adminUrl || leftover.size === 0) return;
  await asAdmin(adminUrl, async (admin) => {
    for (const name of leftover) await admin.query(`drop database if exists ${name} with (force)`);
  });
  leftover.clear();
});

/** What the tenant helpers below need of a server: a test server, or one in another process (`serverProcesses.ts`). */
export interface ServerClient {
  inject(opts: InjectOptions): Promise<Pick<LightMyRequestResponse, 'statusCode' | 'body' | 'json'>>;
  admin(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
  ): Promise<Pick<LightMyRequestResponse, 'statusCode' | 'body' | 'json'>>;
}

export interface TestServer extends ServerClient {
  server: VcaseServer;
  stateDir: string;
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
  admin(method: InjectOptions['method'], url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A server on a fresh database in a temp dir, workers running, driven through `app.inject`. */
export async function startTestServer(
  overrides: Partial<Config> = {},
  opts: {
    clock?: Clock;
    fetch?: typeof fetch;
    resolve?: LookupAll;
    startWorkers?: boolean;
    stateDir?: string;
    logger?: FastifyBaseLogger;
    tracing?: boolean;
  } = {},
): Promise<TestServer> {
  const ownDir = !opts.stateDir;
  const stateDir = opts.stateDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-test-'));
  const pg = await postgresDatabaseFor(stateDir);
  const config = configSchema.parse({
    db: pg?.url ?? path.join(stateDir, 'vcase.db'),
    stateDir,
    storageDir: path.join(stateDir, 'files'),
    adminToken: ADMIN_TOKEN,
    jwtSecret: 'test-jwt-secret',
    workers: 2,
    sandboxLatencyMs: 0,
    allowPrivateUrls: true,
    bootstrap: false,
    logLevel: 'silent',
    webhookTimeoutMs: 2000,
    ...overrides,
  });
  const server = await createServer({
    config,
    clock: opts.clock,
    fetch: opts.fetch,
    resolve: opts.resolve,
    logger: opts.logger ?? (pino({ level: process.env.VCASE_TEST_LOG_LEVEL ?? 'silent' }) as FastifyBaseLogger),
    strictResponses: true,
    tracing: opts.tracing,
  });
  if (opts.startWorkers !== false && config.workers > 0) server.runner.start();
  const inject = (o: InjectOptions) => server.app.inject(o);
  return {
    server,
    stateDir,
    inject,
    admin: (method, url, payload) =>
      inject({ method, url, payload: payload as InjectOptions['payload'], headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }),
    async close() {
      await server.stop();
      if (ownDir) {
        fs.rmSync(stateDir, { recursive: true, force: true });
        await pg?.drop();
      }
    },
  };
}

export interface Tenant {
  companyId: string;
  userId: string;
  pid: string | null;
  token: string;
  apiKey: string;
  useCases: { use_case_id: string; name: string }[];
  bearer: Record<string, string>;
}

/** A company with one user, a bearer token and an API key, made through the admin API. */
export async function createTenant(
  t: ServerClient,
  opts: { name?: string; status_catalog?: string[]; use_cases?: { name: string }[]; user?: Record<string, unknown> } = {},
): Promise<Tenant> {
  const company = (
    await t.admin('POST', '/admin/companies', {
      name: opts.name ?? 'Aseguradora Norte',
      ...(opts.status_catalog ? { status_catalog: opts.status_catalog } : {}),
      ...(opts.use_cases ? { use_cases: opts.use_cases } : {}),
    })
  ).json();
  const user = (
    await t.admin('POST', `/admin/companies/${company.company_id}/users`, opts.user ?? { name: 'Ana Analista', email: 'ana@example.com' })
  ).json();
  const token = (await t.admin('POST', `/admin/users/${user.user_id}/tokens`, {})).json();
  const key = (await t.admin('POST', `/admin/companies/${company.company_id}/api-keys`, { name: 'tests' })).json();
  return {
    companyId: company.company_id,
    userId: user.user_id,
    pid: user.pid,
    token: token.access_token,
    apiKey: key.api_key,
    useCases: company.use_cases,
    bearer: { authorization: `Bearer ${token.access_token}` },
  };
}

export async function createCase(t: ServerClient, tenant: Tenant, body: Record<string, unknown> = {}) {
  const res = await t.inject({
    method: 'POST',
    url: '/v1/cases',
    headers: tenant.bearer,
    payload: { internal_id: `EXP-${Math.random().toString(36).slice(2, 8)}`, status: 'processing', ...body },
  });
  if (res.statusCode !== 201) throw new Error(`create case failed: ${res.statusCode} ${res.body}`);
  return res.json().case_id as string;
}

/** Uploads a small file and injects its OCR by hand: a processed document with known parsed_data. */
export async function addProcessedDocument(
  t: TestServer,
  tenant: Tenant,
  caseId: string,
  type: string,
  parsed_data: Record<string, unknown>,
  json_ocr: Record<string, unknown> = { source: 'test' },
): Promise<string> {
  const headers = { 'x-api-key': tenant.apiKey };
  const up = await t.inject({
    method: 'POST',
    url: '/v1/documents',
    headers,
    payload: {
      case_id: caseId,
      mime_type: 'application/pdf',
      base64: Buffer.from(`%PDF-1.4 ${type} ${Math.random()}`).toString('base64'),
      type,
    },
  });
  if (up.statusCode !== 201) throw new Error(`upload failed: ${up.statusCode} ${up.body}`);
  const { document_id } = up.json();
  const patch = await t.inject({
    method: 'PATCH',
    url: `/v1/documents/${document_id}/ocr`,
    headers,
    payload: { type, parsed_data, json_ocr },
  });
  if (patch.statusCode !== 200) throw new Error(`ocr failed: ${patch.statusCode} ${patch.body}`);
  return document_id;
}

/** Polls `read` until `done` says so, or fails after `timeoutMs`. */
export async function eventually<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() - start > timeoutMs) throw new Error(`condition not met in ${timeoutMs} ms; last value: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The config of a server that really listens (`start()`: port 0 on 127.0.0.1), SQLite in `stateDir`. */
export function listeningConfig(stateDir: string, overrides: Partial<Config> = {}): Config {
  return configSchema.parse({
    port: 0,
    host: '127.0.0.1',
    db: path.join(stateDir, 'vcase.db'),
    stateDir,
    storageDir: path.join(stateDir, 'files'),
    adminToken: 'listening-test-admin-token',
    jwtSecret: 'listening-test-jwt-secret',
    workers: 0,
    sandboxLatencyMs: 0,
    bootstrap: true,
    logLevel: 'silent',
    ...overrides,
  });
}
