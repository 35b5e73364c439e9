import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createTenant, startTestServer } from '../helpers/testServer.js';

/** A pino logger at `info` whose lines are kept, parsed. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink) as FastifyBaseLogger, lines };
}

describe('per-request logger', () => {
  it('writes no line for requests that go well, and binds the request id to the lines a request writes', async () => {
    const { logger, lines } = capturedLogger();
    const w = await startTestServer({}, { startWorkers: false, logger });
    try {
      const tenant = await createTenant(w);
      const before = lines.length;
      for (let i = 0; i < 5; i++) {
        expect((await w.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
        expect((await w.inject({ method: 'GET', url: '/v1/cases', headers: tenant.bearer })).statusCode).toBe(200);
      }
      expect(lines.slice(before)).toEqual([]);

      // A request that writes a line (the readiness probe with its database gone) writes it
      // with its own request id, the one its answer carries.
      await w.server.ctx.db.destroy();
      const down = await w.inject({ method: 'GET', url: '/health/ready' });
      expect(down.statusCode).toBe(503);
      const line = lines.find((l) => l.msg === 'readiness: the database does not answer');
      expect(line).toMatchObject({ level: 40, reqId: down.headers['x-request-id'] });
    } finally {
      await w.close().catch(() => {});
    }
  });
});
