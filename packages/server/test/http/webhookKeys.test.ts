import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startReceiver } from '../helpers/receiver.js';
import { tablesHolding } from '../helpers/tablesHolding.js';
import { createCase, createTenant, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';

let t: TestServer;
let acme: Tenant;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  // Workers are run by hand: a delivery job stays pending while the test looks at the database.
  t = await startTestServer({}, { startWorkers: false });
  acme = await createTenant(t);
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
beforeEach(() => {
  receiver.requests.length = 0;
});

const hookUrl = (company = acme.companyId) => `/admin/companies/${company}/webhooks/expediente-created`;
const deliver = () => t.server.runner.whenIdle();

describe("the receiver's x-api-key lives in the registration only", () => {
  it('a queued delivery names the registration instead of carrying the key, and sends the key the registration holds then', async () => {
    const key = `recv-key-${crypto.randomUUID()}`;
    expect((await t.admin('PUT', hookUrl(), { url: receiver.url, api_key: key })).statusCode).toBe(200);
    await createCase(t, acme, { internal_id: 'KEY-1' });

    expect(await tablesHolding(t.server.ctx.db, key)).toEqual(['webhook_registrations']);
    // Replaced before the job ran: the delivery goes with the registration as it is now.
    const newKey = `${key}-rotated`;
    await t.admin('PUT', hookUrl(), { url: receiver.url, api_key: newKey });
    await deliver();
    expect(receiver.requests.map((r) => r.headers['x-api-key'])).toEqual([newKey]);
    expect(await tablesHolding(t.server.ctx.db, key)).toEqual(['webhook_registrations']);
  });

  it('deleting the webhook removes the key from the database, and its pending deliveries are not sent', async () => {
    const key = `gone-key-${crypto.randomUUID()}`;
    await t.admin('PUT', hookUrl(), { url: receiver.url, api_key: key });
    await createCase(t, acme, { internal_id: 'KEY-2' });
    expect((await t.admin('DELETE', hookUrl())).statusCode).toBe(204);

    expect(await tablesHolding(t.server.ctx.db, key)).toEqual([]);
    await deliver();
    expect(receiver.requests).toEqual([]);
    const deliveries = (await t.admin('GET', `/admin/companies/${acme.companyId}/webhook-deliveries?event=expediente-created`)).json();
    expect(deliveries.data.map((d: { request_body: { internal_id?: string } }) => d.request_body.internal_id)).not.toContain('KEY-2');
  });

  it('a webhook registered again after a delete is a new registration: deliveries queued before the delete stay unsent', async () => {
    await t.admin('PUT', hookUrl(), { url: receiver.url, api_key: 'first' });
    await createCase(t, acme, { internal_id: 'KEY-3' });
    await t.admin('DELETE', hookUrl());
    await t.admin('PUT', hookUrl(), { url: receiver.url, api_key: 'second' });
    await createCase(t, acme, { internal_id: 'KEY-4' });
    await deliver();
    expect(receiver.requests.map((r) => [JSON.parse(r.body).internal_id, r.headers['x-api-key']])).toEqual([['KEY-4', 'second']]);
    await t.admin('DELETE', hookUrl());
  });
});
