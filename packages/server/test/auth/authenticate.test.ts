import { describe, expect, it } from 'vitest';
import { createAuthenticator } from '../../src/auth/authenticate.js';
import { createTokenSigner } from '../../src/auth/tokens.js';
import { manualClock } from '../../src/clock.js';
import { createTenant, startTestServer } from '../helpers/testServer.js';

describe('authenticator: the caller known without waiting', () => {
  it('knows public routes and bearer tokens verified within the last minute; never API keys, admin or unverified tokens', async () => {
    const clock = manualClock(Date.now());
    const w = await startTestServer({}, { startWorkers: false, clock });
    try {
      const tenant = await createTenant(w);
      const auth = createAuthenticator(w.server.ctx, createTokenSigner('test-jwt-secret'), 'test-admin-token');
      const bearer = { authorization: `Bearer ${tenant.token}` };

      expect(auth.known('none', bearer)).toBeNull();
      expect(auth.known('bearer', bearer)).toBeUndefined();
      const verified = await auth.authenticate('bearer', bearer);
      expect(verified).toMatchObject({ kind: 'user', userId: tenant.userId, companyId: tenant.companyId });
      expect(auth.known('bearer', bearer)).toBe(verified);
      expect(auth.known('bearerOrApiKey', bearer)).toBe(verified);
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
      expect(auth.known('bearer', bearer)).toMatchObject({ userId: tenant.userId });
    } finally {
      await w.close();
    }
  });
});
