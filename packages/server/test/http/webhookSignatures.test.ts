import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/clock.js';
import { startReceiver, type ReceivedRequest } from '../helpers/receiver.js';
import { createCase, createTenant, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';

const clock = manualClock(Date.parse('2026-05-04T12:00:00.000Z'));
let t: TestServer;
let acme: Tenant;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await startTestServer({}, { clock });
  acme = await createTenant(t);
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
beforeEach(() => {
  receiver.requests.length = 0;
});

const hook = (event = 'expediente-created', company = acme.companyId) => `/admin/companies/${company}/webhooks/${event}`;

/** The Standard Webhooks signature, written out here from the specification. */
const expectedSignature = (secret: string, r: ReceivedRequest) => {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const content = `${String(r.headers['webhook-id'])}.${String(r.headers['webhook-timestamp'])}.${r.body}`;
  return `v1,${createHmac('sha256', key).update(content).digest('base64')}`;
};

async function delivered(internalId: string) {
  await createCase(t, acme, { internal_id: internalId });
  await t.server.runner.whenIdle();
  const request = receiver.requests.find((r) => JSON.parse(r.body).internal_id === internalId);
  if (!request) throw new Error(`no delivery of ${internalId}`);
  return request;
}

describe('signed webhook deliveries (Standard Webhooks)', () => {
  it('a registration gets a whsec_ secret shown once, in the answer that created it, never when it is replaced', async () => {
    const created = await t.admin('PUT', hook('v1-assign-analyst'), { url: receiver.url });
    expect(created.statusCode).toBe(200);
    expect(created.json().signing_secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const replaced = await t.admin('PUT', hook('v1-assign-analyst'), { url: `${receiver.url}?v=2` });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).not.toHaveProperty('signing_secret');
    expect(replaced.body).not.toContain(created.json().signing_secret);
    await t.admin('DELETE', hook('v1-assign-analyst'));
    // Deleted and registered again: a new registration, with a new secret.
    const again = (await t.admin('PUT', hook('v1-assign-analyst'), { url: receiver.url })).json();
    expect(again.signing_secret).toMatch(/^whsec_/);
    expect(again.signing_secret).not.toBe(created.json().signing_secret);
    await t.admin('DELETE', hook('v1-assign-analyst'));
  });

  it(
    'every delivery carries webhook-id, webhook-timestamp and a v1 signature of "id.timestamp.body", ' + 'beside the contract headers',
    async () => {
      const { signing_secret: secret } = (await t.admin('PUT', hook(), { url: receiver.url, api_key: 'recv-key' })).json();
      const request = await delivered('SIG-1');
      expect(request.headers).toMatchObject({ 'content-type': 'application/json', accept: 'application/json', 'x-api-key': 'recv-key' });
      expect(JSON.parse(request.body)).toEqual({ internal_id: 'SIG-1', source: 'api' });
      expect(request.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);
      expect(Number(request.headers['webhook-timestamp'])).toBe(Math.floor(clock.now().getTime() / 1000));
      expect(request.headers['webhook-signature']).toBe(expectedSignature(secret, request));

      const [record] = (await t.admin('GET', `/admin/companies/${acme.companyId}/webhook-deliveries?event=expediente-created`)).json().data;
      expect(record.webhook_id).toBe(request.headers['webhook-id']);
      const next = await delivered('SIG-2');
      expect(next.headers['webhook-id']).not.toBe(request.headers['webhook-id']);
      await t.admin('DELETE', hook());
    },
  );

  it('rotation answers the new secret once; both secrets sign through the overlap, then the new one alone', async () => {
    const { signing_secret: old } = (await t.admin('PUT', hook(), { url: receiver.url })).json();
    const rotated = await t.admin('POST', `${hook()}/rotate-secret`, { overlap_seconds: 3600 });
    expect(rotated.statusCode).toBe(200);
    const { signing_secret: fresh, previous_secret_expires_at: until } = rotated.json();
    expect(rotated.json()).toMatchObject({ company_id: acme.companyId, event: 'expediente-created' });
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(old);
    expect(Date.parse(until) - clock.now().getTime()).toBeGreaterThan(3_590_000);

    const during = await delivered('ROT-1');
    expect(during.headers['webhook-signature']).toBe(`${expectedSignature(fresh, during)} ${expectedSignature(old, during)}`);

    clock.set(Date.parse(until) + 1000);
    const after = await delivered('ROT-2');
    expect(after.headers['webhook-signature']).toBe(expectedSignature(fresh, after));

    // A leaked secret: overlap 0 stops the old one at once.
    const now = (await t.admin('POST', `${hook()}/rotate-secret`, { overlap_seconds: 0 })).json();
    expect(now.previous_secret_expires_at).toBeNull();
    const single = await delivered('ROT-3');
    expect(single.headers['webhook-signature']).toBe(expectedSignature(now.signing_secret, single));
    await t.admin('DELETE', hook());
  });

  it('rotation without a body keeps the old secret 24 h; an unregistered webhook or company is 404, a long overlap 400', async () => {
    await t.admin('PUT', hook(), { url: receiver.url });
    const rotated = await t.inject({
      method: 'POST',
      url: `${hook()}/rotate-secret`,
      headers: { authorization: 'Bearer test-admin-token' },
    });
    expect(rotated.statusCode).toBe(200);
    expect(Date.parse(rotated.json().previous_secret_expires_at) - clock.now().getTime()).toBeGreaterThan(86_390_000);
    const tooLong = await t.admin('POST', `${hook()}/rotate-secret`, { overlap_seconds: 7 * 86_400 + 1 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('7 días') });
    await t.admin('DELETE', hook());

    const none = await t.admin('POST', `${hook()}/rotate-secret`, {});
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toEqual({
      code: 'RESOURCE_NOT_FOUND',
      message: 'No hay webhook registrado para el evento expediente-created',
    });
    expect((await t.admin('POST', `${hook('expediente-created', crypto.randomUUID())}/rotate-secret`, {})).statusCode).toBe(404);
    expect((await t.admin('POST', `${hook('no-such-event')}/rotate-secret`, {})).statusCode).toBe(400);
  });
});
