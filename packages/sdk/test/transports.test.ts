import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  InternalServerError,
  NotFoundError,
  UnexpectedResponseError,
  UnprocessableEntityError,
  Vcase,
  type VcaseOptions,
} from '../src/index.js';
import { createNodeFetch, nodeTransport } from '../src/node/index.js';
import { startLocalServer, type LocalServer } from './helpers/localServer.js';
import { madeBy } from './helpers/madeBy.js';
import { IDS, recordingSleep } from './helpers/mockFetch.js';

/**
 * The client over a real socket, once per transport: the default (Node's global `fetch`), the
 * opt-in `nodeTransport()`, and its fetch alone with the global AbortController. Each row below
 * must hold for all three.
 */
let local: LocalServer;
beforeAll(async () => {
  local = await startLocalServer();
});
afterAll(() => local.close());

const TRANSPORTS: [string, () => VcaseOptions][] = [
  ['the global fetch (default)', () => ({})],
  ['nodeTransport() (opt-in)', () => ({ transport: nodeTransport() })],
  ['createNodeFetch alone', () => ({ fetch: createNodeFetch() })],
];

describe.each(TRANSPORTS)('over %s', (_name, transport) => {
  const client = (options: VcaseOptions = {}) =>
    new Vcase({
      baseURL: local.baseURL,
      apiKey: 'company-key',
      token: 'user-token',
      adminToken: 'adm',
      maxRetries: 0,
      ...transport(),
      ...options,
    });

  it('sends the upload as JSON with the client headers and reads the JSON answer', async () => {
    const mark = local.mark();
    const file = Buffer.from('%PDF-1.4');
    const res = await client().documents.upload({ case_id: IDS.case, file, filename: 'a.pdf' }, { idempotencyKey: 'row-1', ...mark });
    expect(res).toEqual({ document_id: IDS.doc, url: 'http://files/x' });
    const [seen] = mark.seen();
    expect(seen).toMatchObject({ method: 'POST', url: '/v1/documents' });
    expect(JSON.parse(seen!.body)).toEqual({ case_id: IDS.case, base64: file.toString('base64'), mime_type: 'application/pdf' });
    expect(seen!.headers).toMatchObject({
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(seen!.body)),
      accept: 'application/json',
      'x-api-key': 'company-key',
      'idempotency-key': 'row-1',
      'user-agent': expect.stringMatching(/^vcase-sdk\//),
    });
  });

  it('sends a JSON body and the query string, and reads a 204 as no body', async () => {
    const [list, metadata] = [local.mark(), local.mark()];
    await expect(client().cases.list({ limit: 1, internal_id: 'EXP 1/ñ', vin: undefined }, list)).resolves.toMatchObject({ data: [] });
    const [listed] = list.seen();
    expect(new URL(listed!.url, local.baseURL).searchParams.get('internal_id')).toBe('EXP 1/ñ');
    expect(listed!.url).not.toContain('vin');
    await expect(client().admin.fixtures.clear()).resolves.toBeUndefined();
    await client()
      .cases.appendMetadata(IDS.case, { a: 1 }, metadata)
      .catch(() => undefined);
    expect(metadata.seen()).toMatchObject([{ method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } }]);
  });

  it('retries a 503 after the Retry-After it names, under one Idempotency-Key, and returns the success', async () => {
    const mark = local.mark();
    const { sleep, delays } = recordingSleep();
    const vcase = client({ maxRetries: 2, sleep });
    const upload = { case_id: IDS.case, file: Buffer.from('%PDF'), filename: 'a.pdf' };
    const res = await vcase.documents.upload(upload, { headers: { 'x-fail-times': '2', ...mark.headers } });
    expect(res.document_id).toBe(IDS.doc);
    expect(mark.seen()).toHaveLength(3);
    expect(new Set(mark.seen().map((s) => s.headers['idempotency-key'])).size).toBe(1);
    expect(delays).toEqual([10, 10]);
  });

  it('gives up after maxRetries with the typed error of the last answer', async () => {
    const { sleep, delays } = recordingSleep();
    const headers = { 'x-fail-times': '5', 'idempotency-key': `k-${Math.random()}` };
    const error = await client({ maxRetries: 1, sleep })
      .health({ headers })
      .catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(InternalServerError));
    expect(error).toMatchObject({ status: 503, message: 'Servicio no disponible', requestId: expect.stringMatching(/^req-/) });
    expect(delays).toHaveLength(1);
  });

  it('error answers become typed errors with code, message, details and headers', async () => {
    const missing = await client()
      .documents.get(IDS.doc)
      .catch((e: unknown) => e);
    expect(missing).toSatisfy(madeBy(NotFoundError));
    expect(missing).toMatchObject({ status: 404, code: null, message: 'Recurso no encontrado', requestId: expect.stringMatching(/^req-/) });
    const invalid = await client()
      .cases.process(IDS.case)
      .catch((e: unknown) => e);
    expect(invalid).toSatisfy(madeBy(UnprocessableEntityError));
    expect(invalid).toMatchObject({ status: 422, code: 'INVALID_STATUS', details: { status: 'x' } });
    expect((invalid as UnprocessableEntityError).headers?.get('content-type')).toBe('application/json');
  });

  it('a non-JSON error body reaches the message; a web page where JSON was due is an UnexpectedResponseError', async () => {
    const proxy = await client()
      .health({ headers: { 'x-test': 'proxy-error' } })
      .catch((e: unknown) => e);
    expect(proxy).toSatisfy(madeBy(InternalServerError));
    expect((proxy as Error).message).toBe('HTTP 502: <html>Bad Gateway</html>');
    const page = await client()
      .health({ headers: { 'x-test': 'web-page' } })
      .catch((e: unknown) => e);
    expect(page).toSatisfy(madeBy(UnexpectedResponseError));
    expect((page as Error).message).toMatch(/^unexpected answer to GET http:\/\/127\.0\.0\.1:\d+\/health: HTTP 200 text\/html/);
  });

  it('a refused connection is an APIConnectionError naming the cause, retried', async () => {
    const { sleep, delays } = recordingSleep();
    const vcase = new Vcase({ baseURL: await local.closedURL(), maxRetries: 2, sleep, ...transport() });
    const error = await vcase.health().catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(APIConnectionError));
    expect((error as Error).message).toBe('Connection error: ECONNREFUSED');
    expect(delays).toHaveLength(2);
  });

  it('a body cut short is a connection error, not a truncated answer', async () => {
    const error = await client()
      .health({ headers: { 'x-test': 'cut' } })
      .catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(APIConnectionError));
    expect((error as Error).message).toMatch(/^Connection error: /);
  });

  it('the per-attempt timeout and the caller signal abort the request', async () => {
    const slow = { 'x-test': 'slow' };
    const timedOut = await client()
      .health({ headers: slow, timeoutMs: 50 })
      .catch((e: unknown) => e);
    expect(timedOut).toSatisfy(madeBy(APIConnectionTimeoutError));
    expect(timedOut).toMatchObject({ message: 'Request timed out after 50 ms' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    await expect(client().health({ headers: slow, signal: controller.signal })).rejects.toSatisfy(madeBy(APIUserAbortError));
  });

  it('a signal aborted before the call sends nothing', async () => {
    const mark = local.mark();
    const controller = new AbortController();
    controller.abort();
    await expect(client().health({ signal: controller.signal, ...mark })).rejects.toSatisfy(madeBy(APIUserAbortError));
    await client().health(mark); // a call after it, so that one sent by the aborted call would be seen too
    expect(mark.seen()).toHaveLength(1);
  });
});
