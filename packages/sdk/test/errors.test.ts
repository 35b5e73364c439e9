import { describe, expect, it } from 'vitest';
import {
  APIError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnexpectedResponseError,
  UnprocessableEntityError,
  VcaseError,
} from '../src/index.js';
import { madeBy } from './helpers/madeBy.js';
import { errorBody, IDS, json, testClient } from './helpers/mockFetch.js';

describe('error classes by status', () => {
  it.each([
    [400, BadRequestError, 'VALIDATION_ERROR'],
    [401, AuthenticationError, 'UNAUTHORIZED'],
    [403, PermissionDeniedError, 'FORBIDDEN'],
    [404, NotFoundError, 'RESOURCE_NOT_FOUND'],
    [409, ConflictError, null],
    [422, UnprocessableEntityError, 'INVALID_STATUS'],
    [429, RateLimitError, null],
    [500, InternalServerError, null],
    [503, InternalServerError, null],
  ])('%i → %o with the contract code, message, details and request id', async (status, Class, code) => {
    const { vcase } = testClient(() => errorBody(status, code, 'mensaje del servidor', { 'x-request-id': 'req-42' }, { field: 'x' }), {
      maxRetries: 0,
    });
    const error = await vcase.cases.get(IDS.case).catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(Class));
    expect(error).toSatisfy(madeBy(APIError));
    expect(error).toSatisfy(madeBy(VcaseError));
    expect(error).toMatchObject({ status, code, message: 'mensaje del servidor', details: { field: 'x' }, requestId: 'req-42' });
    expect((error as Error).name).toBe(Class.name);
  });

  it('other 4xx are plain APIError', async () => {
    const { vcase } = testClient(() => errorBody(415, 'VALIDATION_ERROR', 'Content-Type no soportado'));
    const error = await vcase.cases.get(IDS.case).catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(APIError));
    expect(error).not.toSatisfy(madeBy(BadRequestError));
    expect(error).toMatchObject({ status: 415, code: 'VALIDATION_ERROR' });
  });

  it('a body that is not the error envelope still gives status and a message', async () => {
    const { vcase } = testClient(() => new Response('Bad Gateway from proxy', { status: 502, headers: { 'content-type': 'text/plain' } }), {
      maxRetries: 0,
    });
    const error = await vcase.cases.get(IDS.case).catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(InternalServerError));
    expect(error).toMatchObject({ status: 502, code: null, message: 'HTTP 502: Bad Gateway from proxy', requestId: undefined });
  });

  it('a 2xx body is returned as is, unknown fields included (lenient parsing)', async () => {
    const body = { case_id: IDS.case, internal_id: 'X', review_status: null, created_at: 'now', files: [], new_field: 1 };
    const { vcase } = testClient(() => json(200, body));
    await expect(vcase.cases.get(IDS.case)).resolves.toEqual(body);
  });
});

describe('a success answer that is not the JSON of a vcase server', () => {
  it('is an UnexpectedResponseError naming the address and what came back, not an undefined body', async () => {
    const { vcase, calls } = testClient(() => new Response('<html>hola</html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    const error = await vcase.cases.list().catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(UnexpectedResponseError));
    expect(error).toMatchObject({
      status: 200,
      message: expect.stringMatching(
        /^unexpected answer to GET http.*\/v1\/cases: HTTP 200 text\/html, not the JSON body of a vcase server/,
      ),
    });
    expect(calls).toHaveLength(1); // not retried: the same answer would come again
    // An operation without a body (204) still succeeds.
    const empty = testClient(() => new Response(null, { status: 204 }), { adminToken: 'adm' });
    await expect(empty.vcase.admin.fixtures.clear()).resolves.toBeFalsy();
  });
});
