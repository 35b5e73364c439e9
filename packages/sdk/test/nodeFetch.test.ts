import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFetch } from '../src/core/nodeFetch.js';
import { APIConnectionError, APIConnectionTimeoutError, APIUserAbortError, InternalServerError, NotFoundError, Vcase } from '../src/index.js';
import { madeBy } from './helpers/madeBy.js';
import { IDS } from './helpers/mockFetch.js';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  socket: number;
}

/** A real HTTP server on a random port: every client call below goes over a socket. */
let server: http.Server;
let baseURL: string;
const seen: Seen[] = [];
const sockets = new Map<unknown, number>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      if (!sockets.has(req.socket)) sockets.set(req.socket, sockets.size + 1);
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body, socket: sockets.get(req.socket)! });
      const send = (status: number, text: string, headers: Record<string, string> = { 'content-type': 'application/json' }) => {
        res.writeHead(status, { 'x-request-id': `req-${seen.length}`, ...headers });
        res.end(text);
      };
      // `x-test` picks a misbehaviour for any path.
      const test = req.headers['x-test'];
      if (test === 'proxy-error') return send(502, '<html>Bad Gateway</html>', { 'content-type': 'text/html' });
      if (test === 'slow') return setTimeout(() => send(200, '{}'), 500);
      if (test === 'cut') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"partial":');
        return setTimeout(() => res.socket?.destroy(), 10);
      }
      if (req.url === '/v1/documents') return send(201, JSON.stringify({ document_id: IDS.doc, url: 'http://files/x' }));
      if (req.url === '/health') return send(200, JSON.stringify({ status: 'ok' }));
      if (req.url === '/moved') return send(307, '', { location: '/health' });
      send(404, JSON.stringify({ error: { code: null, message: 'Recurso no encontrado' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const fetchOf = (fallback?: typeof fetch) => createNodeFetch(fallback);
const client = () => new Vcase({ baseURL, apiKey: 'company-key', token: 'user-token', maxRetries: 0 });

describe('the default fetch on Node (node:http with keep-alive)', () => {
  it('sends the upload as JSON with the client headers and reads the JSON answer', async () => {
    seen.length = 0;
    const res = await client().documents.upload({ case_id: IDS.case, file: Buffer.from('%PDF-1.4'), filename: 'a.pdf' }, { idempotencyKey: 'row-1' });
    expect(res).toEqual({ document_id: IDS.doc, url: 'http://files/x' });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/documents' });
    expect(JSON.parse(seen[0]!.body)).toEqual({ case_id: IDS.case, base64: Buffer.from('%PDF-1.4').toString('base64'), mime_type: 'application/pdf' });
    expect(seen[0]!.headers).toMatchObject({
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(seen[0]!.body)),
      accept: 'application/json',
      'x-api-key': 'company-key',
      'idempotency-key': 'row-1',
      'user-agent': expect.stringMatching(/^vcase-sdk\//),
    });
    // Sent by node:http, not by the global fetch (undici adds sec-fetch-mode to every request).
    expect(seen[0]!.headers['sec-fetch-mode']).toBeUndefined();
  });

  it('keeps the connection alive: requests one after another share a socket', async () => {
    seen.length = 0;
    const vcase = client();
    for (let i = 0; i < 5; i++) await vcase.health();
    expect(new Set(seen.map((s) => s.socket)).size).toBe(1);
  });

  it('error answers become typed errors with the body and headers', async () => {
    const error = await client().documents.get(IDS.doc).catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(NotFoundError));
    expect(error).toMatchObject({ status: 404, message: 'Recurso no encontrado', requestId: expect.stringMatching(/^req-/) });
    const raw = await fetchOf()(`${baseURL}/health`, { headers: { 'x-test': 'proxy-error' } });
    expect(raw.status).toBe(502);
    expect(raw.ok).toBe(false);
    expect(raw.headers.get('content-type')).toBe('text/html');
    expect(await raw.text()).toBe('<html>Bad Gateway</html>');
  });

  it('a non-JSON error body reaches the error message', async () => {
    const error = await client().health({ headers: { 'x-test': 'proxy-error' } }).catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(InternalServerError));
    expect((error as Error).message).toBe('HTTP 502: <html>Bad Gateway</html>');
  });

  it('a refused connection is an APIConnectionError naming the cause', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await new Vcase({ baseURL: `http://127.0.0.1:${port}`, maxRetries: 0 }).health().catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(APIConnectionError));
    expect((error as Error).message).toBe('Connection error: ECONNREFUSED');
  });

  it('a body cut short is a connection error, not a truncated answer', async () => {
    const error = await client().health({ headers: { 'x-test': 'cut' } }).catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(APIConnectionError));
    expect((error as Error).message).toBe('Connection error: ECONNRESET');
  });

  it('the per-attempt timeout and the caller signal abort the request', async () => {
    const slow = { 'x-test': 'slow' };
    await expect(client().health({ headers: slow, timeoutMs: 50 })).rejects.toSatisfy(madeBy(APIConnectionTimeoutError));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    await expect(client().health({ headers: slow, signal: controller.signal })).rejects.toSatisfy(madeBy(APIUserAbortError));
  });

  it('a signal aborted before the call sends nothing', async () => {
    const before = seen.length;
    const controller = new AbortController();
    controller.abort();
    await expect(client().health({ signal: controller.signal })).rejects.toSatisfy(madeBy(APIUserAbortError));
    await expect(fetchOf()(`${baseURL}/health`, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen.length).toBe(before);
  });

  it('redirects are followed as the global fetch follows them', async () => {
    const res = await fetchOf()(`${baseURL}/moved`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('bodies it does not send itself (streams) go to the fallback fetch', async () => {
    const calls: unknown[] = [];
    const fallback = (async (input: string, init?: RequestInit) => {
      calls.push([input, init?.body]);
      return new Response('{}', { status: 200 });
    }) as typeof fetch;
    const stream = Readable.toWeb(Readable.from([Buffer.from('x')])) as ReadableStream;
    await fetchOf(fallback)(`${baseURL}/health`, { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    expect(calls).toEqual([[`${baseURL}/health`, stream]]);
    await fetchOf(fallback)(`${baseURL}/health`);
    expect(calls).toHaveLength(1);
  });
});
