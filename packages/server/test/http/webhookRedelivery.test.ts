import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startReceiver } from '../helpers/receiver.js';
import { createCase, createTenant, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';

let t: TestServer;
let acme: Tenant;
let other: Tenant;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let answer = 500;

beforeAll(async () => {
  receiver = await startReceiver((_req, res) => res.writeHead(answer).end(answer < 300 ? 'ok' : 'down'));
  t = await startTestServer();
  acme = await createTenant(t);
  other = await createTenant(t, { name: 'Otra' });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
beforeEach(() => {
  receiver.requests.length = 0;
  answer = 500;
});

const hook = (tenant = acme) => `/admin/companies/${tenant.companyId}/webhooks/expediente-created`;
const deliveries = async (tenant = acme) =>
  (await t.admin('GET', `/admin/companies/${tenant.companyId}/webhook-deliveries?event=expediente-created`)).json().data;
const redeliver = (deliveryId: string, tenant = acme, headers: Record<string, string> = {}) =>
  t.inject({
    method: 'POST',
    url: `/admin/companies/${tenant.companyId}/webhook-deliveries/${deliveryId}/redeliver`,
    headers: { authorization: 'Bearer test-admin-token', ...headers },
  });

/** A failed delivery of a new case to the receiver. */
async function failedDelivery(tenant = acme) {
  await createCase(t, tenant, { internal_id: `RE-${crypto.randomUUID().slice(0, 8)}` });
  await t.server.runner.whenIdle();
  const [latest] = await deliveries(tenant);
  expect(latest).toMatchObject({ ok: false, status_code: 500 });
  return latest;
}

describe('redelivery of a recorded webhook delivery', () => {
  it('sends the same body and webhook-id again, freshly signed, and records a new delivery that names the first', async () => {
    const { signing_secret: secret } = (await t.admin('PUT', hook(), { url: receiver.url, api_key: 'recv-key' })).json();
    const original = await failedDelivery();
    answer = 200;

    const res = await redeliver(original.delivery_id);
    expect(res.statusCode).toBe(202);
    const queued = res.json();
    expect(queued).toEqual({
      delivery_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      redelivered_from: original.delivery_id,
      event: 'expediente-created',
      webhook_id: original.webhook_id,
      job_id: expect.any(String),
      status: 'queued',
    });
    await t.server.runner.whenIdle();

    const [first, again] = receiver.requests;
    expect(again!.body).toBe(first!.body);
    expect(again!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(again!.headers['x-api-key']).toBe('recv-key');
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    const signed = `${String(again!.headers['webhook-id'])}.${String(again!.headers['webhook-timestamp'])}.${again!.body}`;
    expect(again!.headers['webhook-signature']).toBe(`v1,${createHmac('sha256', key).update(signed).digest('base64')}`);

    const [latest, earlier] = await deliveries();
    expect(latest).toMatchObject({
      delivery_id: queued.delivery_id,
      redelivered_from: original.delivery_id,
      webhook_id: original.webhook_id,
      ok: true,
      status_code: 200,
      case_id: original.case_id,
      request_body: original.request_body,
    });
    expect(earlier).toEqual(original);
    await t.admin('DELETE', hook());
  });

  it("another company's delivery, an unknown one or an unknown company is 404; nothing is sent", async () => {
    await t.admin('PUT', hook(other), { url: receiver.url });
    const theirs = await failedDelivery(other);
    await t.admin('PUT', hook(), { url: receiver.url });
    receiver.requests.length = 0;

    for (const res of [await redeliver(theirs.delivery_id, acme), await redeliver(crypto.randomUUID()), await redeliver('not-a-uuid')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'RESOURCE_NOT_FOUND', message: 'Entrega de webhook no encontrada' });
    }
    const noCompany = await t.inject({
      method: 'POST',
      url: `/admin/companies/${crypto.randomUUID()}/webhook-deliveries/${theirs.delivery_id}/redeliver`,
      headers: { authorization: 'Bearer test-admin-token' },
    });
    expect(noCompany.json().error).toEqual({ code: 'RESOURCE_NOT_FOUND', message: 'Compañía no encontrada' });
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `/admin/companies/${other.companyId}/webhook-deliveries/${theirs.delivery_id}/redeliver`,
          headers: acme.bearer,
        })
      ).statusCode,
    ).toBe(401);
    await t.server.runner.whenIdle();
    expect(receiver.requests).toEqual([]);
    await t.admin('DELETE', hook());
    await t.admin('DELETE', hook(other));
  });

  it('a delivery whose webhook was deleted cannot be redelivered (404), and an Idempotency-Key redelivers once', async () => {
    await t.admin('PUT', hook(), { url: receiver.url });
    const original = await failedDelivery();
    const once = await redeliver(original.delivery_id, acme, { 'idempotency-key': 'redeliver-1' });
    const twice = await redeliver(original.delivery_id, acme, { 'idempotency-key': 'redeliver-1' });
    expect(twice.json()).toEqual(once.json());
    await t.server.runner.whenIdle();
    expect(
      (await deliveries()).filter((d: { redelivered_from: string | null }) => d.redelivered_from === original.delivery_id),
    ).toHaveLength(1);

    await t.admin('DELETE', hook());
    const gone = await redeliver(original.delivery_id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toEqual({
      code: 'RESOURCE_NOT_FOUND',
      message: 'No hay webhook registrado para el evento expediente-created',
    });
  });
});
