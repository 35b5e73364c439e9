import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenSigner } from '../../src/auth/tokens.js';
import { manualClock } from '../../src/clock.js';
import { ADMIN_TOKEN, createCase, createTenant, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';

const clock = manualClock(Date.parse('2026-03-01T10:00:00.000Z'));
let t: TestServer;
let acme: Tenant;

beforeAll(async () => {
  t = await startTestServer({}, { clock });
  acme = await createTenant(t);
});
afterAll(() => t.close());

describe('bearer tokens on /v1/cases (contract §5)', () => {
  it.each([
    ['no credentials', {}],
    ['a malformed token', { authorization: 'Bearer not.a.jwt' }],
    ['a non-bearer scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('401 without a code for %s', async (_n, headers) => {
    const res = await t.inject({ method: 'GET', url: '/v1/cases', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: null, message: expect.any(String) } });
  });

  it('refuses x-api-key on /v1/cases endpoints', async () => {
    const list = await t.inject({ method: 'GET', url: '/v1/cases', headers: { 'x-api-key': acme.apiKey } });
    expect(list.statusCode).toBe(401);
    const create = await t.inject({
      method: 'POST',
      url: '/v1/cases',
      headers: { 'x-api-key': acme.apiKey },
      payload: { internal_id: 'K-1', status: 'processing' },
    });
    expect(create.statusCode).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const [h, p] = acme.token.split('.');
    const forged = `${h}.${p}.c2lnbmF0dXJlLWZyb20tYW5vdGhlci1zZWNyZXQ`;
    const res = await t.inject({ method: 'GET', url: '/v1/cases', headers: { authorization: `Bearer ${forged}` } });
    expect(res.statusCode).toBe(401);
  });

  it("refuses a well-signed token that names another company than its user's", async () => {
    const other = await createTenant(t, { name: 'Other Co' });
    const caseId = await createCase(t, other);
    const signer = createTokenSigner('test-jwt-secret');
    const bearer = async (companyId: string) => ({
      authorization: `Bearer ${await signer.sign({ userId: acme.userId, companyId }, new Date(clock.now().getTime() + 3_600_000))}`,
    });
    const crossed = await bearer(other.companyId);
    for (const url of ['/v1/cases', `/v1/cases/${caseId}`, '/v1/documents']) {
      expect((await t.inject({ method: 'GET', url, headers: crossed })).statusCode, url).toBe(401);
    }
    expect((await t.inject({ method: 'GET', url: '/v1/cases', headers: await bearer(acme.companyId) })).statusCode).toBe(200);
  });

  it('a token stops working once it expires', async () => {
    const token = (await t.admin('POST', `/admin/users/${acme.userId}/tokens`, { ttl_seconds: 60 })).json();
    expect(token.token_type).toBe('Bearer');
    const lifetime = Date.parse(token.expires_at) - clock.now().getTime();
    expect(lifetime >= 60_000 && lifetime < 61_000).toBe(true);
    const headers = { authorization: `Bearer ${token.access_token}` };
    expect((await t.inject({ method: 'GET', url: '/v1/cases', headers })).statusCode).toBe(200);
    clock.advance(61_000);
    expect((await t.inject({ method: 'GET', url: '/v1/cases', headers })).statusCode).toBe(401);
  });

  it('a token lives its whole ttl_seconds, issued late in a second too', async () => {
    clock.set(Date.parse('2026-03-01T10:00:03.950Z'));
    const token = (await t.admin('POST', `/admin/users/${acme.userId}/tokens`, { ttl_seconds: 1 })).json();
    expect(token.expires_at).toBe('2026-03-01T10:00:05.000Z');
    const headers = { authorization: `Bearer ${token.access_token}` };
    clock.advance(990);
    expect((await t.inject({ method: 'GET', url: '/v1/cases', headers })).statusCode).toBe(200);
    clock.set(Date.parse(token.expires_at));
    expect((await t.inject({ method: 'GET', url: '/v1/cases', headers })).statusCode).toBe(401);
  });

  it('a lifetime past 90 days is refused with 400 VALIDATION_ERROR saying the maximum, not a 500', async () => {
    for (const ttl_seconds of [99_999_999_999_999, 10 * 365 * 24 * 3600, 90 * 24 * 3600 + 1]) {
      const tooLong = await t.admin('POST', `/admin/users/${acme.userId}/tokens`, { ttl_seconds });
      expect(tooLong.statusCode, String(ttl_seconds)).toBe(400);
      expect(tooLong.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('7776000 (90 días)') });
    }
    const ninetyDays = await t.admin('POST', `/admin/users/${acme.userId}/tokens`, { ttl_seconds: 90 * 24 * 3600 });
    expect(ninetyDays.statusCode).toBe(201);
    expect(Date.parse(ninetyDays.json().expires_at) - clock.now().getTime()).toBeLessThanOrEqual(90 * 24 * 3600 * 1000 + 1000);
  });

  it('a token used many times works to its expiry and not a second past it', async () => {
    const token = (await t.admin('POST', `/admin/users/${acme.userId}/tokens`, { ttl_seconds: 150 })).json();
    const headers = { authorization: `Bearer ${token.access_token}` };
    const status = async () => (await t.inject({ method: 'GET', url: '/v1/cases', headers })).statusCode;
    // Verified tokens are remembered for a minute at most, then checked again.
    for (const step of [0, 59_000, 41_000, 45_000]) {
      clock.advance(step);
      expect(await status()).toBe(200);
    }
    clock.set(Date.parse(token.expires_at));
    expect(await status()).toBe(401);
  });

  it('the request id is echoed for support', async () => {
    const res = await t.inject({ method: 'GET', url: '/v1/cases', headers: acme.bearer });
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });
});

describe('admin API (operator-surface §2)', () => {
  it('401 without the admin token or with a user token', async () => {
    expect((await t.inject({ method: 'POST', url: '/admin/companies', payload: { name: 'X' } })).statusCode).toBe(401);
    const asUser = await t.inject({ method: 'POST', url: '/admin/companies', headers: acme.bearer, payload: { name: 'X' } });
    expect(asUser.statusCode).toBe(401);
    const wrong = await t.inject({
      method: 'GET',
      url: '/admin/sandbox/fixtures',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('creates a company with the default catalog, or its own catalog and use cases', async () => {
    const plain = await t.admin('POST', '/admin/companies', { name: 'Plain' });
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toEqual({
      company_id: expect.any(String),
      name: 'Plain',
      status_catalog: ['processing', 'nuevo'],
      use_cases: [],
    });
    const rich = (
      await t.admin('POST', '/admin/companies', { name: 'Rich', status_catalog: ['a', 'b'], use_cases: [{ name: 'Robo' }] })
    ).json();
    expect(rich.status_catalog).toEqual(['a', 'b']);
    expect(rich.use_cases).toEqual([{ use_case_id: expect.any(String), name: 'Robo' }]);
    expect((await t.admin('POST', '/admin/companies', {})).statusCode).toBe(400);
    // Optional fields sent as null read as omitted: the defaults apply.
    const nulls = await t.admin('POST', '/admin/companies', { name: 'Nulls', status_catalog: null, use_cases: null });
    expect(nulls.statusCode).toBe(201);
    expect(nulls.json()).toMatchObject({ status_catalog: ['processing', 'nuevo'], use_cases: [] });
    const company = nulls.json().company_id;
    const user = (await t.admin('POST', `/admin/companies/${company}/users`, {})).json();
    const token = await t.admin('POST', `/admin/users/${user.user_id}/tokens`, { ttl_seconds: null });
    expect(token.statusCode).toBe(201);
    expect(Date.parse(token.json().expires_at) - clock.now().getTime()).toBeGreaterThanOrEqual(86_400_000);
    expect((await t.admin('POST', `/admin/companies/${company}/api-keys`, { name: null })).statusCode).toBe(201);
  });

  it('generated pids never collide, however many users are created at once', async () => {
    const created = await Promise.all(Array.from({ length: 60 }, () => t.admin('POST', `/admin/companies/${acme.companyId}/users`, {})));
    expect(created.map((r) => r.statusCode)).toEqual(created.map(() => 201));
    const pids = created.map((r) => r.json().pid as string);
    for (const pid of pids) expect(pid).toMatch(/^pid_[0-9a-f]{16}$/);
    expect(new Set(pids).size).toBe(pids.length);
  });

  // Guards PostgreSQL (VCASE_TEST_PG_URL), where concurrent transactions could both pass the
  // check; SQLite runs one write transaction at a time.
  it('one explicit pid sent by many creates at once goes to exactly one user', async () => {
    const pid = `PID-RACE-${Date.now()}`;
    const other = await createTenant(t);
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.admin('POST', `/admin/companies/${i % 2 ? acme.companyId : other.companyId}/users`, { pid })),
    );
    const codes = created.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, ...Array.from({ length: 11 }, () => 400)]);
    for (const r of created.filter((x) => x.statusCode === 400))
      expect(r.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: `El pid '${pid}' ya existe` });
    const holders = await t.server.ctx.db.selectFrom('users').select('id').where('pid', '=', pid).execute();
    expect(holders).toHaveLength(1);
  });

  it('creates users with a generated pid, an explicit pid, or none', async () => {
    const generated = (await t.admin('POST', `/admin/companies/${acme.companyId}/users`, { name: 'G' })).json();
    expect(generated).toEqual({ user_id: expect.any(String), pid: expect.any(String), name: 'G', email: null, company_id: acme.companyId });
    const explicit = (await t.admin('POST', `/admin/companies/${acme.companyId}/users`, { pid: 'PID-EXPLICIT-1' })).json();
    expect(explicit.pid).toBe('PID-EXPLICIT-1');
    expect(explicit.name).toBeNull();
    const none = (await t.admin('POST', `/admin/companies/${acme.companyId}/users`, { pid: null, email: 'x@y.z' })).json();
    expect(none.pid).toBeNull();
    const empty = await t.admin('POST', `/admin/companies/${acme.companyId}/users`);
    expect(empty.statusCode).toBe(201);
    const upper = await t.admin('POST', `/admin/companies/${acme.companyId.toUpperCase()}/users`, { name: 'Mayúsculas' });
    expect(upper.statusCode).toBe(201);
    expect(upper.json().company_id).toBe(acme.companyId);
    expect((await t.admin('POST', `/admin/users/${upper.json().user_id.toUpperCase()}/tokens`, {})).statusCode).toBe(201);
    const missing = await t.admin('POST', `/admin/companies/${crypto.randomUUID()}/users`, {});
    expect(missing.statusCode).toBe(404);
    const token = await t.admin('POST', `/admin/users/${crypto.randomUUID()}/tokens`, {});
    expect(token.statusCode).toBe(404);
  });

  it('API keys work on the other /v1/documents endpoints only until revoked', async () => {
    const key = (await t.admin('POST', `/admin/companies/${acme.companyId}/api-keys`, { name: 'rev' })).json();
    expect(key).toEqual({ key_id: expect.any(String), api_key: expect.any(String) });
    // A UUID in the path reads in any case, as REST reads case ids.
    const revoke = await t.admin('DELETE', `/admin/api-keys/${key.key_id.toUpperCase()}`);
    expect(revoke.statusCode).toBe(204);
    const again = await t.admin('DELETE', `/admin/api-keys/${key.key_id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toEqual({ code: 'RESOURCE_NOT_FOUND', message: 'API key no encontrada' });
    const row = await t.server.ctx.db.selectFrom('api_keys').selectAll().where('id', '=', key.key_id).executeTakeFirstOrThrow();
    expect(row.key_hash).not.toContain(key.api_key);
    expect(row.revoked_at).not.toBeNull();
  });

  it('stores, lists and clears sandbox fixtures', async () => {
    const put = await t.admin('PUT', '/admin/sandbox/fixtures/repuve/1M8GDM9AXKP042788', { info: null, delay_ms: 10 });
    expect(put.statusCode).toBe(200);
    const put2 = await t.admin('PUT', '/admin/sandbox/fixtures/tickets/ABC1234:MEX', { infractions: [] });
    expect(put2.statusCode).toBe(200);
    const again = await t.admin('PUT', '/admin/sandbox/fixtures/repuve/1M8GDM9AXKP042788', { error: 'timeout' });
    expect(again.statusCode).toBe(200);
    const list = (await t.admin('GET', '/admin/sandbox/fixtures')).json();
    expect(list.data).toEqual([
      { source: 'repuve', key: '1M8GDM9AXKP042788', outcome: { error: 'timeout' } },
      { source: 'tickets', key: 'ABC1234:MEX', outcome: { infractions: [] } },
    ]);
    expect((await t.admin('PUT', '/admin/sandbox/fixtures/nope/X', {})).statusCode).toBe(400);
    // An outcome must be sent: a PUT without a body stores nothing.
    const noBody = await t.admin('PUT', '/admin/sandbox/fixtures/plate_portal/ABC123');
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().error.code).toBe('VALIDATION_ERROR');
    expect((await t.admin('GET', '/admin/sandbox/fixtures')).json().data).toHaveLength(2);
    expect((await t.admin('DELETE', '/admin/sandbox/fixtures')).statusCode).toBe(204);
    expect((await t.admin('GET', '/admin/sandbox/fixtures')).json().data).toEqual([]);
  });
});

describe('operations', () => {
  it('GET /health needs no auth', async () => {
    const res = await t.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /openapi.json documents the case routes with their auth schemes', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/v1/cases'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/v1/cases'].post.requestBody).toBeDefined();
    expect(doc.paths['/v1/cases/{case_id}/assign'].post).toBeDefined();
    expect(doc.paths['/admin/companies'].post.security).toEqual([{ adminAuth: [] }]);
    const ui = await t.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('unknown routes answer 404 with the error body', async () => {
    const res = await t.inject({ method: 'GET', url: '/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: null, message: expect.any(String) });
  });

  it('5xx never leaks internals', async () => {
    const caseId = await createCase(t, acme);
    const original = t.server.ctx.db.selectFrom;
    (t.server.ctx.db as unknown as { selectFrom: unknown }).selectFrom = () => {
      throw new Error('SQLITE_CORRUPT: secret detail /var/lib/db');
    };
    try {
      const res = await t.inject({ method: 'GET', url: `/v1/cases/${caseId}`, headers: acme.bearer });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('SQLITE');
      expect(res.json().error.code).toBeNull();
    } finally {
      (t.server.ctx.db as unknown as { selectFrom: unknown }).selectFrom = original;
    }
  });
});
