import { describe, expect, it } from 'vitest';
import { getJob, listJobs } from '../../src/jobs/jobQueue.js';
import { WEBHOOK_DELIVER_JOB } from '../../src/jobs/kinds.js';
import { emitWebhook } from '../../src/webhooks/emitWebhook.js';
import { listDeliveries } from '../../src/webhooks/webhooks.repository.js';
import { actor, CASE_ID, COMPANY, webhookDeliveryBed } from '../helpers/webhookDeliveryBed.js';

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

// Failed deliveries (error answers, timeouts, refused or private URLs): webhookDeliveryFailures.test.ts.
describe('webhook emission and delivery', () => {
  const { setup, register, receiver } = webhookDeliveryBed();

  it('POSTs the rendered template with the contract headers and records the success', async () => {
    const { t, runner, caseRow } = await setup();
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
    const { t, runner, caseRow } = await setup({ webUrl: undefined, publicUrl: 'http://api.example:3000' });
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
    const { t, runner, caseRow } = await setup({ webUrl: undefined, publicUrl: 'http://api.example:3000/' });
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
    const { t, runner, caseRow } = await setup();
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

  it('sends nothing when the company registered no webhook for the event', async () => {
    const { t, runner, caseRow } = await setup();
    const rx = await receiver();
    await register('v1-assign-analyst', rx.url);
    expect(await emitWebhook(t.ctx, t.ctx.db, { event: 'expediente-created', caseRow, actor })).toBeNull();
    await runner.whenIdle();
    expect(rx.requests).toHaveLength(0);
    expect(await listJobs(t.ctx.db, { kind: WEBHOOK_DELIVER_JOB })).toEqual([]);
  });

  it('fires no status webhook for a case without internal_id, but still the assignment one', async () => {
    const { t, runner, caseRow } = await setup({}, { internal_id: '' });
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
    const { t, runner, caseRow } = await setup();
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
