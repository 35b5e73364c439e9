import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenSigner } from '../../src/auth/tokens.js';
import { manualClock } from '../../src/clock.js';
import { createTenant, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';

// One clock for both instances: the bearer cache keeps a verified token for a minute of it.
const clock = manualClock(Date.parse('2026-03-01T10:00:00.000Z'));
let a: TestServer;
/** A second API instance on the same database, as behind a load balancer. */
let b: TestServer;
let acme: Tenant;

beforeAll(async () => {
  a = await startTestServer({}, { clock });
  b = await startTestServer({ db: a.server.ctx.config.db, workers: 0 }, { clock });
  acme = await createTenant(a);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const issue = async (userId = acme.userId) => {
  const res = await a.admin('POST', `/admin/users/${userId}/tokens`, { ttl_seconds: 3600 });
  expect(res.statusCode).toBe(201);
  return res.json() as { access_token: string; token_id: string; expires_at: string; token_type: string };
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const status = async (server: TestServer, token: string, url = '/v1/cases') =>
  (await server.inject({ method: 'GET', url, headers: bearer(token) })).statusCode;

describe('bearer token revocation', () => {
  it('issuing answers a token_id beside the operator-surface fields, and the list names it without the token', async () => {
    const token = await issue();
    expect(token).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_at: expect.any(String),
      token_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const list = await a.admin('GET', `/admin/users/${acme.userId}/tokens`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toEqual({
      token_id: token.token_id,
      created_at: expect.stringMatching(/^2026-03-01T10:00/),
      expires_at: token.expires_at,
      revoked_at: null,
    });
    expect(list.body).not.toContain(token.access_token.split('.')[2]);
    expect((await a.admin('GET', `/admin/users/${crypto.randomUUID()}/tokens`)).statusCode).toBe(404);
  });

  it('a revoked token is refused at once by every instance, though both had just verified it; other tokens keep working', async () => {
    const revoked = await issue();
    const kept = await issue();
    for (const server of [a, b]) {
      expect(await status(server, revoked.access_token)).toBe(200);
      expect(await status(server, revoked.access_token, '/trpc/listCases')).toBe(200);
    }
    expect((await a.admin('DELETE', `/admin/tokens/${revoked.token_id}`)).statusCode).toBe(204);

    for (const server of [b, a]) {
      const res = await server.inject({ method: 'GET', url: '/v1/cases', headers: bearer(revoked.access_token) });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: null, message: 'Token revocado' });
      expect(await status(server, revoked.access_token, '/trpc/listCases')).toBe(401);
      expect(await status(server, kept.access_token)).toBe(200);
    }
    const listed = (await a.admin('GET', `/admin/users/${acme.userId}/tokens`)).json().data;
    expect(listed.find((t: { token_id: string }) => t.token_id === revoked.token_id).revoked_at).toMatch(/^2026-03-01T10:00/);
    // Revoking again changes nothing; an unknown id is not found.
    expect((await b.admin('DELETE', `/admin/tokens/${revoked.token_id.toUpperCase()}`)).statusCode).toBe(204);
    const unknown = await a.admin('DELETE', `/admin/tokens/${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: 'RESOURCE_NOT_FOUND', message: 'Token no encontrado' });
  });

  it(
    "revoking a user's tokens refuses all of them on every instance, " + 'those issued before token ids too; tokens issued after work',
    async () => {
      const user = (await a.admin('POST', `/admin/companies/${acme.companyId}/users`, { name: 'Beto' })).json();
      const first = await issue(user.user_id);
      const second = await issue(user.user_id);
      // A token as earlier versions issued it: no jti, no row.
      const signer = createTokenSigner('test-jwt-secret');
      const legacy = await signer.sign(
        { userId: user.user_id, companyId: acme.companyId },
        new Date(clock.now().getTime() + 3_600_000),
        clock.now(),
      );
      for (const token of [first.access_token, second.access_token, legacy]) {
        expect(await status(a, token)).toBe(200);
        expect(await status(b, token)).toBe(200);
      }

      clock.advance(1000);
      expect((await b.admin('DELETE', `/admin/users/${user.user_id}/tokens`)).statusCode).toBe(204);
      for (const token of [first.access_token, second.access_token, legacy]) {
        expect(await status(a, token)).toBe(401);
        expect(await status(b, token)).toBe(401);
      }
      expect(await status(a, acme.token)).toBe(200); // another user's token

      clock.advance(1000);
      const after = await issue(user.user_id);
      expect(await status(b, after.access_token)).toBe(200);
      const listed = (await a.admin('GET', `/admin/users/${user.user_id}/tokens`)).json().data;
      expect(listed.map((t: { token_id: string; revoked_at: string | null }) => [t.token_id, t.revoked_at !== null])).toEqual([
        [after.token_id, false],
        [second.token_id, true],
        [first.token_id, true],
      ]);
      expect((await a.admin('DELETE', `/admin/users/${crypto.randomUUID()}/tokens`)).statusCode).toBe(404);
    },
  );

  it('a token whose id was never issued is refused, however well signed', async () => {
    const signer = createTokenSigner('test-jwt-secret');
    const forged = await signer.sign(
      { userId: acme.userId, companyId: acme.companyId, tokenId: crypto.randomUUID() },
      new Date(clock.now().getTime() + 3_600_000),
    );
    expect(await status(a, forged)).toBe(401);
  });
});
