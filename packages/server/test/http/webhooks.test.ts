import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCase, createTenant, eventually, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';
import { startReceiver } from '../helpers/receiver.js';

let t: TestServer;
let acme: Tenant;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let base: string;
let answer = 200;

/** What the receiver got, bodies parsed. */
const received = () =>
  receiver.requests.map((r) => ({
    method: r.method,
    url: r.path,
    headers: r.headers,
    body: r.body ? (JSON.parse(r.body) as unknown) : null,
  }));

beforeAll(async () => {
  receiver = await startReceiver((_req, res) => {
    res.writeHead(answer, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: answer < 300 }));
  });
  base = receiver.origin;
  t = await startTestServer({ environment: 'qa', webUrl: 'https://app.example.test' });
  acme = await createTenant(t, { user: { name: 'Ana Analista', email: 'ana@example.com' } });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
beforeEach(() => {
  receiver.requests.length = 0;
  answer = 200;
});

const register = (event: string, body: Record<string, unknown>, tenant = acme) =>
  t.admin('PUT', `/admin/companies/${tenant.companyId}/webhooks/${event}`, body);

describe('webhooks (contract §6)', () => {
  it('registration is stored and echoed; unknown events are refused', async () => {
    const res = await register('expediente-created', { url: `${base}/hook`, api_key: 'recv-secret' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      company_id: acme.companyId,
      event: 'expediente-created',
      url: `${base}/hook`,
      template: null,
      api_key: 'recv-secret',
    });
    expect((await register('no-such-event', { url: `${base}/x` })).statusCode).toBe(400);
    expect((await register('expediente-created', { url: 'not a url' })).statusCode).toBe(400);
  });

  it('an api_key that cannot be a header value is refused at registration, not at every delivery', async () => {
    for (const api_key of ['abc\r\nX-Evil: 1', 'tab\there', 'clave-ñ']) {
      const res = await register('expediente-created', { url: `${base}/hook`, api_key });
      expect(res.statusCode, JSON.stringify(api_key)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('x-api-key') });
    }
  });

  it('a url with a user name or password is refused at registration (fetch would refuse every delivery)', async () => {
    for (const url of [`http://user:pass@127.0.0.1:${new URL(base).port}/hook`, `http://user@127.0.0.1:${new URL(base).port}/hook`]) {
      const res = await register('expediente-created', { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('usuario ni contraseña') });
    }
  });

  it('DELETE of a registration answers 204 for a known company, also when nothing was registered, and 404 for an unknown one', async () => {
    const url = (company: string) => `/admin/companies/${company}/webhooks/v1-assign-analyst`;
    expect((await t.admin('DELETE', url(acme.companyId))).statusCode).toBe(204);
    expect((await t.admin('DELETE', url(acme.companyId.toUpperCase()))).statusCode).toBe(204);
    const unknown = await t.admin('DELETE', url(crypto.randomUUID()));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: 'RESOURCE_NOT_FOUND', message: 'Compañía no encontrada' });
  });

  it('expediente-created posts the default body with the contract headers after the response', async () => {
    await register('expediente-created', { url: `${base}/created`, api_key: 'recv-secret' });
    const caseId = await createCase(t, acme, { internal_id: 'WH-001' });
    await t.server.runner.whenIdle();
    expect(received()).toHaveLength(1);
    const [call] = received();
    expect(call.method).toBe('POST');
    expect(call.url).toBe('/created');
    expect(call.headers['content-type']).toMatch(/^application\/json/);
    expect(call.headers.accept).toBe('application/json');
    expect(call.headers['x-api-key']).toBe('recv-secret');
    expect(call.body).toEqual({ internal_id: 'WH-001', source: 'api' });
    const log = (await t.admin('GET', `/admin/companies/${acme.companyId}/webhook-deliveries?case_id=${caseId}`)).json();
    expect(log.data).toEqual([
      expect.objectContaining({
        event: 'expediente-created',
        case_id: caseId,
        status_code: 200,
        ok: true,
        request_body: { internal_id: 'WH-001', source: 'api' },
      }),
    ]);
    const upper = (
      await t.admin('GET', `/admin/companies/${acme.companyId.toUpperCase()}/webhook-deliveries?case_id=${caseId.toUpperCase()}`)
    ).json();
    expect(upper.data).toEqual(log.data);
  });

  it('a blank string template is no template: the default body is sent', async () => {
    const res = await register('expediente-created', { url: `${base}/blank`, template: '  ' });
    expect(res.json().template).toBeNull();
    await createCase(t, acme, { internal_id: 'WH-BLANK' });
    await t.server.runner.whenIdle();
    expect(received().map((r) => r.body)).toEqual([{ internal_id: 'WH-BLANK', source: 'api' }]);
  });

  it('refuses a string template that cannot give a JSON body, and sends placeholders that stand for values as strings', async () => {
    for (const template of ['hola {{environment}}', '{"a": {{environment}}']) {
      const res = await register('expediente-created', { url: `${base}/notjson`, template });
      expect(res.statusCode, template).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.message).toContain('JSON');
    }
    const res = await register('expediente-created', {
      url: `${base}/bare`,
      template: '{"ref": {{expedientData.internal_id}}, "env": "{{environment}}"}',
    });
    expect(res.statusCode).toBe(200);
    await createCase(t, acme, { internal_id: 'WH-"BARE"' });
    await t.server.runner.whenIdle();
    expect(received().map((r) => r.body)).toEqual([{ ref: 'WH-"BARE"', env: 'qa' }]);
  });

  it('renders every template variable from the case at event time', async () => {
    await register('expediente-created', {
      url: `${base}/tpl`,
      template: {
        id: '{{expedientData.vehicle_id}}',
        ref: '{{expedientData.internal_id}}',
        status: '{{expedientData.review_status}}',
        link: '{{expedientData.url_exp}}',
        who: '{{expedientData.user_id}}|{{expedientData.user_name}}|{{expedientData.user_email}}',
        at: '{{expedientData.created_at}}',
        env: '{{environment}}',
      },
      api_key: null,
    });
    const caseId = await createCase(t, acme, { internal_id: 'WH-TPL' });
    await t.server.runner.whenIdle();
    const detail = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}`, headers: acme.bearer })).json();
    expect(received()[0].body).toEqual({
      id: caseId,
      ref: 'WH-TPL',
      status: 'sin_documentos',
      link: `https://app.example.test/cases/${caseId}`,
      who: `${acme.userId}|Ana Analista|ana@example.com`,
      at: detail.created_at,
      env: 'qa',
    });
    expect(received()[0].headers['x-api-key']).toBeUndefined();
  });

  it('processing a case without documents closes it as nuevo: processing-in-review and the bureau event fire', async () => {
    const tenant = await createTenant(t, { name: 'Vacía SA' });
    await register('processing-in-review', { url: `${base}/in-review` }, tenant);
    await register('services-circulo-credito', { url: `${base}/bureau` }, tenant);
    const caseId = await createCase(t, tenant, { internal_id: 'WH-EMPTY' });
    expect((await t.inject({ method: 'POST', url: `/v1/cases/${caseId}/process`, headers: tenant.bearer })).statusCode).toBe(202);
    await t.server.runner.whenIdle();
    const detail = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}`, headers: tenant.bearer })).json();
    expect(detail.review_status).toBe('nuevo');
    expect(
      received()
        .map((r) => r.url)
        .sort(),
    ).toEqual(['/bureau', '/in-review']);
  });

  it('v1-assign-analyst fires on every assignment, including the same user again', async () => {
    await register('v1-assign-analyst', { url: `${base}/assign` });
    const caseId = await createCase(t, acme, { internal_id: 'WH-ASG' });
    await t.inject({ method: 'POST', url: `/v1/cases/${caseId}/assign`, headers: acme.bearer, payload: { user_id: acme.userId } });
    await t.inject({ method: 'POST', url: `/v1/cases/${caseId}/assign`, headers: acme.bearer, payload: { user_id: acme.userId } });
    await t.server.runner.whenIdle();
    expect(received().filter((r) => r.url === '/assign')).toHaveLength(2);
  });

  it('a failing receiver is recorded and the assignment is still saved', async () => {
    await register('v1-assign-analyst', { url: `${base}/assign-fail` });
    answer = 500;
    const caseId = await createCase(t, acme, { internal_id: 'WH-FAIL' });
    const res = await t.inject({
      method: 'POST',
      url: `/v1/cases/${caseId}/assign`,
      headers: acme.bearer,
      payload: { user_id: acme.userId },
    });
    expect(res.statusCode).toBe(200);
    await t.server.runner.whenIdle();
    const log = (
      await t.admin('GET', `/admin/companies/${acme.companyId}/webhook-deliveries?event=v1-assign-analyst&case_id=${caseId}`)
    ).json();
    expect(log.data).toHaveLength(1);
    expect(log.data[0]).toMatchObject({ ok: false, status_code: 500, error: 'el receptor respondió HTTP 500' });
    const again = await t.inject({
      method: 'POST',
      url: `/v1/cases/${caseId}/assign`,
      headers: acme.bearer,
      payload: { user_id: acme.userId },
    });
    expect(again.json().assignment_history).toHaveLength(2);
    await t.server.runner.whenIdle();
  });

  it('an unregistered event sends nothing; deleting a registration stops delivery', async () => {
    const other = await createTenant(t, { name: 'Sin webhooks' });
    await createCase(t, other);
    await register('expediente-created', { url: `${base}/gone` });
    expect((await t.admin('DELETE', `/admin/companies/${acme.companyId}/webhooks/expediente-created`)).statusCode).toBe(204);
    await createCase(t, acme);
    await t.server.runner.whenIdle();
    expect(received()).toEqual([]);
  });

  it('private receiver URLs are refused unless VCASE_ALLOW_PRIVATE_URLS; names that do not resolve are checked at delivery', async () => {
    const strict = await startTestServer({ allowPrivateUrls: false });
    try {
      const tenant = await createTenant(strict);
      const res = await strict.admin('PUT', `/admin/companies/${tenant.companyId}/webhooks/expediente-created`, { url: `${base}/x` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      // A name that does not resolve (yet) is registered; its delivery checks it again and is
      // recorded as failed, the case is created all the same.
      const later = await strict.admin('PUT', `/admin/companies/${tenant.companyId}/webhooks/expediente-created`, {
        url: 'https://hooks.nowhere.invalid/x',
      });
      expect([later.statusCode, later.json().url]).toEqual([200, 'https://hooks.nowhere.invalid/x']);
      await createCase(strict, tenant, { internal_id: 'UNRESOLVED-HOOK' });
      const deliveries = await eventually(
        async () => (await strict.admin('GET', `/admin/companies/${tenant.companyId}/webhook-deliveries`)).json().data,
        (d: unknown[]) => d.length === 1,
      );
      expect(deliveries[0]).toMatchObject({
        url: 'https://hooks.nowhere.invalid/x',
        ok: false,
        status_code: null,
        error: expect.stringMatching(/no se puede resolver el host hooks\.nowhere\.invalid/),
      });
    } finally {
      await strict.close();
    }
  });
});
