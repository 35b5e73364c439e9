import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_PUBLIC } from '../helpers/addresses.js';
import { createCase, createTenant, eventually, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';

// Judged by the server's refusal: with private URLs not allowed, no request to these addresses
// may be attempted. Literal addresses go to a fetch that records every call and sends nothing;
// names go through the real client with a resolver that answers each listed address, so a
// connection attempted anyway would be a failure to connect, not the refusal asserted here.
const ADDRESSES = NOT_PUBLIC.filter(([, a]) => a.includes('.') || a.includes(':')).filter(([, a]) => !/[a-z]{3,}/.test(a));
const hostOf = (address: string) => (address.includes(':') ? `[${address}]` : address);

describe('document URLs on addresses that are not public', () => {
  const attempted: string[] = [];
  let t: TestServer;
  let acme: Tenant;
  let caseId: string;
  beforeAll(async () => {
    const recording = (async (url: string | URL) => {
      attempted.push(String(url));
      throw new Error('this test sends nothing');
    }) as typeof fetch;
    t = await startTestServer({ allowPrivateUrls: false }, { fetch: recording, startWorkers: false });
    acme = await createTenant(t);
    caseId = await createCase(t, acme);
  });
  afterAll(() => t.close());

  it.each(ADDRESSES)('%s (%s) written in the URL: 400 VALIDATION_ERROR, no request attempted', async (_range, address) => {
    const url = `http://${hostOf(address)}:8080/factura.pdf`;
    const res = await t.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: { 'x-api-key': acme.apiKey },
      payload: { case_id: caseId, mime_type: 'application/pdf', url },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('no es pública') });
    expect(attempted).toEqual([]);
  });

  it.each(ADDRESSES)('%s (%s) as a webhook receiver: refused when registered', async (_range, address) => {
    const res = await t.admin('PUT', `/admin/companies/${acme.companyId}/webhooks/expediente-created`, {
      url: `https://${hostOf(address)}/hook`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('no es pública') });
  });
});

describe('names that resolve to addresses that are not public', () => {
  let t: TestServer;
  let acme: Tenant;
  let caseId: string;
  const names = new Map(ADDRESSES.map(([, address], i) => [`h${i}.vcase.test`, address]));
  beforeAll(async () => {
    const resolve = async (name: string) => {
      const address = names.get(name);
      if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      return [{ address }];
    };
    t = await startTestServer({ allowPrivateUrls: false }, { resolve, startWorkers: true });
    acme = await createTenant(t);
    caseId = await createCase(t, acme);
  });
  afterAll(() => t.close());

  it.each([...names].map(([name, address]) => [address, name]))(
    '%s behind a name: the download is refused by the connection that checked it',
    async (address, name) => {
      const res = await t.inject({
        method: 'POST',
        url: '/v1/documents',
        headers: { 'x-api-key': acme.apiKey },
        payload: { case_id: caseId, mime_type: 'application/pdf', url: `http://${name}:8080/factura.pdf` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'url', reason: 'unsafe' } });
      expect(res.json().error.message).toContain(`${name} de la URL resuelve a una dirección que no es pública`);
      expect(res.json().error.message).toContain(address);
    },
  );

  it('a webhook whose name resolves to a cloud metadata address is recorded as failed and not sent', async () => {
    const name = [...names].find(([, a]) => a === '100.100.100.200')![0];
    // Registered while the name does not resolve yet; it resolves inward by the time it is delivered.
    names.set(`late.${name}`, '100.100.100.200');
    const put = await t.admin('PUT', `/admin/companies/${acme.companyId}/webhooks/expediente-created`, { url: `http://late.${name}/hook` });
    expect(put.statusCode).toBe(400);
    names.delete(`late.${name}`);
    expect(
      (await t.admin('PUT', `/admin/companies/${acme.companyId}/webhooks/expediente-created`, { url: `http://late.${name}/hook` }))
        .statusCode,
    ).toBe(200);
    names.set(`late.${name}`, '100.100.100.200');
    await createCase(t, acme, { internal_id: 'SSRF-HOOK' });
    const deliveries = await eventually(
      async () => (await t.admin('GET', `/admin/companies/${acme.companyId}/webhook-deliveries`)).json().data,
      (d: unknown[]) => d.length === 1,
    );
    expect(deliveries[0]).toMatchObject({
      ok: false,
      status_code: null,
      error: expect.stringMatching(/no es pública .*100\.100\.100\.200/),
    });
  });
});
