import { Vcase, type VcaseOptions } from '../../src/index.js';

export interface RecordedRequest {
  url: string;
  path: string;
  method: string;
  headers: Headers;
  /** The body as parsed JSON when it is JSON (text or bytes). */
  body: unknown;
  /** The body as given to fetch. */
  rawBody: unknown;
  signal: AbortSignal | undefined;
}

export type Handler = (req: RecordedRequest, index: number) => Response | Promise<Response>;

export const BASE_URL = 'http://vcase.test';

/** JSON answer as the server writes it. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

export function errorBody(status: number, code: string | null, message: string, headers: Record<string, string> = {}, details?: unknown) {
  return json(status, { error: { code, message, ...(details === undefined ? {} : { details }) } }, headers);
}

/**
 * A `fetch` that records every request and answers with `handler` (or, given an array,
 * the n-th response, the last one repeating).
 */
export function mockFetch(handler: Handler | Array<Response | (() => Response)>) {
  const calls: RecordedRequest[] = [];
  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = String(input);
    const raw = init.body instanceof Uint8Array ? new TextDecoder().decode(init.body) : init.body;
    let body: unknown = raw;
    if (typeof raw === 'string') {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    const req: RecordedRequest = {
      url,
      path: url.replace(BASE_URL, ''),
      method: (init.method ?? 'GET').toUpperCase(),
      headers: new Headers(init.headers),
      body,
      rawBody: init.body,
      signal: init.signal ?? undefined,
    };
    const index = calls.length;
    calls.push(req);
    if (Array.isArray(handler)) {
      const next = handler[Math.min(index, handler.length - 1)]!;
      return typeof next === 'function' ? next() : next.clone();
    }
    return handler(req, index);
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

/** A sleep that records what it was asked and lets no time pass. */
export function recordingSleep() {
  const delays: number[] = [];
  const sleep = async (ms: number) => {
    delays.push(ms);
  };
  return { sleep, delays };
}

export const IDS = {
  case: '11111111-1111-4111-8111-111111111111',
  doc: '22222222-2222-4222-8222-222222222222',
  job: '33333333-3333-4333-8333-333333333333',
  company: '44444444-4444-4444-8444-444444444444',
};

/** A client with every credential, an injected fetch and a recording sleep. */
export function testClient(handler: Handler | Array<Response | (() => Response)>, options: VcaseOptions = {}) {
  const { fetch, calls } = mockFetch(handler);
  const { sleep, delays } = recordingSleep();
  const vcase = new Vcase({
    baseURL: BASE_URL,
    token: 'user-token',
    apiKey: 'company-key',
    adminToken: 'admin-token',
    fetch,
    sleep,
    ...options,
  });
  return { vcase, calls, delays };
}
