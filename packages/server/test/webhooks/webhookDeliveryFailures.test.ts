import { describe, expect, it } from 'vitest';
import { getJob } from '../../src/jobs/jobQueue.js';
import { createJobRunner } from '../../src/jobs/jobRunner.js';
import { WEBHOOK_DELIVER_JOB } from '../../src/jobs/kinds.js';
import { deliverWebhook } from '../../src/webhooks/deliverWebhook.js';
import { emitWebhook } from '../../src/webhooks/emitWebhook.js';
import { listDeliveries } from '../../src/webhooks/webhooks.repository.js';
import { startReceiver } from '../helpers/receiver.js';
import { actor, COMPANY, webhookDeliveryBed } from '../helpers/webhookDeliveryBed.js';

// Each delivery is tried once: what a failed one records, and that it is never sent again.
describe('webhook delivery failures', () => {
  const { setup, register, receiver } = webhookDeliveryBed();

  it('records a 500 answer as a failed delivery, raises an alert, and does not retry', async () => {
    const { t, runner, caseRow } = await setup();
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
    const { t, runner, caseRow } = await setup({ webhookTimeoutMs: 200 });
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
    const { t, runner, caseRow } = await setup({ webhookTimeoutMs: 30_000 });
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
    const { t, runner, caseRow } = await setup();
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
    const { t, runner, caseRow } = await setup();
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
    const { t, runner, caseRow } = await setup();
    const target = await receiver();
    const rx = await receiver((_req, res) => res.writeHead(307, { location: target.url }).end());
    await register('expediente-created', rx.url);
    await emitWebhook(t.ctx, t.ctx.db, { event: 'expediente-created', caseRow, actor });
    await runner.whenIdle();
    expect(target.requests).toHaveLength(0);
    expect((await listDeliveries(t.ctx.db, COMPANY))[0]).toMatchObject({ ok: false, status_code: 307 });
  });

  it('refuses a private URL without sending anything unless private URLs are allowed', async () => {
    const { t, runner, caseRow } = await setup({ allowPrivateUrls: false });
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
});
