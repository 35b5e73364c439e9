import { describe, expect, it } from 'vitest';
import { trpcRequests } from '../helpers/trpcRequests.js';
import { acme, t, useTenantServer } from './tenantServer.js';

useTenantServer();

const { call, query, rest } = trpcRequests(
  () => t,
  () => acme,
);

describe('tRPC channel on /trpc: errors', () => {
  it('answers input that is not JSON, not an object or of the wrong type with the REST message and code', async () => {
    const raw = (path: string, payload: string) =>
      t.inject({
        method: 'POST',
        url: `/trpc/${path}`,
        headers: { 'x-api-key': acme.apiKey, 'content-type': 'application/json' },
        payload,
      });
    const restUpload = (payload: string) =>
      t.inject({
        method: 'POST',
        url: '/v1/documents',
        headers: { 'x-api-key': acme.apiKey, 'content-type': 'application/json' },
        payload,
      });

    for (const body of ['{"case_id":', '[1]', '{"case_id":5,"mime_type":"image/png","base64":"QUJD"}']) {
      const viaTrpc = await raw('uploadDocument', body);
      const viaRest = (await restUpload(body)).json().error;
      expect(viaTrpc.statusCode, body).toBe(400);
      expect(viaTrpc.json().error.message, body).toBe(viaRest.message);
      expect(viaTrpc.json().error.data, body).toMatchObject({ contractCode: viaRest.code, httpStatus: 400 });
    }
    const badQuery = await t.inject({
      method: 'GET',
      url: `/trpc/listDocuments?input=${encodeURIComponent('{bad')}`,
      headers: acme.bearer,
    });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().error).toMatchObject({
      message: 'El cuerpo de la solicitud no es JSON válido',
      data: { contractCode: 'VALIDATION_ERROR' },
    });
  });

  it('speaks Spanish for its own transport errors: unknown procedure, wrong method, body not JSON', async () => {
    const unknown = await t.inject({ method: 'GET', url: '/trpc/noSuchProcedure', headers: acme.bearer });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ message: 'Procedimiento tRPC no encontrado', data: { contractCode: null } });
    const getMutation = await t.inject({ method: 'GET', url: '/trpc/createCase', headers: acme.bearer });
    expect(getMutation.statusCode).toBe(405);
    expect(getMutation.json().error.message).toMatch(/^Método HTTP no soportado/);
    const plain = await t.inject({
      method: 'POST',
      url: '/trpc/createCase',
      headers: { ...acme.bearer, 'content-type': 'text/plain' },
      payload: 'hola',
    });
    // As REST answers it (contract §7 lists no 415): 400 VALIDATION_ERROR.
    expect(plain.statusCode).toBe(400);
    expect(plain.json().error).toMatchObject({
      message: 'Content-Type no soportado; use application/json',
      data: { contractCode: 'VALIDATION_ERROR', httpStatus: 400 },
    });
  });

  it('path parameters and idempotency_key of another type than text are a 400 VALIDATION_ERROR, never text made of them', async () => {
    const own = (await call('createCase', { internal_id: 'TRPC-TYPES', status: 'nuevo' })).json().result.data.case_id;
    for (const [path, input] of [
      ['getCase', { case_id: [own] }],
      ['getCase', { case_id: 123 }],
      ['createCase', { internal_id: 'TRPC-IDEM', status: 'nuevo', idempotency_key: 5 }],
      ['createCase', { internal_id: 'TRPC-IDEM', status: 'nuevo', idempotency_key: { a: 1 } }],
      ['appendCaseMetadata', { case_id: own, idempotency_key: true, body: { nota: 'a' } }],
    ] as const) {
      const res = path === 'getCase' ? await query(path, input) : await call(path, input);
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      const field = 'case_id' in input && typeof input.case_id !== 'string' ? 'case_id' : 'idempotency_key';
      expect(res.json().error.message, JSON.stringify(input)).toMatch(new RegExp(`^Solicitud inválida: ${field}: `));
      expect(res.json().error.data, JSON.stringify(input)).toMatchObject({ contractCode: 'VALIDATION_ERROR', httpStatus: 400 });
    }
    const cases = (await rest('GET', '/v1/cases?limit=100')).json().data.map((c: { internal_id: string }) => c.internal_id);
    expect(cases.filter((id: string) => id === 'TRPC-IDEM')).toEqual([]);
  });

  it('refuses bodies of a type no parser takes, and malformed batches, in its error shape and in Spanish', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'application/octet-stream', 'multipart/form-data; boundary=x']) {
      const res = await t.inject({
        method: 'POST',
        url: '/trpc/createCase',
        headers: { ...acme.bearer, 'content-type': type },
        payload: 'internal_id=X',
      });
      expect(res.statusCode, type).toBe(400);
      expect(res.json().error, type).toMatchObject({
        message: 'Content-Type no soportado; use application/json',
        code: expect.any(Number),
        data: { httpStatus: 400, contractCode: 'VALIDATION_ERROR' },
      });
    }
    const mixed = await t.inject({
      method: 'GET',
      url: `/trpc/getCaseVins,createCase?batch=1&input=${encodeURIComponent('{"0":{},"1":{}}')}`,
      headers: acme.bearer,
    });
    const arrayInput = await t.inject({
      method: 'POST',
      url: '/trpc/createCase,createCase?batch=1',
      headers: { ...acme.bearer, 'content-type': 'application/json' },
      payload: '[{"internal_id":"A"},{"internal_id":"B"}]',
    });
    const unbatchedStream = await t.inject({
      method: 'GET',
      url: '/trpc/listCases',
      headers: { ...acme.bearer, 'trpc-accept': 'application/jsonl' },
    });
    for (const [res, start] of [
      [mixed, 'Un lote no puede mezclar'],
      [arrayInput, 'En un lote (?batch=1) la entrada es un objeto'],
      [unbatchedStream, 'Las respuestas en flujo'],
    ] as const) {
      expect(res.statusCode, start).toBe(400);
      const errors = [res.json()].flat().map((r: { error: { message: string; data: { contractCode: string } } }) => r.error);
      for (const e of errors)
        expect(e, start).toMatchObject({ message: expect.stringContaining(start), data: { contractCode: 'VALIDATION_ERROR' } });
    }
  });

  it('a body over the limit answers in the tRPC error shape with the status and code REST gives it', async () => {
    const huge = JSON.stringify({ case_id: crypto.randomUUID(), mime_type: 'application/pdf', base64: 'A'.repeat(31 * 1024 * 1024) });
    const viaTrpc = await t.inject({
      method: 'POST',
      url: '/trpc/uploadDocument',
      headers: { 'x-api-key': acme.apiKey, 'content-type': 'application/json' },
      payload: huge,
    });
    expect(viaTrpc.statusCode).toBe(400);
    expect(viaTrpc.json()).toEqual({
      error: {
        message: 'El cuerpo de la solicitud excede el tamaño máximo (archivo de 20 MB como máximo)',
        code: -32013, // tRPC's PAYLOAD_TOO_LARGE
        data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 400, path: 'uploadDocument', contractCode: 'VALIDATION_ERROR' },
      },
    });
    const viaRest = await t.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: { 'x-api-key': acme.apiKey, 'content-type': 'application/json' },
      payload: huge,
    });
    expect(viaRest.json().error).toEqual({ code: 'VALIDATION_ERROR', message: viaTrpc.json().error.message });
  });
});
