import { FetchError } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { APIConnectionError, Vcase } from '../src/index.js';
import { BASE_URL, json, mockFetch } from './helpers/mockFetch.js';
import { madeBy } from './helpers/madeBy.js';

/** Requests are built and answers read by ofetch, over the transport's fetch (README "Transports"). */
describe('the request layer is ofetch', () => {
  it("a request error reaches the typed error as ofetch's FetchError, the fetch's own error inside", async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const fetch = (async () => {
      throw new TypeError('fetch failed', { cause: refused });
    }) as typeof globalThis.fetch;
    const error = await new Vcase({ baseURL: BASE_URL, fetch, maxRetries: 0 }).health().catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(APIConnectionError));
    expect((error as Error).message).toBe('Connection error: ECONNREFUSED');
    const cause = (error as Error).cause;
    expect(cause).toBeInstanceOf(FetchError);
    expect((cause as FetchError).message).toBe(`[GET] "${BASE_URL}/health": <no response> fetch failed`);
    expect((cause as FetchError).cause).toMatchObject({ message: 'fetch failed', cause: refused });
  });

  it("ofetch's own retries are off: the SDK's policy alone sends again (a GET would go twice)", async () => {
    let calls = 0;
    const fetch = (async () => {
      calls++;
      throw new TypeError('fetch failed');
    }) as typeof globalThis.fetch;
    await expect(new Vcase({ baseURL: BASE_URL, fetch, maxRetries: 0 }).health()).rejects.toSatisfy(madeBy(APIConnectionError));
    expect(calls).toBe(1);
  });

  it("builds each request's headers with the transport's Headers class", async () => {
    class RecordedHeaders extends Headers {}
    const { fetch, calls } = mockFetch([json(200, { status: 'ok' })]);
    const seen: unknown[] = [];
    const recording = ((input: string, init: RequestInit) => {
      seen.push(init.headers);
      return fetch(input, init);
    }) as typeof globalThis.fetch;
    const vcase = new Vcase({ baseURL: BASE_URL, transport: { fetch: recording, Headers: RecordedHeaders as typeof Headers } });
    await expect(vcase.health()).resolves.toEqual({ status: 'ok' });
    expect(seen[0]).toBeInstanceOf(RecordedHeaders);
    expect(calls[0]!.headers.get('x-api-key')).toBeNull();
  });
});
