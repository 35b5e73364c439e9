import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCase, createTenant, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';

// One validation path for both channels: what REST refuses, tRPC refuses with the same status,
// contract code and message, never a 500.
let t: TestServer;
let acme: Tenant;
const logged: { level: number; msg: string }[] = [];

beforeAll(async () => {
  const { default: pino } = await import('pino');
  const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  t = await startTestServer({}, { logger: logger as never, startWorkers: false });
  acme = await createTenant(t);
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };
const trpcPost = (path: string, body: string | undefined, headers: Record<string, string> = acme.bearer) =>
  t.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...headers, ...json }, ...(body === undefined ? {} : { payload: body }) });
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const errorsOf = (res: { json(): unknown }) =>
  [res.json()].flat().map((r) => (r as { error: { message: string; data: Record<string, unknown> } }).error);

describe('nesting over 64 levels', () => {
  it.each([65, 5_000, 100_000])('depth %i: 400 VALIDATION_ERROR on both channels, nothing stored', async (depth) => {
    const caseId = await createCase(t, acme);
    const rest = await t.inject({
      method: 'POST',
      url: `/v1/cases/${caseId}/metadata`,
      headers: { ...acme.bearer, ...json },
      payload: `{"a":${nested(depth)}}`,
    });
    expect(rest.statusCode).toBe(400);
    const viaTrpc = await trpcPost('appendCaseMetadata', `{"case_id":"${caseId}","body":{"a":${nested(depth)}}}`);
    expect(viaTrpc.statusCode).toBe(400);
    expect(viaTrpc.json().error).toMatchObject({
      message: rest.json().error.message,
      data: { contractCode: 'VALIDATION_ERROR', httpStatus: 400 },
    });
    const query = await t.inject({
      method: 'GET',
      url: `/trpc/listCases?input=${encodeURIComponent(`{"x":${nested(Math.min(depth, 2_000))}}`)}`,
      headers: acme.bearer,
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().error.data).toMatchObject({ contractCode: 'VALIDATION_ERROR', httpStatus: 400 });
    const history = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/metadata`, headers: acme.bearer })).json().history;
    expect(history).toEqual([]);
  });
});

describe('a required body', () => {
  it('appendCaseMetadata without a body, or with null, is refused as REST refuses it', async () => {
    const caseId = await createCase(t, acme);
    const rest = await t.inject({ method: 'POST', url: `/v1/cases/${caseId}/metadata`, headers: acme.bearer });
    expect(rest.statusCode).toBe(400);
    for (const input of [
      `{"case_id":"${caseId}"}`,
      `{"case_id":"${caseId}","body":null}`,
      `{"case_id":"${caseId}","idempotency_key":"k-1"}`,
    ]) {
      const res = await trpcPost('appendCaseMetadata', input);
      expect(res.statusCode, input).toBe(400);
      expect(res.json().error, input).toMatchObject({ message: rest.json().error.message, data: { contractCode: rest.json().error.code } });
    }
    const history = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/metadata`, headers: acme.bearer })).json().history;
    expect(history).toEqual([]);
    // An empty object is a body, on both channels.
    expect((await trpcPost('appendCaseMetadata', `{"case_id":"${caseId}","body":{}}`)).statusCode).toBe(200);
  });

  it('putSandboxFixture without an outcome does not overwrite the fixture', async () => {
    const admin = { authorization: 'Bearer test-admin-token' };
    const put = await t.admin('PUT', '/admin/sandbox/fixtures/repuve/3N1CN8AE5RK812345', { info: { vin: '3N1CN8AE5RK812345' } });
    expect(put.statusCode).toBe(200);
    const rest = await t.inject({ method: 'PUT', url: '/admin/sandbox/fixtures/repuve/3N1CN8AE5RK812345', headers: admin });
    expect(rest.statusCode).toBe(400);
    const res = await trpcPost('putSandboxFixture', '{"source":"repuve","key":"3N1CN8AE5RK812345"}', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message: rest.json().error.message, data: { contractCode: 'VALIDATION_ERROR' } });
    const fixtures = (await t.admin('GET', '/admin/sandbox/fixtures')).json().data;
    expect(fixtures).toEqual([{ source: 'repuve', key: '3N1CN8AE5RK812345', outcome: { info: { vin: '3N1CN8AE5RK812345' } } }]);
  });
});

describe('transport', () => {
  it('TRACE and other methods tRPC does not read get a clean 405, and nothing is logged as an error', async () => {
    logged.length = 0;
    for (const method of ['TRACE', 'PUT', 'DELETE'] as const) {
      const res = await t.inject({ method, url: '/trpc/anything', headers: acme.bearer });
      expect(res.statusCode, method).toBe(405);
      expect(res.json().error, method).toMatchObject({
        message: expect.stringMatching(/^Método HTTP no soportado/),
        data: { httpStatus: 405 },
      });
    }
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('a batch takes at most 10 calls; the 11th is refused before any of them runs', async () => {
    const caseId = await createCase(t, acme);
    const call = (n: number) =>
      trpcPost(
        `${Array(n).fill('appendCaseMetadata').join(',')}?batch=1`,
        JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, { case_id: caseId, body: { n: i } }]))),
      );
    const ten = await call(10);
    expect(ten.statusCode).toBe(200);
    const eleven = await call(11);
    expect(eleven.statusCode).toBe(400);
    expect(errorsOf(eleven)[0]).toMatchObject({
      message: 'Un lote tRPC admite como máximo 10 llamadas; este tiene 11',
      data: { contractCode: 'VALIDATION_ERROR' },
    });
    const history = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/metadata`, headers: acme.bearer })).json().history;
    expect(history).toHaveLength(10);
  });

  it('a body sent as text/plain gets one message on both channels', async () => {
    const caseId = await createCase(t, acme);
    const rest = await t.inject({
      method: 'POST',
      url: `/v1/cases/${caseId}/metadata`,
      headers: { ...acme.bearer, 'content-type': 'text/plain' },
      payload: '{"a":1}',
    });
    const viaTrpc = await t.inject({
      method: 'POST',
      url: '/trpc/appendCaseMetadata',
      headers: { ...acme.bearer, 'content-type': 'text/plain' },
      payload: `{"case_id":"${caseId}","body":{"a":1}}`,
    });
    expect(rest.statusCode).toBe(400);
    expect(rest.json().error).toEqual({ code: 'VALIDATION_ERROR', message: 'Content-Type no soportado; use application/json' });
    expect(viaTrpc.statusCode).toBe(400);
    expect(viaTrpc.json().error).toMatchObject({
      message: rest.json().error.message,
      data: { contractCode: 'VALIDATION_ERROR', httpStatus: 400 },
    });
  });
});
