import { OPERATION_LIST } from '@vcase/shared';
import type { TrpcRouter } from '@vcase/shared/trpc';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { appRouter, type AppRouter } from '../../src/trpc/appRouter.js';
import type { TrpcContext } from '../../src/trpc/trpc.js';
import { addProcessedDocument } from '../helpers/testServer.js';
import { trpcRequests } from '../helpers/trpcRequests.js';
import { acme, t, useTenantServer } from './tenantServer.js';

useTenantServer();

const { call, query, rest } = trpcRequests(
  () => t,
  () => acme,
);

// Input, transport and body-limit errors of the channel: trpcErrors.test.ts.
describe('tRPC channel on /trpc', () => {
  it('has one procedure per REST operation, named by its operation id', () => {
    const procedures = Object.keys(appRouter._def.procedures).sort();
    expect(procedures).toEqual(
      OPERATION_LIST.filter((op) => op.id !== 'health')
        .map((op) => op.id)
        .sort(),
    );
    // Checked by tsc: the router is exactly the shared type tRPC clients are typed by.
    expectTypeOf<AppRouter>().toEqualTypeOf<TrpcRouter<TrpcContext>>();
  });

  it('one scenario through REST and through tRPC gives the same bodies', async () => {
    const created = await call('createCase', { internal_id: 'TRPC-1', status: 'nuevo', metadata: { numero_siniestro: '9' } });
    expect(created.statusCode).toBe(200);
    const { case_id } = created.json().result.data;
    expect(created.json().result.data).toEqual({ case_id, status: 'completed' });
    await addProcessedDocument(t, acme, case_id, 'factura', { vin: '1M8GDM9AXKP042788', nombre_receptor: 'María López' });
    // Background work (invoice checks) settles first, so both channels read the same state.
    await t.server.runner.whenIdle();

    for (const [procedure, url] of [
      ['getCase', `/v1/cases/${case_id}`],
      ['getCaseVins', `/v1/cases/${case_id}/vins`],
      ['getCaseNames', `/v1/cases/${case_id}/names`],
      ['getCaseMetadata', `/v1/cases/${case_id}/metadata`],
      ['getInvoices', `/v1/cases/${case_id}/invoices`],
      ['getTickets', `/v1/cases/${case_id}/tickets`],
      ['getTaxes', `/v1/cases/${case_id}/taxes`],
    ] as const) {
      const viaTrpc = (await query(procedure, { case_id })).json().result.data;
      const viaRest = (await rest('GET', url)).json();
      expect(viaTrpc, procedure).toEqual(viaRest);
    }
    const listTrpc = (await query('listCases', { internal_id: 'trpc' })).json().result.data;
    expect(listTrpc).toEqual((await rest('GET', '/v1/cases?internal_id=trpc')).json());
    const docs = (await query('listDocuments', { case_id })).json().result.data;
    expect(docs).toEqual((await rest('GET', `/v1/documents?case_id=${case_id}`)).json());

    const assigned = (await call('assignCase', { case_id, user_id: acme.userId })).json().result.data;
    expect(assigned.assignment_history).toHaveLength(1);
    const meta = (await call('appendCaseMetadata', { case_id, tipo_afectado: 'asegurado' })).json().result.data;
    expect(meta.metadata).toEqual({ numero_siniestro: '9', tipo_afectado: 'asegurado' });
    const rapi = (await call('startRapi', { case_id })).json().result.data;
    expect(rapi).toEqual({ job_id: expect.any(String), vin: '1M8GDM9AXKP042788', status: 'pending' });
    const deleted = (await call('deleteCase', { case_id })).json().result.data;
    expect(deleted).toEqual({ case_id, active: false });
  });

  it('answers a plain query as the tRPC adapter answers the same call in a batch, errors included', async () => {
    const case_id = (await call('createCase', { internal_id: 'TRPC-PLAIN', status: 'nuevo' })).json().result.data.case_id;
    await addProcessedDocument(t, acme, case_id, 'certificate_title', { placa: 'NXA1234', entidad: 'MEX', vin: '1M8GDM9AXKP042788' });
    await t.server.runner.whenIdle();
    const batch = (path: string, input: unknown, headers: Record<string, string> = acme.bearer) =>
      t.inject({ method: 'GET', url: `/trpc/${path}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`, headers });
    const unknownCase = '00000000-0000-4000-8000-000000000000';
    const calls: [string, unknown, Record<string, string>?][] = [
      ['getTaxes', { case_id }],
      ['getTickets', { case_id }],
      ['getPlates', { case_id }],
      ['getCase', { case_id }],
      ['listCases', { limit: 2 }],
      ['listCases', undefined],
      ['listDocuments', { case_id }, { 'x-api-key': acme.apiKey }],
      ['getTaxes', { case_id: unknownCase }],
      ['getTaxes', { case_id: 'not-a-uuid' }],
      ['getTaxes', { case_id }, {}],
      ['listCases', { limit: 'many' }],
      // Path and key fields that are not text: the adapter's validation error.
      ['getTaxes', { case_id: 5 }],
      ['getCase', { case_id, idempotency_key: 7 }],
    ];
    for (const [path, input, headers] of calls) {
      const plainUrl = `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;
      const plain = await t.inject({ method: 'GET', url: plainUrl, headers: headers ?? acme.bearer });
      const viaAdapter = await batch(path, input, headers);
      const label = `${path} ${JSON.stringify(input)}`;
      expect(plain.json(), label).toEqual(viaAdapter.json()[0]);
      expect(plain.statusCode, label).toBe(viaAdapter.statusCode);
      expect(plain.headers['content-type'], label).toMatch(/^application\/json\b/);
      expect(plain.headers.vary, label).toBe(viaAdapter.headers.vary);
      // Successful plain queries are answered whole (with a length), not streamed by the adapter.
      if (plain.statusCode === 200) expect(plain.headers['content-length'], label).toBe(String(Buffer.byteLength(plain.body)));
    }
  });

  it('keeps the auth rules and carries the status and contract code in data', async () => {
    const noAuth = await query('listCases', {}, {});
    expect(noAuth.statusCode).toBe(401);
    expect(noAuth.json().error.data.code).toBe('UNAUTHORIZED');
    expect((await query('listCases', {}, { 'x-api-key': acme.apiKey })).statusCode).toBe(401);
    const docsNoAuth = await query('listDocuments', {}, {});
    expect(docsNoAuth.json().error.data.contractCode).toBe('UNAUTHORIZED');

    const invalidStatus = await call('createCase', { internal_id: 'TRPC-2', status: 'aprobado' });
    expect(invalidStatus.statusCode).toBe(422);
    expect(invalidStatus.json().error.data).toMatchObject({ contractCode: 'INVALID_STATUS', httpStatus: 422 });

    const missing = await call('createCase', { internal_id: 'TRPC-3' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.data.contractCode).toBe('VALIDATION_ERROR');

    const upload = await call('uploadDocument', { mime_type: 'application/pdf', base64: 'QUJD' }, { 'x-api-key': acme.apiKey });
    expect(upload.statusCode).toBe(400);
    expect(upload.json().error.data.contractCode).toBe('MISSING_PARAMETER');

    const notFound = await call('assignCase', { case_id: crypto.randomUUID(), user_id: acme.userId });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().error.data.contractCode).toBe('RESOURCE_NOT_FOUND');

    const chainWithParams = await call('generatePlateChain', { case_id: crypto.randomUUID(), force: true });
    expect(chainWithParams.statusCode).toBe(400);

    // Contract §5: on /documents/ine the 401 text mentions an API key, on both channels.
    const ineRest = await t.inject({
      method: 'GET',
      url: `/documents/ine/${crypto.randomUUID()}`,
      headers: { authorization: 'Bearer bad' },
    });
    expect(ineRest.statusCode).toBe(401);
    for (const [res, label] of [
      [await call('submitIne', { front: 'x' }, {}), 'no credentials'],
      [await query('getIne', { job_id: crypto.randomUUID() }, { authorization: 'Bearer bad' }), 'bad token'],
    ] as const) {
      expect(res.statusCode, label).toBe(401);
      expect(res.json().error.message, label).toBe(ineRest.json().error.message);
      expect(res.json().error.message, label).toMatch(/API key/);
    }
  });

  it('admin procedures need the admin token', async () => {
    expect((await call('createCompany', { name: 'X' })).statusCode).toBe(401);
    const ok = await call('createCompany', { name: 'Vía tRPC' }, { authorization: 'Bearer test-admin-token' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.data).toMatchObject({ name: 'Vía tRPC', status_catalog: ['processing', 'nuevo'] });
  });
});
