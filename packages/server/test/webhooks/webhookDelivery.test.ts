import type { Selectable } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.js';
import type { CasesTable } from '../../src/db/database.js';
import { getJob, listJobs } from '../../src/jobs/jobQueue.js';
import { createJobRunner, type JobRunner } from '../../src/jobs/jobRunner.js';
import { WEBHOOK_DELIVER_JOB } from '../../src/jobs/kinds.js';
import { deliverWebhook } from '../../src/webhooks/deliverWebhook.js';
import { emitWebhook } from '../../src/webhooks/emitWebhook.js';
import { listDeliveries, putRegistration } from '../../src/webhooks/webhooks.repository.js';
import { createTestContext, type TestContext } from '../jobs/testContext.js';
import { startReceiver } from '../helpers/receiver.js';

const COMPANY = '11111111-1111-4111-8111-111111111111';
const CASE_ID = '22222222-2222-4222-8222-222222222222';
const actor = { user_id: 'uid-7', name: 'Ana López', email: 'ana@example.com' };

const fullTemplate = {
  vehicle_id: '{{expedientData.vehicle_id}}',
  internal_id: '{{expedientData.internal_id}}',
  review_status: '{{expedientData.review_status}}',
  url_exp: '{{expedientData.url_exp}}',
  user: {
    id: '{{expedientData.user_id}}',
    name: '{{expedientData.user_name}}',
    email: '{{expedientData.user_email}}',
  },
  created_at: '{{expedientData.created_at}}',
  environment: '{{environment}}',
};

describe('webhook emission and delivery', () => {
  let t: TestContext;
  let runner: JobRunner;
  const cleanups: (() => Promise<void>)[] = [];

  async function setup(config: Partial<Config> = {}, caseOverrides: Partial<Selectable<CasesTable>> = {}) {
    t = await createTestContext({
      config: { webUrl: 'https://web.example/', environment: 'staging', webhookTimeoutMs: 2000, ...config },
    });
    runner = createJobRunner({ ctx: t.ctx, handlers: { [WEBHOOK_DELIVER_JOB]: deliverWebhook }, concurrency: 2 });
    const now = t.ctx.clock.now().toISOString();
    await t.ctx.db.insertInto('companies').values({ id: COMPANY, name: 'Acme', status_catalog: '["nuevo"]', created_at: now }).execute();
    const caseRow: Selectable<CasesTable> = {
      id: CASE_ID,
      company_id: COMPANY,
      internal_id: 'EXP-42',
      status: 'nuevo',
      review_status: 'sin_documentos',
      vehicle_origin: 'Nacional',
      use_case_id: null,
      user_id_added_by: 'uid-7',
      created_by: 'uid-7',
      assigned_to: null,
      active: 1,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      plates_computed_at: null,
      files_job_id: null,
      ...caseOverrides,
    };
    await t.ctx.db.insertInto('cases').values(caseRow).execute();
    return caseRow;
  }

  const register = (event: string, url: string, extra: { template?: unknown; api_key?: string | null } = {}) =>
    putRegistration(t.ctx.db, {
      company_id: COMPANY,
      event,
      url,
      template: extra.template as never,
      api_key: extra.api_key,
      updated_at: t.ctx.clock.now().toISOString(),
    });

  async function receiver(...args: Parameters<typeof startReceiver>) {
    const r = await startReceiver(...args);
    cleanups.push(r.close);
    return r;
  }

  afterEach(async () => {
    await runner?.stop();
    for (const c of cleanups.splice(0)) await c();
    await t?.close();
  });

  it('POSTs the rendered template with the contract headers and records the success', async () => {
    const caseRow = await setup();
    const rx = await receiver();
    await register('expediente-created', rx.url, { template: fullTemplate, api_key: 'k-123' });

    const job = await t.ctx.db.transaction().execute((trx) => emitWebhook(t.ctx, trx, { event: 'expediente-created', caseRow, actor }));
    expect(job).toMatchObject({ kind: WEBHOOK_DELIVER_JOB, status: 'pending', maxAttempts: 1, caseId: CASE_ID });
    expect(rx.requests).toHaveLength(0); // delivery happens after the triggering operation

    await runner.whenIdle();

    expect(rx.requests).toHaveLength(1);
    const [req] = rx.requests;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/hook');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers.accept).toBe('application/json');
    expect(req.headers['x-api-key']).toBe('k-123');
    const expectedBody = {
      vehicle_id: CASE_ID,
      internal_id: 'EXP-42',
      review_status: 'sin_documentos',
      url_exp: `https://web.example/cases/${CASE_ID}`,
      user: { id: 'uid-7', name: 'Ana López', email: 'ana@example.com' },
      created_at: '2026-01-01T00:00:00.000Z',
      environment: 'staging',
    };
    expect(JSON.parse(req.body)).toEqual(expectedBody);

    const deliveries = await listDeliveries(t.ctx.db, COMPANY);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      event: 'expediente-created',
      case_id: CASE_ID,
      url: rx.url,
      request_body: expectedBody,
      status_code: 200,
      ok: true,
      response_body: '{"received":true}',
      error: null,
    });
    expect(deliveries[0].duration_ms).toBeGreaterThanOrEqual(0);
    expect(await getJob(t.ctx.db, job!.id)).toMatchObject({
      status: 'completed',
      result: { ok: true, status_code: 200, delivery_id: deliveries[0].delivery_id },
    });
  });

  it('sends no x-api-key header when none is stored, and the default body without a template', async () => {
    const caseRow = await setup({ webUrl: undefined, publicUrl: 'http://api.example:3000' });
    const rx = await receiver();
    await register('processing-in-review', rx.url);
    await register('v1-assign-analyst', rx.url);

    await emitWebhook(t.ctx, t.ctx.db, { event: 'processing-in-review', caseRow: { ...caseRow, review_status: 'nuevo' }, actor: null });
    await emitWebhook(t.ctx, t.ctx.db, { event: 'v1-assign-analyst', caseRow, actor });
    await runner.whenIdle();

    expect(rx.requests.map((r) => JSON.parse(r.body))).toEqual(
      expect.arrayContaining([
        { status: 'en_revision', event_type: 'in-review', vehicle_id: CASE_ID, internal_id: 'EXP-42' },
        { internal_id: 'EXP-42', source: 'api' },
      ]),
    );
    expect(rx.requests.every((r) => r.headers['x-api-key'] === undefined)).toBe(true);
  });

  it('sends a string template as rendered text, falling back to the public URL for url_exp', async () => {
    const caseRow = await setup({ webUrl: undefined, publicUrl: 'http://api.example:3000/' });
    const rx = await receiver();
    await register('expediente-created', rx.url, {
      template: '{"link": "{{expedientData.url_exp}}", "who": "{{expedientData.user_name}}", "mail": "{{expedientData.user_email}}"}',
    });
    await emitWebhook(t.ctx, t.ctx.db, { event: 'expediente-created', caseRow, actor: { user_id: 'u', name: 'O"Neil', email: null } });
    await runner.whenIdle();
    expect(JSON.parse(rx.requests[0].body)).toEqual({
      link: `http://api.example:3000/cases/${CASE_ID}`,
      who: 'O"Neil',
      mail: 'N/A',
    });
  });

  it('renders the body with the values at event time', async () => {
    const caseRow = await setup();
    const rx = await receiver();
    await register('services-circulo-credito', rx.url, { template: { s: '{{expedientData.review_status}}' } });
    await emitWebhook(t.ctx, t.ctx.db, {
      event: 'services-circulo-credito',
      caseRow: { ...caseRow, review_status: 'devuelta_correccion' },
      actor: null,
    });
    await t.ctx.db.updateTable('cases').set({ review_status: 'nuevo' }).where('id', '=', CASE_ID).execute();
    await runner.whenIdle();
    expect(JSON.parse(rx.requests[0].body)).toEqual({ s: 'devuelta_correccion' });
  });

  it('records a 500 answer as a failed delivery, raises an alert, and does not retry', async () => {
    const caseRow = await setup();
    const rx = await receiver((_req, res) => res.writeHead(500).end('upstream exploded'));
    await register('expediente-created', rx.url);
    const job = await emitWebhook(t.ctx, t.ctx.db, { event: 'expediente-created', caseRow, actor });
    await runner.whenIdle();

    expect(rx.requests).toHaveLength(1);
    const [delivery] = await listDeliveries(t.ctx.db, COMPANY);
    expect(delivery).toMatchObject({
      ok: false,
      status_code: 500,
      response_body: 'upstream exploded',
      error: 'el receptor respondió HTTP 500',
    });
    expect(await getJob(t.ctx.db, job!.id)).toMatchObject({ status: 'completed', attempts: 1 });
    const alert = t.lines.find((l) => l.alert === 'webhook_delivery_failed');
    expect(alert).toMatchObject({ level: 50, deliveryId: delivery.delivery_id, statusCode: 500, event: 'expediente-created' });
  });

  it('counts a 2xx that arrives after the timeout as a failure', async () => {
    const caseRow = await setup({ webhookTimeoutMs: 200 });
    const rx = await receiver((_req, res) => {
      setTimeout(() => res.writeHead(200).end('too late'), 400);
    });
    await register('expediente-created', rx.url);
    await emitWebhook(t.ctx, t.ctx.db, { event: 'expediente-created', caseRow, actor });
    await runner.whenIdle();

    const [delivery] = await listDeliveries(t.ctx.db, COMPANY);
    expect(delivery.ok).toBe(false);
    expect(delivery.error).toBe('sin respuesta completa en 200 ms');
    expect(delivery.duration_ms).toBeGreaterThanOrEqual(190);
    expect(delivery.duration_ms).toBeLessThan(400);
  });

  it('a shutdown that interrupts a delivery records it interrupted, and it is never posted again', async () => {
    const caseRow = await setup({ webhookTimeoutMs: 30_000 });
    const rx = await receiver(() => {}); // answers never
    await register('expediente-created', rx.url);
    const job = await emitWebhook(t.ctx, t.ctx.db, { event: 'expediente-created', caseRow, actor });
    const handlers = { [WEBHOOK_DELIVER_JOB]: deliverWebhook };
    const stopping = createJobRunner({ ctx: t.ctx, handlers, concurrency: 1, stopTimeoutMs: 50 });
    const running = stopping.runDue();
    for (let i = 0; i < 200 && rx.requests.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(rx.requests).toHaveLength(1);
    await stopping.stop();
    await running;

    const [delivery] = await listDeliveries(t.ctx.db, COMPANY);
    expect(delivery).toMatchObject({ ok: false, status_code: null, error: expect.stringMatching(/^El intento se interrumpió/) });
    expect(await getJob(t.ctx.db, job!.id)).toMatchObject({ status: 'completed' });
    await runner.whenIdle();
    expect(rx.requests).toHaveLength(1);
  });

  it('records a refused connection as a failure', async () => {
    const caseRow = await setup();
    const rx = await startReceiver();
    const deadUrl = rx.url;
    await rx.close();
    await register('expediente-created', deadUrl);
    await emitWebhook(t.ctx, t.ctx.db, { event: 'expediente-created', caseRow, actor });
    await runner.whenIdle();
    const [delivery] = await listDeliveries(t.ctx.db, COMPANY);
    expect(delivery).toMatchObject({ ok: false, status_code: null });
    expect(delivery.error).toMatch(/ECONNREFUSED/);
  });

  it('records an answer that broke off after its status as such, not as a failed connection', async () => {
    const caseRow = await setup();
    const rx = await receiver((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('0123456789');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    await register('expediente-created', rx.url);
    await emitWebhook(t.ctx, t.ctx.db, { event: 'expediente-created', caseRow, actor });
    await runner.whenIdle();
    const [delivery] = await listDeliveries(t.ctx.db, COMPANY);
    expect(delivery).toMatchObject({ ok: false, status_code: 200 });
    expect(delivery.error).toMatch(/^la respuesta del receptor \(HTTP 200\) se interrumpió: /);
  });

  it('does not follow redirects', async () => {
    const caseRow = await setup();
    const target = await receiver();
    const rx = await receiver((_req, res) => res.writeHead(307, { location: target.url }).end());
    await register('expediente-created', rx.url);
    await emitWebhook(t.ctx, t.ctx.db, { event: 'expediente-created', caseRow, actor });
    await runner.whenIdle();
    expect(target.requests).toHaveLength(0);
    expect((await listDeliveries(t.ctx.db, COMPANY))[0]).toMatchObject({ ok: false, status_code: 307 });
  });

  it('refuses a private URL without sending anything unless private URLs are allowed', async () => {
    const caseRow = await setup({ allowPrivateUrls: false });
    const rx = await receiver();
    await register('expediente-created', rx.url);
    await emitWebhook(t.ctx, t.ctx.db, { event: 'expediente-created', caseRow, actor });
    await runner.whenIdle();

    expect(rx.requests).toHaveLength(0);
    const [delivery] = await listDeliveries(t.ctx.db, COMPANY);
    expect(delivery).toMatchObject({ ok: false, status_code: null, response_body: null });
    expect(delivery.error).toMatch(/no es pública \(privada, de loopback o de uso especial\)/);
    expect(t.lines.some((l) => l.alert === 'webhook_delivery_failed')).toBe(true);
  });

  it('sends nothing when the company registered no webhook for the event', async () => {
    const caseRow = await setup();
    const rx = await receiver();
    await register('v1-assign-analyst', rx.url);
    expect(await emitWebhook(t.ctx, t.ctx.db, { event: 'expediente-created', caseRow, actor })).toBeNull();
    await runner.whenIdle();
    expect(rx.requests).toHaveLength(0);
    expect(await listJobs(t.ctx.db, { kind: WEBHOOK_DELIVER_JOB })).toEqual([]);
  });

  it('fires no status webhook for a case without internal_id, but still the assignment one', async () => {
    const caseRow = await setup({}, { internal_id: '' });
    const rx = await receiver();
    for (const event of ['expediente-created', 'processing-in-review', 'error-processing', 'v1-assign-analyst']) {
      await register(event, rx.url);
    }
    for (const event of ['expediente-created', 'processing-in-review', 'error-processing']) {
      expect(await emitWebhook(t.ctx, t.ctx.db, { event, caseRow, actor })).toBeNull();
    }
    expect(await emitWebhook(t.ctx, t.ctx.db, { event: 'v1-assign-analyst', caseRow, actor })).not.toBeNull();
    await runner.whenIdle();
    expect(rx.requests).toHaveLength(1);
    expect((await listDeliveries(t.ctx.db, COMPANY)).map((d) => d.event)).toEqual(['v1-assign-analyst']);
  });

  it('queues nothing when the triggering transaction rolls back', async () => {
    const caseRow = await setup();
    const rx = await receiver();
    await register('expediente-created', rx.url);
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await emitWebhook(t.ctx, trx, { event: 'expediente-created', caseRow, actor });
        throw new Error('case insert failed');
      }),
    ).rejects.toThrow('case insert failed');
    await runner.whenIdle();
    expect(rx.requests).toHaveLength(0);
    expect(await listJobs(t.ctx.db, { kind: WEBHOOK_DELIVER_JOB })).toEqual([]);
  });
});
