import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthenticationError, BadRequestError, NotFoundError, UnprocessableEntityError, Vcase } from '../src/index.js';
import { ADMIN_TOKEN, createTenant, startTestServer, type Tenant, type TestServer } from '../../server/test/helpers/testServer.js';
import { madeBy } from './helpers/madeBy.js';

/** The SDK against a real in-process server listening on a random port, over real HTTP. */
let t: TestServer;
let baseURL: string;
let tenant: Tenant;
let vcase: Vcase;
let admin: Vcase;

beforeAll(async () => {
  t = await startTestServer();
  baseURL = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
  tenant = await createTenant(t, { status_catalog: ['processing', 'nuevo'] });
  vcase = new Vcase({ baseURL, token: tenant.token, apiKey: tenant.apiKey, maxRetries: 0 });
  admin = new Vcase({ baseURL, adminToken: ADMIN_TOKEN, maxRetries: 0 });
});

afterAll(async () => {
  await t?.close();
});

const internalId = () => `EXP-SDK-${Math.random().toString(36).slice(2, 8)}`;

describe('health', () => {
  it('answers ok without credentials', async () => {
    await expect(new Vcase({ baseURL }).health()).resolves.toEqual({ status: 'ok' });
  });
});

describe('cases', () => {
  it('create, get, metadata, assign, delete', async () => {
    const internal_id = internalId();
    const created = await vcase.cases.create({ internal_id, status: 'nuevo', metadata: { numero_siniestro: 'S-1' } });
    expect(created).toEqual({ case_id: expect.any(String), status: 'completed' });
    const caseId = created.case_id;

    const detail = await vcase.cases.get(caseId);
    expect(detail).toMatchObject({ case_id: caseId, internal_id, review_status: 'sin_documentos', files: [] });

    const appended = await vcase.cases.appendMetadata(caseId, { tipo_afectado: 'tercero' });
    expect(appended.metadata).toMatchObject({ tipo_afectado: 'tercero' });
    const metadata = await vcase.cases.metadata(caseId);
    expect(metadata.history.at(-1)?.data).toEqual({ tipo_afectado: 'tercero' });

    const assigned = await vcase.cases.assign(caseId, tenant.userId);
    const again = await vcase.cases.assign(caseId, tenant.userId);
    expect(assigned.assigned_to).toBe(tenant.userId);
    expect(again.assignment_history).toHaveLength(assigned.assignment_history.length + 1);

    await expect(vcase.cases.delete(caseId)).resolves.toEqual({ case_id: caseId, active: false });
    await expect(vcase.cases.get(caseId)).rejects.toSatisfy(madeBy(NotFoundError));
  });

  it('for await over a list walks more than one page', async () => {
    const prefix = `PAG-${Math.random().toString(36).slice(2, 6)}`;
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await vcase.cases.create({ internal_id: `${prefix}-${i}`, status: 'processing' })).case_id);

    const seen: string[] = [];
    for await (const c of vcase.cases.list({ limit: 2, internal_id: prefix })) seen.push(c.case_id);
    expect(seen.sort()).toEqual([...ids].sort());

    const first = await vcase.cases.list({ limit: 2, internal_id: prefix });
    expect(first.pagination).toMatchObject({ limit: 2, offset: 0, total: 5, has_more: true });
    const pages = [];
    for await (const page of first.iterPages()) pages.push(page.data.length);
    expect(pages).toEqual([2, 2, 1]);
  });
});

describe('typed errors from real answers', () => {
  it('401 with a bad token: AuthenticationError with a request id', async () => {
    const error = await vcase
      .withOptions({ token: 'not-a-token' })
      .cases.list()
      .catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(AuthenticationError));
    expect(error).toMatchObject({ status: 401 });
    expect((error as AuthenticationError).requestId).toEqual(expect.any(String));
  });

  it('404 on an unknown case: NotFoundError', async () => {
    const error = await vcase.cases.get('0b9b3f0e-3c1a-4c7e-9d55-000000000000').catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(NotFoundError));
    expect(error).toMatchObject({ status: 404 });
  });

  it('422 INVALID_STATUS for a status outside the catalog', async () => {
    const error = await vcase.cases.create({ internal_id: internalId(), status: 'inventado' }).catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(UnprocessableEntityError));
    expect(error).toMatchObject({ status: 422, code: 'INVALID_STATUS' });
  });

  it('400 VALIDATION_ERROR from the server (a use case that is not a UUID; unknown assignee)', async () => {
    // A page size over the maximum is capped by the server, not refused.
    expect((await vcase.cases.list({ limit: 1000 })).pagination.limit).toBe(100);
    const error = await vcase.cases.list({ case_type: 'not-a-uuid' }).catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(BadRequestError));
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect((error as BadRequestError).requestId).toEqual(expect.any(String));

    const { case_id } = await vcase.cases.create({ internal_id: internalId(), status: 'nuevo' });
    await expect(vcase.cases.assign(case_id, 'no-such-user')).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it('admin calls with a user token are refused (401)', async () => {
    const error = await new Vcase({ baseURL, adminToken: tenant.token }).admin.fixtures.list().catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(AuthenticationError));
  });
});

describe('admin', () => {
  it('companies, users, tokens and API keys make a working tenant', async () => {
    const company = await admin.admin.companies.create({
      name: 'Seguros SDK',
      status_catalog: ['abierto'],
      use_cases: [{ name: 'siniestro' }],
    });
    expect(company).toMatchObject({
      name: 'Seguros SDK',
      status_catalog: ['abierto'],
      use_cases: [{ name: 'siniestro', use_case_id: expect.any(String) }],
    });

    const user = await admin.admin.users.create(company.company_id, { name: 'Luis', email: 'luis@example.com' });
    expect(user).toMatchObject({ company_id: company.company_id, name: 'Luis', pid: expect.any(String) });

    const token = await admin.admin.tokens.create(user.user_id, { ttl_seconds: 600 });
    expect(token).toMatchObject({ token_type: 'Bearer', token_id: expect.any(String) });
    expect((await admin.admin.tokens.list(user.user_id)).data).toEqual([
      expect.objectContaining({ token_id: token.token_id, revoked_at: null }),
    ]);

    const key = await admin.admin.apiKeys.create(company.company_id, { name: 'sdk' });
    expect(key).toEqual({ key_id: expect.any(String), api_key: expect.any(String) });

    const client = new Vcase({ baseURL, token: token.access_token, apiKey: key.api_key, maxRetries: 0 });
    const { case_id } = await client.cases.create({
      internal_id: internalId(),
      status: 'abierto',
      use_case: company.use_cases[0]!.use_case_id,
    });
    const assigned = await client.cases.assign(case_id, user.pid!);
    expect(assigned.assignment_history.at(-1)).toMatchObject({ user: 'Luis', pid: user.pid });

    await expect(admin.admin.apiKeys.revoke(key.key_id)).resolves.toBeUndefined();
    await expect(admin.admin.tokens.revoke(token.token_id)).resolves.toBeUndefined();
    await expect(client.cases.get(case_id)).rejects.toMatchObject({ status: 401, message: expect.stringContaining('Token revocado') });
    const second = await admin.admin.tokens.create(user.user_id);
    await admin.admin.tokens.revokeAll(user.user_id);
    await expect(new Vcase({ baseURL, token: second.access_token, maxRetries: 0 }).cases.list()).rejects.toMatchObject({ status: 401 });
  });

  it('a token lifetime over 90 days is refused before it is sent', async () => {
    await expect(admin.admin.tokens.create(tenant.userId, { ttl_seconds: 90 * 86_400 + 1 })).rejects.toMatchObject({
      name: 'RequestValidationError',
      message: expect.stringContaining('90 días'),
    });
  });

  it('webhooks: set, deliveries, delete', async () => {
    const registration = await admin.admin.webhooks.set(tenant.companyId, 'v1-assign-analyst', {
      url: 'http://127.0.0.1:9/hook',
      template: { case: '{{expedientData.vehicle_id}}' },
      api_key: null,
    });
    expect(registration).toMatchObject({
      company_id: tenant.companyId,
      event: 'v1-assign-analyst',
      url: 'http://127.0.0.1:9/hook',
      signing_secret: expect.stringMatching(/^whsec_/),
    });
    const rotated = await admin.admin.webhooks.rotateSecret(tenant.companyId, 'v1-assign-analyst', { overlap_seconds: 0 });
    expect(rotated).toMatchObject({ signing_secret: expect.stringMatching(/^whsec_/), previous_secret_expires_at: null });
    expect(rotated.signing_secret).not.toBe(registration.signing_secret);
    const deliveries = await admin.admin.deliveries.list(tenant.companyId, { event: 'v1-assign-analyst' });
    expect(Array.isArray(deliveries.data)).toBe(true);
    await expect(admin.admin.webhooks.delete(tenant.companyId, 'v1-assign-analyst')).resolves.toBeUndefined();
  });

  it('deliveries: a recorded delivery redelivered is recorded again, naming the first', async () => {
    await admin.admin.webhooks.set(tenant.companyId, 'expediente-created', { url: 'http://127.0.0.1:9/hook' });
    const { case_id } = await vcase.cases.create({ internal_id: internalId(), status: 'processing' });
    await t.server.runner.whenIdle();
    const [original] = (await admin.admin.deliveries.list(tenant.companyId, { case_id })).data;
    expect(original).toMatchObject({ ok: false, webhook_id: expect.stringMatching(/^msg_/) });
    const queued = await admin.admin.deliveries.redeliver(tenant.companyId, original!.delivery_id);
    expect(queued).toMatchObject({ redelivered_from: original!.delivery_id, webhook_id: original!.webhook_id, status: 'queued' });
    await t.server.runner.whenIdle();
    const [again] = (await admin.admin.deliveries.list(tenant.companyId, { case_id })).data;
    expect(again).toMatchObject({ delivery_id: queued.delivery_id, redelivered_from: original!.delivery_id });
    await admin.admin.webhooks.delete(tenant.companyId, 'expediente-created');
  });

  it('sandbox fixtures: set, list, clear', async () => {
    await admin.admin.fixtures.set('rapi', '3VWFE21C04M000001', { result: { coincidencias: 0 } });
    await admin.admin.fixtures.set('tickets', 'ABC1234:MEX', { infractions: [] });
    const listed = await admin.admin.fixtures.list();
    expect(listed.data).toEqual(
      expect.arrayContaining([
        { source: 'rapi', key: '3VWFE21C04M000001', outcome: { result: { coincidencias: 0 } } },
        { source: 'tickets', key: 'ABC1234:MEX', outcome: { infractions: [] } },
      ]),
    );
    await admin.admin.fixtures.clear();
    await expect(admin.admin.fixtures.list()).resolves.toEqual({ data: [] });
  });
});
