import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';

let t: TestServer;
let acme: Tenant;

beforeAll(async () => {
  t = await startTestServer();
  acme = await createTenant(t);
});
afterAll(() => t.close());

const call = (path: string, input: unknown, headers: Record<string, string> = acme.bearer) =>
  t.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
const query = (path: string, input: unknown, headers: Record<string, string> = acme.bearer) =>
  t.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, headers });

describe('tRPC channel on /trpc', () => {
  it('runs the case operations over the same services as REST, with identical bodies', async () => {
    const created = await call('cases.create', { internal_id: 'TRPC-1', status: 'nuevo', metadata: { numero_siniestro: '9' } });
    expect(created.statusCode).toBe(200);
    const { case_id } = created.json().result.data;
    expect(created.json().result.data).toEqual({ case_id, status: 'completed' });

    const viaTrpc = (await query('cases.get', { case_id })).json().result.data;
    const viaRest = (await t.inject({ method: 'GET', url: `/v1/cases/${case_id}`, headers: acme.bearer })).json();
    expect(viaTrpc).toEqual(viaRest);

    const listTrpc = (await query('cases.list', { internal_id: 'trpc' })).json().result.data;
    const listRest = (await t.inject({ method: 'GET', url: '/v1/cases?internal_id=trpc', headers: acme.bearer })).json();
    expect(listTrpc).toEqual(listRest);

    const assigned = (await call('cases.assign', { case_id, user_id: acme.userId })).json().result.data;
    expect(assigned.assignment_history).toHaveLength(1);
    const meta = (await call('cases.appendMetadata', { case_id, data: { tipo_afectado: 'asegurado' } })).json().result.data;
    expect(meta.metadata).toEqual({ numero_siniestro: '9', tipo_afectado: 'asegurado' });
    const deleted = (await call('cases.delete', { case_id })).json().result.data;
    expect(deleted).toEqual({ case_id, active: false });
  });

  it('keeps the auth rules and carries the contract code in data', async () => {
    const noAuth = await query('cases.list', {}, {});
    expect(noAuth.statusCode).toBe(401);
    expect(noAuth.json().error.data.code).toBe('UNAUTHORIZED');
    const apiKey = await query('cases.list', {}, { 'x-api-key': acme.apiKey });
    expect(apiKey.statusCode).toBe(401);

    const invalidStatus = await call('cases.create', { internal_id: 'TRPC-2', status: 'aprobado' });
    expect(invalidStatus.statusCode).toBe(422);
    expect(invalidStatus.json().error.data.contractCode).toBe('INVALID_STATUS');

    const missing = await call('cases.create', { internal_id: 'TRPC-3' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.data.contractCode).toBe('VALIDATION_ERROR');

    const notFound = await call('cases.assign', { case_id: crypto.randomUUID(), user_id: acme.userId });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().error.data.contractCode).toBe('RESOURCE_NOT_FOUND');
  });

  it('admin procedures need the admin token', async () => {
    expect((await call('admin.createCompany', { name: 'X' })).statusCode).toBe(401);
    const ok = await call('admin.createCompany', { name: 'Vía tRPC' }, { authorization: 'Bearer test-admin-token' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.data).toMatchObject({ name: 'Vía tRPC', status_catalog: ['processing', 'nuevo'] });
  });
});
