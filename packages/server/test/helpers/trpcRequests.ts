import type { Tenant, TestServer } from './testServer.js';

/**
 * Requests to the tRPC channel on /trpc, and their REST twins, as `tenant()` on `server()` (read
 * at each call: the test server is started in a beforeAll). `call` POSTs a JSON body, `query`
 * GETs with `?input=`, both with the tenant's bearer unless `headers` are given; `rest` is the
 * REST request with the bearer.
 */
export function trpcRequests(server: () => TestServer, tenant: () => Tenant) {
  const call = (path: string, input: unknown, headers: Record<string, string> = tenant().bearer) =>
    server().inject({
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(input),
    });
  const query = (path: string, input: unknown, headers: Record<string, string> = tenant().bearer) =>
    server().inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, headers });
  const rest = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    server().inject({ method, url, headers: tenant().bearer, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  return { call, query, rest };
}
