import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APIConnectionError, Vcase } from '../../src/index.js';
import { createNodeFetch, nodeTransport } from '../../src/node/index.js';
import { startLocalServer, type LocalServer } from '../helpers/localServer.js';
import { madeBy } from '../helpers/madeBy.js';

/** What only the opt-in node fetch does; what every transport does is in transports.test.ts. */
let local: LocalServer;
beforeAll(async () => {
  local = await startLocalServer();
});
afterAll(() => local.close());

const fetchOf = (fallback?: typeof fetch) => createNodeFetch(fallback);
const client = () => new Vcase({ baseURL: local.baseURL, token: 'user-token', maxRetries: 0, transport: nodeTransport() });

describe('nodeTransport (node:http with keep-alive)', () => {
  it('sends through node:http, not the global fetch (undici adds sec-fetch-mode to every request)', async () => {
    const mark = local.mark();
    await client().health(mark);
    expect(mark.seen()).toHaveLength(1);
    expect(mark.seen()[0]!.headers['sec-fetch-mode']).toBeUndefined();
  });

  it('keeps the connection alive: requests one after another share a socket', async () => {
    const mark = local.mark();
    const vcase = client();
    for (let i = 0; i < 5; i++) await vcase.health(mark);
    expect(mark.seen()).toHaveLength(5);
    expect(new Set(mark.seen().map((s) => s.socket)).size).toBe(1);
  });

  it('answers what a Response answers: status, ok, headers and the body as text or JSON', async () => {
    const raw = await fetchOf()(`${local.baseURL}/health`, { headers: { 'x-test': 'proxy-error' } });
    expect(raw.status).toBe(502);
    expect(raw.ok).toBe(false);
    expect(raw.headers.get('content-type')).toBe('text/html');
    expect(await raw.text()).toBe('<html>Bad Gateway</html>');
    const ok = await fetchOf()(`${local.baseURL}/health`);
    expect([ok.status, ok.ok, await ok.json()]).toEqual([200, true, { status: 'ok' }]);
  });

  it('holds the answer as a stream of its bytes in `body`, which ofetch reads to parse it; null when empty', async () => {
    const ok = await fetchOf()(`${local.baseURL}/health`);
    const chunks: Buffer[] = [];
    for await (const chunk of ok.body as unknown as AsyncIterable<Buffer>) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe('{"status":"ok"}');
    const empty = await fetchOf()(`${local.baseURL}/admin/sandbox/fixtures`, { method: 'DELETE' });
    expect([empty.status, empty.body]).toEqual([204, null]);
  });

  it('a body cut short is a connection error naming the reset', async () => {
    const error = await client()
      .health({ headers: { 'x-test': 'cut' } })
      .catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(APIConnectionError));
    expect((error as Error).message).toBe('Connection error: ECONNRESET');
  });

  it('a signal aborted before the call sends nothing and rejects with an AbortError', async () => {
    const mark = local.mark();
    const controller = new AbortController();
    controller.abort();
    const aborted = fetchOf()(`${local.baseURL}/health`, { signal: controller.signal, ...mark });
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    await fetchOf()(`${local.baseURL}/health`, mark); // a call after it, so that one sent by the aborted call would be seen too
    expect(mark.seen()).toHaveLength(1);
  });

  it('redirects are followed as the global fetch follows them', async () => {
    const res = await fetchOf()(`${local.baseURL}/moved`);
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
    await fetchOf(fallback)(`${local.baseURL}/health`, { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    expect(calls).toEqual([[`${local.baseURL}/health`, stream]]);
    await fetchOf(fallback)(`${local.baseURL}/health`);
    expect(calls).toHaveLength(1);
  });
});
