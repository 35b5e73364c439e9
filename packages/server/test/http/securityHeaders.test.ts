import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer.js';

// helmet's defaults plus the API's own policy (docs/operator-guide.md); /docs sets its own.
const EVERY_ANSWER = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-dns-prefetch-control': 'off',
  'x-permitted-cross-domain-policies': 'none',
};

describe('security headers', () => {
  let w: TestServer;
  beforeAll(async () => {
    w = await startTestServer({}, { startWorkers: false });
  });
  afterAll(() => w.close());

  it('are on answers, refusals and unknown routes alike, each a request id of its own', async () => {
    const answers = await Promise.all([
      w.inject({ method: 'GET', url: '/health' }),
      w.inject({ method: 'GET', url: '/v1/cases' }),
      w.inject({ method: 'GET', url: '/no/such/route' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 404]);
    for (const a of answers) {
      expect(a.headers).toMatchObject(EVERY_ANSWER);
      expect(a.headers).not.toHaveProperty('x-powered-by');
      expect(a.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(new Set(answers.map((a) => a.headers['x-request-id'])).size).toBe(3);
  });

  it("lets the Swagger UI's pages carry their own policy", async () => {
    const docs = await w.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-security-policy']).toMatch(/^default-src 'self'/);
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
  });
});
