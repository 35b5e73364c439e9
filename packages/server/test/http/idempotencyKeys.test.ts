import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProcessedDocument, createCase, createTenant, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';
import { PLATE_PORTAL_JOB } from '../../src/jobs/kinds.js';

// Operations that add a record or start work each time they run honour Idempotency-Key like
// the creates: a retry with the same key and body answers the first answer and runs nothing.
let t: TestServer;
let acme: Tenant;
let other: Tenant;
beforeAll(async () => {
  t = await startTestServer();
  acme = await createTenant(t);
  other = await createTenant(t, { name: 'Other' });
});
afterAll(() => t.close());

const send = (method: 'POST', url: string, key: string | null, payload?: unknown, tenant = acme) =>
  t.inject({ method, url, payload: payload as never, headers: { ...tenant.bearer, ...(key ? { 'idempotency-key': key } : {}) } });

describe('Idempotency-Key on operations that add a record or start work', () => {
  it('a metadata entry sent twice with one key is appended once; the retry replays the answer', async () => {
    const caseId = await createCase(t, acme);
    const first = await send('POST', `/v1/cases/${caseId}/metadata`, 'meta-1', { nota: 'b' });
    const retry = await send('POST', `/v1/cases/${caseId}/metadata`, 'meta-1', { nota: 'b' });
    expect(first.statusCode).toBe(200);
    expect([retry.statusCode, retry.json(), retry.headers['idempotent-replayed']]).toEqual([200, first.json(), 'true']);
    const again = await send('POST', `/v1/cases/${caseId}/metadata`, null, { nota: 'c' });
    expect(again.statusCode).toBe(200);
    const history = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/metadata`, headers: acme.bearer })).json();
    expect(JSON.stringify(history).match(/"nota":"b"/g)).toHaveLength(1);
    // The same key with another body is refused; on another case it is another request.
    expect((await send('POST', `/v1/cases/${caseId}/metadata`, 'meta-1', { nota: 'x' })).statusCode).toBe(400);
    const otherCase = await createCase(t, acme);
    expect((await send('POST', `/v1/cases/${otherCase}/metadata`, 'meta-1', { nota: 'b' })).headers['idempotent-replayed']).toBeUndefined();
  });

  it('a lookup started twice with one key starts one job; without a key each call starts its own', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'factura', { vin: '3N1CN8AE5RK812345' });
    const first = await send('POST', `/v1/cases/${caseId}/rapi`, 'rapi-1');
    const retry = await send('POST', `/v1/cases/${caseId}/rapi`, 'rapi-1');
    expect([first.statusCode, retry.statusCode]).toEqual([202, 202]);
    expect(retry.json().job_id).toBe(first.json().job_id);
    const unkeyed = await send('POST', `/v1/cases/${caseId}/rapi`, null);
    expect(unkeyed.json().job_id).not.toBe(first.json().job_id);
  });

  it('a reclassify sent twice with one key queues one reprocessing; the retry replays its job', async () => {
    const caseId = await createCase(t, acme);
    const doc = await addProcessedDocument(t, acme, caseId, 'factura', { vin: '3N1CN8AE5RK812345' });
    const url = `/v1/documents/${doc}/reclassify`;
    const first = await send('POST', url, 'reclass-1', { type: 'curp' });
    const retry = await send('POST', url, 'reclass-1', { type: 'curp' });
    expect([first.statusCode, retry.statusCode, retry.headers['idempotent-replayed']]).toEqual([202, 202, 'true']);
    expect(retry.json().job_id).toBe(first.json().job_id);
    const unkeyed = await send('POST', url, null, { type: 'curp' });
    expect(unkeyed.json().job_id).not.toBe(first.json().job_id);
  });

  it('plates recomputed twice with one key start the previous-plate lookups once', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'certificate_title', { placa: 'IDP1234', entidad: 'MEX', vin: '3N1CN8AE5RK812345' });
    const portalJobs = () =>
      t.server.ctx.db.selectFrom('jobs').select('id').where('case_id', '=', caseId).where('kind', '=', PLATE_PORTAL_JOB).execute();
    const before = (await portalJobs()).length;
    const first = await send('POST', `/v1/cases/${caseId}/plates`, 'plates-1');
    const retry = await send('POST', `/v1/cases/${caseId}/plates`, 'plates-1');
    expect([first.statusCode, retry.statusCode, retry.headers['idempotent-replayed']]).toEqual([200, 200, 'true']);
    expect(retry.json()).toEqual(first.json());
    expect((await portalJobs()).length - before).toBe(1);
  });

  it('the tRPC channel takes the key as idempotency_key and shares the REST answers', async () => {
    const caseId = await createCase(t, acme);
    const call = () =>
      t.inject({
        method: 'POST',
        url: '/trpc/appendCaseMetadata',
        headers: acme.bearer,
        payload: { case_id: caseId, idempotency_key: 'trpc-1', nota: 'una' },
      });
    const [first, retry] = [await call(), await call()];
    expect([first.statusCode, retry.statusCode]).toEqual([200, 200]);
    expect(retry.json().result.data).toEqual(first.json().result.data);
    // The same key and body over REST is the same request.
    const rest = await send('POST', `/v1/cases/${caseId}/metadata`, 'trpc-1', { nota: 'una' });
    expect([rest.json(), rest.headers['idempotent-replayed']]).toEqual([first.json().result.data, 'true']);
    const { history } = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/metadata`, headers: acme.bearer })).json();
    expect(history).toHaveLength(1);
  });

  it('keys are per company: the same key of another company runs its own request', async () => {
    const mine = await createCase(t, acme);
    const theirs = await createCase(t, other);
    const a = await send('POST', `/v1/cases/${mine}/process`, 'proc-1');
    const b = await send('POST', `/v1/cases/${theirs}/process`, 'proc-1', undefined, other);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(b.json().job_id).not.toBe(a.json().job_id);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    const retry = await send('POST', `/v1/cases/${mine}/process`, 'proc-1');
    expect(retry.json().job_id).toBe(a.json().job_id);
  });

  it('a failed attempt is not kept: the retry runs', async () => {
    const caseId = await createCase(t, acme);
    expect((await send('POST', `/v1/cases/${caseId}/rapi`, 'rapi-novin')).statusCode).toBe(400);
    await addProcessedDocument(t, acme, caseId, 'factura', { vin: '3N1CN8AE5RK812345' });
    expect((await send('POST', `/v1/cases/${caseId}/rapi`, 'rapi-novin')).statusCode).toBe(202);
  });

  it('the creates that answer a secret are not keyed: no token or API key is kept in the answers the server stores', async () => {
    const url = `/admin/companies/${acme.companyId}/api-keys`;
    const headers = { authorization: 'Bearer test-admin-token', 'idempotency-key': 'key-1' };
    const a = await t.inject({ method: 'POST', url, payload: { name: 'ci' }, headers });
    const b = await t.inject({ method: 'POST', url, payload: { name: 'ci' }, headers });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().api_key).not.toBe(a.json().api_key);
    const kept = await t.server.ctx.db.selectFrom('idempotency_keys').select('response_body').execute();
    expect(kept.some((r) => r.response_body.includes(a.json().api_key))).toBe(false);
  });
});
