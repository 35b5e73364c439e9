import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEEDS_POSTGRES, needs } from '../../../../vitest.needs.ts';
import { createCase, createTenant, eventually, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';
import { moved, parseMetrics, sample, scrape } from '../helpers/scrape.js';
import { closedPort } from '../helpers/receiver.js';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/documents');
/** The primary VIN of the CFDI fixture (its vehicle concept). */
const VIN = '3N1CN8AE5RK812345';

let t: TestServer;
let acme: Tenant;

beforeAll(async () => {
  t = await startTestServer({ workers: 2 });
  acme = await createTenant(t);
});
afterAll(() => t?.close());

const upload = (caseId: string, mime: string, bytes: Buffer) =>
  t.inject({
    method: 'POST',
    url: '/v1/documents',
    headers: { 'x-api-key': acme.apiKey },
    payload: { case_id: caseId, mime_type: mime, base64: bytes.toString('base64') },
  });
const post = (url: string) => t.inject({ method: 'POST', url, headers: acme.bearer });
const fixture = (source: string, key: string, outcome: Record<string, unknown>) =>
  t.admin('PUT', `/admin/sandbox/fixtures/${source}/${key}`, outcome);

describe('GET /metrics', () => {
  it('answers the admin token only, with the usual error body otherwise', async () => {
    for (const headers of [{}, acme.bearer, { 'x-api-key': acme.apiKey }, { authorization: 'Bearer not-the-admin-token' }]) {
      const res = await t.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toEqual({ error: { code: null, message: 'Se requiere el token de administración' } });
    }
    const res = await t.admin('GET', '/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseMetrics(res.body);
    // prom-client's process series, and the queue read from the job table.
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'process_cpu_user_seconds_total']) {
      expect(
        [...samples.keys()].some((k) => k.startsWith(`${name}{`)),
        name,
      ).toBe(true);
    }
    expect(samples.has('vcase_jobs{kind="document.process",state="queued"}')).toBe(true);
    // The database's own series: the pool on PostgreSQL, the write-ahead log on SQLite.
    const dbSeries =
      t.server.ctx.dialect === 'postgres'
        ? ['vcase_db_pool_in_use', 'vcase_db_pool_idle', 'vcase_db_pool_waiting']
        : ['vcase_sqlite_wal_bytes', 'vcase_sqlite_checkpoint_lag_frames', 'vcase_sqlite_checkpoint_lag_seconds'];
    for (const name of dbSeries) expect(samples.has(`${name}{}`), name).toBe(true);
  });

  it('counts the PostgreSQL pool connections transactions hold', needs(process.env.VCASE_TEST_PG_URL, NEEDS_POSTGRES), async () => {
    const releases: (() => void)[] = [];
    const held = Array.from({ length: 4 }, () =>
      t.server.ctx.db.transaction().execute(async (trx) => {
        await trx.selectFrom('jobs').select('id').limit(1).execute();
        await new Promise<void>((resolve) => releases.push(resolve));
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const during = await scrape(t);
    for (const release of releases) release();
    await Promise.all(held);
    // Four held (the scrape and the workers' polls may hold more), never past the pool's 10.
    expect(sample(during, 'vcase_db_pool_in_use')).toBeGreaterThanOrEqual(4);
    expect(sample(during, 'vcase_db_pool_in_use') + sample(during, 'vcase_db_pool_idle')).toBeLessThanOrEqual(10);
  });

  it('driving a case moves each series by what was done', async () => {
    const port = await closedPort();
    await t.admin('PUT', `/admin/companies/${acme.companyId}/webhooks/expediente-created`, { url: `http://127.0.0.1:${port}/hook` });
    const png = Buffer.from(`a scanned CURP ${randomUUID()}`);
    await fixture('ocr', createHash('sha256').update(png).digest('hex'), { type: 'curp', text: 'CURP', parsed_data: {}, delay_ms: 0 });
    await fixture('rapi', VIN, { result: { tiene_reporte: false } });
    const before = await scrape(t);
    const by = (after: Awaited<ReturnType<typeof scrape>>) => moved(before, after);

    const caseId = await createCase(t, acme);
    expect((await upload(caseId, 'application/xml', fs.readFileSync(path.join(FIXTURES, 'cfdi40-venta-vehiculos.xml')))).statusCode).toBe(
      201,
    );
    expect((await upload(caseId, 'image/png', png)).statusCode).toBe(201);
    const unknownId = randomUUID();
    expect((await t.inject({ method: 'GET', url: `/v1/nothing/${unknownId}`, headers: acme.bearer })).statusCode).toBe(404);
    await t.server.runner.whenIdle();
    expect((await post(`/v1/cases/${caseId}/rapi`)).statusCode).toBe(202);
    await t.server.runner.whenIdle();
    await fixture('rapi', VIN, { reason: 'Consulta no disponible para este VIN' });
    expect((await post(`/v1/cases/${caseId}/rapi`)).statusCode).toBe(202);
    await t.server.runner.whenIdle();
    await fixture('rapi', VIN, { not_found: true, delay_ms: 300 });
    expect((await post(`/v1/cases/${caseId}/rapi`)).statusCode).toBe(202);
    await t.server.runner.whenIdle();
    await fixture('rapi', VIN, { error: 'el proveedor no responde' });
    expect((await post(`/v1/cases/${caseId}/rapi`)).statusCode).toBe(202);
    // Its retries wait out their backoff: the lookup ends in error after the last attempt.
    await eventually(
      async () => (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/rapi`, headers: acme.bearer })).json().status,
      (s) => s === 'error',
    );
    await t.server.runner.whenIdle();

    const scraped = await t.admin('GET', '/metrics');
    // Labels name route templates, never a request's own ids.
    expect(scraped.body).not.toContain(unknownId);
    expect(scraped.body).not.toContain(caseId);
    const d = by(parseMetrics(scraped.body));
    const http = (route: string, method: string, status_class: string) =>
      d('vcase_http_request_duration_seconds_count', { route, method, status_class });
    expect(http('/v1/cases', 'POST', '2xx')).toBe(1);
    expect(http('/v1/documents', 'POST', '2xx')).toBe(2);
    expect(http('/v1/cases/:case_id/rapi', 'POST', '2xx')).toBe(4);
    expect(http('/v1/cases/:case_id/rapi', 'GET', '2xx')).toBeGreaterThanOrEqual(1);
    expect(http('unmatched', 'GET', '4xx')).toBe(1);

    // The pipeline: one run per engine and type, and the CURP's missing field as a failure.
    expect(d('vcase_ocr_duration_seconds_count', { engine: 'cfdi_xml', mime: 'application/xml' })).toBe(1);
    expect(d('vcase_ocr_duration_seconds_count', { engine: 'ocr_fixture', mime: 'image/png' })).toBe(1);
    expect(d('vcase_documents_processed_total', { type: 'invoice' })).toBe(1);
    expect(d('vcase_documents_processed_total', { type: 'curp' })).toBe(1);
    expect(d('vcase_extraction_failures_total', { code: 'MISSING_CURP' })).toBe(1);
    expect(d('vcase_job_run_duration_seconds_count', { kind: 'document.process', outcome: 'completed' })).toBe(2);

    // Lookups: one call per answer, three for the source that never answers (the job's attempts).
    const lookup = (source: string, outcome: string, suffix = 'count', le?: string) =>
      d(`vcase_lookup_duration_seconds_${suffix}`, { source, outcome, ...(le ? { le } : {}) });
    expect(lookup('rapi', 'ok')).toBe(1);
    expect(lookup('rapi', 'reason')).toBe(1);
    expect(lookup('rapi', 'failed')).toBe(3);
    expect(lookup('rapi', 'not_found')).toBe(1);
    // The not-found answer took its fixture's 300 ms: in the 0.5 s bucket, not the 0.25 s one.
    expect(lookup('rapi', 'not_found', 'bucket', '0.25')).toBe(0);
    expect(lookup('rapi', 'not_found', 'bucket', '0.5')).toBe(1);
    // (a timer may fire a fraction of a millisecond before its time as performance.now() counts it)
    expect(lookup('rapi', 'not_found', 'sum')).toBeGreaterThanOrEqual(0.29);
    expect(d('vcase_job_run_duration_seconds_count', { kind: 'lookup.rapi', outcome: 'retried' })).toBe(2);
    expect(d('vcase_job_run_duration_seconds_count', { kind: 'lookup.rapi', outcome: 'completed' })).toBe(4);

    // The case's creation fired its webhook, to a port where nothing listens.
    expect(d('vcase_webhook_delivery_duration_seconds_count', { event: 'expediente-created', outcome: 'failed' })).toBe(1);
    expect(d('vcase_webhook_delivery_duration_seconds_count', { event: 'expediente-created', outcome: 'ok' })).toBe(0);
    await t.admin('DELETE', `/admin/companies/${acme.companyId}/webhooks/expediente-created`);
  });
});

describe('the job table at scrape time', () => {
  let idle: TestServer;
  beforeAll(async () => {
    idle = await startTestServer({}, { startWorkers: false });
  });
  afterAll(() => idle?.close());

  it('shows the backlog, the oldest waiting job, and a worker that died mid-job as recovered', async () => {
    const tenant = await createTenant(idle);
    const caseId = await createCase(idle, tenant);
    const db = idle.server.ctx.db;
    for (const text of ['one', 'two']) {
      const res = await idle.inject({
        method: 'POST',
        url: '/v1/documents',
        headers: { 'x-api-key': tenant.apiKey },
        payload: { case_id: caseId, mime_type: 'application/pdf', base64: Buffer.from(text).toString('base64') },
      });
      expect(res.statusCode).toBe(201);
    }
    const jobs = await db
      .selectFrom('jobs')
      .select(['id', 'created_at'])
      .where('kind', '=', 'document.process')
      .orderBy('created_at')
      .execute();
    expect(jobs).toHaveLength(2);
    // The first has waited 90 s; the second was taken by a worker that died (its lease ran out).
    const now = Date.now();
    await db
      .updateTable('jobs')
      .set({ run_at: new Date(now - 90_000).toISOString() })
      .where('id', '=', jobs[0].id)
      .execute();
    const expired = new Date(now - 60_000).toISOString();
    await db
      .updateTable('jobs')
      .set({ status: 'processing', attempts: 1, locked_by: 'dead-worker', lease_until: expired })
      .where('id', '=', jobs[1].id)
      .execute();

    const before = await scrape(idle);
    expect(sample(before, 'vcase_jobs', { kind: 'document.process', state: 'queued' })).toBe(1);
    expect(sample(before, 'vcase_jobs', { kind: 'document.process', state: 'stalled' })).toBe(1);
    expect(sample(before, 'vcase_jobs', { kind: 'document.process', state: 'running' })).toBe(0);
    const age = sample(before, 'vcase_job_oldest_queued_age_seconds', { kind: 'document.process' });
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(120);
    expect(sample(before, 'vcase_job_oldest_queued_age_seconds', { kind: 'lookup.rapi' })).toBe(0);

    // A worker takes the dead one's job over first (one recovery), then the waiting one.
    expect(await idle.server.runner.runDue()).toBe(2);
    const after = await scrape(idle);
    expect(moved(before, after)('vcase_jobs_recovered_total', { kind: 'document.process' })).toBe(1);
    expect(sample(after, 'vcase_jobs', { kind: 'document.process', state: 'queued' })).toBe(0);
    expect(sample(after, 'vcase_jobs', { kind: 'document.process', state: 'stalled' })).toBe(0);
    expect(sample(after, 'vcase_job_oldest_queued_age_seconds', { kind: 'document.process' })).toBe(0);

    // The sweep that puts expired leases back counts them too.
    await db
      .updateTable('jobs')
      .set({ status: 'processing', locked_by: 'dead-worker', lease_until: expired })
      .where('id', '=', jobs[0].id)
      .execute();
    await idle.server.runner.maintain();
    expect(moved(after, await scrape(idle))('vcase_jobs_recovered_total', { kind: 'document.process' })).toBe(1);
  });
});
