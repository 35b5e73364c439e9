import { describe, expect, it } from 'vitest';
import { DATABASE_NOT_READY } from '../../src/http/health.routes.js';
import { startTestServer } from '../helpers/testServer.js';

describe('health probes', () => {
  it('GET /health/ready answers 200 while the database answers and 503 when it does not; /health stays 200', async () => {
    const w = await startTestServer({}, { startWorkers: false });
    try {
      const ready = await w.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok' });

      await w.server.ctx.db.destroy();
      const down = await w.inject({ method: 'GET', url: '/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ error: { code: null, message: DATABASE_NOT_READY } });
      const live = await w.inject({ method: 'GET', url: '/health' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
    } finally {
      await w.close().catch(() => {});
    }
  });
});
