import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';

let t: TestServer;
let acme: Tenant;

beforeAll(async () => {
  t = await startTestServer({}, { startWorkers: false });
  acme = await createTenant(t);
});
afterAll(() => t.close());

const create = (internal_id: string) =>
  t.inject({ method: 'POST', url: '/v1/cases', headers: acme.bearer, payload: { internal_id, status: 'nuevo' } });
const list = (internal_id: string) =>
  t.inject({ method: 'GET', url: `/v1/cases?internal_id=${encodeURIComponent(internal_id)}`, headers: acme.bearer });

describe('internal_id has a length limit of 200 characters', () => {
  it('a case is created with 200, refused with 201 (400 VALIDATION_ERROR), and with 1 MiB', async () => {
    expect((await create('A'.repeat(200))).statusCode).toBe(201);
    const long = await create('B'.repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Solicitud inválida: internal_id: internal_id admite como máximo 200 caracteres',
    });
    const huge = await create('C'.repeat(1024 * 1024));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.code).toBe('VALIDATION_ERROR');
    const stored = (await list('B')).json().data;
    expect(stored).toEqual([]);
  });

  it('the list filter takes at most 200 characters too, on REST and on tRPC', async () => {
    expect((await list('A'.repeat(200))).statusCode).toBe(200);
    const long = await list('A'.repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('internal_id admite como máximo 200 caracteres'),
    });
    const viaTrpc = await t.inject({
      method: 'GET',
      url: `/trpc/listCases?input=${encodeURIComponent(JSON.stringify({ internal_id: 'A'.repeat(201) }))}`,
      headers: acme.bearer,
    });
    expect(viaTrpc.statusCode).toBe(400);
    expect(viaTrpc.json().error).toMatchObject({ message: long.json().error.message, data: { contractCode: 'VALIDATION_ERROR' } });
    const created = await t.inject({
      method: 'POST',
      url: '/trpc/createCase',
      headers: { ...acme.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ internal_id: 'D'.repeat(201), status: 'nuevo' }),
    });
    expect(created.statusCode).toBe(400);
  });
});
