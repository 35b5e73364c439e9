import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MissingCredentialError, Vcase, VcaseError } from '../src/index.js';
import { madeBy } from './helpers/madeBy.js';
import { BASE_URL, IDS, json, mockFetch, testClient } from './helpers/mockFetch.js';

const ok = () => json(200, {});

function clientWith(creds: { token?: string; apiKey?: string; adminToken?: string }) {
  const { fetch, calls } = mockFetch(() => ok());
  return { vcase: new Vcase({ baseURL: BASE_URL, fetch, ...creds }), calls };
}

describe('credential per endpoint group (contract §5)', () => {
  afterEach(() => vi.unstubAllEnvs());

  it.each([
    ['/v1/cases', (v: Vcase) => v.cases.get(IDS.case), { authorization: 'Bearer user-token' }],
    ['GET /v1/documents', (v: Vcase) => v.documents.list(), { authorization: 'Bearer user-token' }],
    ['other /v1/documents', (v: Vcase) => v.documents.get(IDS.doc), { 'x-api-key': 'company-key' }],
    [
      'POST /v1/documents',
      (v: Vcase) => v.documents.upload({ case_id: IDS.case, url: 'https://files.example/f.pdf' }),
      { 'x-api-key': 'company-key' },
    ],
    ['/documents/ine', (v: Vcase) => v.ine.get(IDS.job), { authorization: 'Bearer user-token' }],
    ['/admin', (v: Vcase) => v.admin.fixtures.list(), { authorization: 'Bearer admin-token' }],
  ])('%s', async (_, call, expected) => {
    const { vcase, calls } = testClient(() => json(200, { data: [], pagination: { limit: 10, offset: 0, total: 0, has_more: false } }));
    await call(vcase);
    const headers = calls[0]!.headers;
    for (const [name, value] of Object.entries(expected)) expect(headers.get(name)).toBe(value);
    const other = 'x-api-key' in expected ? 'authorization' : 'x-api-key';
    expect(headers.has(other)).toBe(false);
  });

  it('other /v1/documents fall back to the bearer token without an API key', async () => {
    const { vcase, calls } = clientWith({ token: 'user-token' });
    await vcase.documents.get(IDS.doc);
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer user-token');
    expect(calls[0]!.headers.has('x-api-key')).toBe(false);
  });

  it('GET /v1/documents never uses the API key', async () => {
    const { vcase, calls } = clientWith({ apiKey: 'company-key' });
    await expect(vcase.documents.list()).rejects.toThrow(MissingCredentialError);
    expect(calls).toHaveLength(0);
  });

  it.each([
    [
      'cases without a token',
      { apiKey: 'k', adminToken: 'a' },
      (v: Vcase) => v.cases.get(IDS.case),
      /GET \/v1\/cases\/\{case_id\} needs a bearer token \(option `token` or VCASE_TOKEN\)/,
    ],
    [
      'documents without key or token',
      { adminToken: 'a' },
      (v: Vcase) => v.documents.get(IDS.doc),
      /needs an API key \(option `apiKey` or VCASE_API_KEY\) or a bearer token/,
    ],
    [
      'INE without a token',
      { apiKey: 'k' },
      (v: Vcase) => v.ine.submit({ front: 'https://x/f.jpg' }),
      /POST \/documents\/ine needs a bearer token/,
    ],
    [
      'admin without the admin token',
      { token: 't', apiKey: 'k' },
      (v: Vcase) => v.admin.companies.create({ name: 'X' }),
      /needs the admin token \(option `adminToken` or VCASE_ADMIN_TOKEN\)/,
    ],
  ])('%s: MissingCredentialError naming it, nothing sent', async (_, creds, call, message) => {
    vi.stubEnv('VCASE_TOKEN', '');
    vi.stubEnv('VCASE_API_KEY', '');
    vi.stubEnv('VCASE_ADMIN_TOKEN', '');
    const { vcase, calls } = clientWith(creds);
    const error = await call(vcase).catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(MissingCredentialError));
    expect(error).toSatisfy(madeBy(VcaseError));
    expect((error as Error).message).toMatch(message);
    expect(calls).toHaveLength(0);
  });

  it('reads VCASE_BASE_URL, VCASE_TOKEN, VCASE_API_KEY and VCASE_ADMIN_TOKEN by default', async () => {
    vi.stubEnv('VCASE_BASE_URL', 'http://env.test/');
    vi.stubEnv('VCASE_TOKEN', 'env-token');
    vi.stubEnv('VCASE_API_KEY', 'env-key');
    vi.stubEnv('VCASE_ADMIN_TOKEN', 'env-admin');
    const { fetch, calls } = mockFetch(() => ok());
    const vcase = new Vcase({ fetch });
    await vcase.cases.metadata(IDS.case);
    await vcase.documents.extractionData(IDS.doc);
    await vcase.admin.fixtures.clear();
    expect(calls.map((c) => c.url)).toEqual([
      `http://env.test/v1/cases/${IDS.case}/metadata`,
      `http://env.test/v1/documents/${IDS.doc}/extraction-data`,
      'http://env.test/admin/sandbox/fixtures',
    ]);
    expect(calls.map((c) => c.headers.get('authorization') ?? c.headers.get('x-api-key'))).toEqual([
      'Bearer env-token',
      'env-key',
      'Bearer env-admin',
    ]);
  });

  it('options win over the environment', async () => {
    vi.stubEnv('VCASE_TOKEN', 'env-token');
    const { vcase, calls } = clientWith({ token: 'explicit' });
    await vcase.cases.get(IDS.case);
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer explicit');
  });

  it('without a base URL the constructor says so', () => {
    vi.stubEnv('VCASE_BASE_URL', '');
    expect(() => new Vcase({ token: 't' })).toThrow(/baseURL is missing.*VCASE_BASE_URL/);
  });

  it('a base URL that is no http(s) URL is refused by the constructor; white space around one is dropped', () => {
    for (const bad of ['127.0.0.1:3000', 'localhost', 'ftp://x', 'http//x']) {
      expect(() => new Vcase({ baseURL: bad, token: 't' }), bad).toThrow(/baseURL must be an http:\/\/ or https:\/\/ URL/);
    }
    expect(new Vcase({ baseURL: ' http://127.0.0.1:3000/ ', token: 't' }).baseURL).toBe('http://127.0.0.1:3000');
  });

  it('credentials with a line break or spaces around them (read from a file) are sent without them', async () => {
    // Node's own HTTP client (the SDK's default transport) refuses a line break in a header:
    // the call failed as a connection error, retried.
    const seen: http.IncomingHttpHeaders[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const vcase = new Vcase({ baseURL: base, token: 'tok-123\n', apiKey: ' key-456 \n', maxRetries: 0 });
      await vcase.cases.get(IDS.case).catch(() => undefined);
      await vcase.documents.get(IDS.doc).catch(() => undefined);
      expect(seen.map((h) => h.authorization ?? h['x-api-key'])).toEqual(['Bearer tok-123', 'key-456']);
    } finally {
      server.close();
    }
  });

  it('a per-call authorization header replaces the configured credential', async () => {
    const { vcase, calls } = clientWith({});
    await vcase.cases.get(IDS.case, {}, { headers: { Authorization: 'Bearer other-tenant' } });
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer other-tenant');
  });

  it('withOptions makes a client for another tenant', async () => {
    const { vcase, calls } = clientWith({ token: 'a' });
    await vcase.withOptions({ token: 'b' }).cases.get(IDS.case);
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer b');
  });

  it("withOptions({ token }) leaves the first tenant's API key behind, from options or the environment", async () => {
    for (const viaEnv of [false, true]) {
      if (viaEnv) vi.stubEnv('VCASE_API_KEY', 'key-of-a');
      const { vcase, calls } = clientWith(viaEnv ? { token: 'a' } : { token: 'a', apiKey: 'key-of-a' });
      await vcase.documents.get(IDS.doc);
      await vcase.withOptions({ token: 'b' }).documents.get(IDS.doc);
      await vcase.withOptions({ token: 'b', apiKey: 'key-of-b' }).documents.get(IDS.doc);
      await vcase.withOptions({ timeoutMs: 5_000 }).documents.get(IDS.doc);
      expect(calls.map((c) => c.headers.get('x-api-key') ?? c.headers.get('authorization'))).toEqual([
        'key-of-a',
        'Bearer b',
        'key-of-b',
        'key-of-a',
      ]);
      vi.unstubAllEnvs();
    }
  });

  it('health needs no credential', async () => {
    const { fetch, calls } = mockFetch(() => json(200, { status: 'ok' }));
    await expect(new Vcase({ baseURL: BASE_URL, fetch }).health()).resolves.toEqual({ status: 'ok' });
    expect(calls[0]!.headers.has('authorization')).toBe(false);
  });
});
