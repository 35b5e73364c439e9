import { describe, expect, it } from 'vitest';
import { createAuthenticator } from '../../src/auth/authenticate.js';
import { createTokenSigner } from '../../src/auth/tokens.js';
import { manualClock } from '../../src/clock.js';
import { createTenant, startTestServer } from '../helpers/testServer.js';

describe('authenticator: the caller known without waiting', () => {
  it(
    'knows public routes and bearer tokens verified within the last minute and since no revocation; ' +
      'never API keys, admin or unverified tokens',
    async () => {
      const clock = manualClock(Date.now());
      const w = await startTestServer({}, { startWorkers: false, clock });
      try {
        const tenant = await createTenant(w);
        const auth = createAuthenticator(w.server.ctx, createTokenSigner('test-jwt-secret'), 'test-admin-token');
        const bearer = { authorization: `Bearer ${tenant.token}` };
        // The revision of token revocations is read on every request: at once on SQLite, through
        // a promise on PostgreSQL, where `authenticate` answers a verified token from memory.
        const known = (principal: unknown) => (w.server.ctx.dialect === 'sqlite' ? principal : undefined);

        expect(auth.known('none', bearer)).toBeNull();
        expect(auth.known('bearer', bearer)).toBeUndefined();
        const verified = await auth.authenticate('bearer', bearer);
        expect(verified).toMatchObject({ kind: 'user', userId: tenant.userId, companyId: tenant.companyId });
        expect(auth.known('bearer', bearer)).toBe(known(verified));
        expect(auth.known('bearerOrApiKey', bearer)).toBe(known(verified));
        await expect(auth.authenticate('bearer', bearer)).resolves.toBe(verified);
        // With an API key the key decides (checked on every request), and admin routes take the admin token only.
        expect(auth.known('bearerOrApiKey', { ...bearer, 'x-api-key': tenant.apiKey })).toBeUndefined();
        expect(auth.known('apiKey', bearer)).toBeUndefined();
        expect(auth.known('admin', bearer)).toBeUndefined();
        expect(auth.known('bearer', { authorization: 'Bearer not-a-token' })).toBeUndefined();
        expect(auth.known('bearer', {})).toBeUndefined();

        // A minute on, the token is verified again.
        clock.advance(60_001);
        expect(auth.known('bearer', bearer)).toBeUndefined();
        await expect(auth.authenticate('bearer', bearer)).resolves.toMatchObject({ userId: tenant.userId });
        const again = auth.known('bearer', bearer);
        expect(again).toEqual(known(expect.objectContaining({ userId: tenant.userId })));

        // A revocation, of any token, drops what was verified: the next request checks again.
        const other = (await w.admin('POST', `/admin/users/${tenant.userId}/tokens`, {})).json();
        expect((await w.admin('DELETE', `/admin/tokens/${other.token_id}`)).statusCode).toBe(204);
        expect(auth.known('bearer', bearer)).toBeUndefined();
        await expect(auth.authenticate('bearer', { authorization: `Bearer ${other.access_token}` })).rejects.toMatchObject({
          statusCode: 401,
          message: 'Token revocado',
        });
        await expect(auth.authenticate('bearer', bearer)).resolves.toMatchObject({ userId: tenant.userId });
      } finally {
        await w.close();
      }
    },
  );
});
