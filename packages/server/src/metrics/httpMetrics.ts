import type { FastifyInstance } from 'fastify';
import type { AuthRule } from '../auth/operationAuth.js';
import type { ServerMetrics } from './promMetrics.js';

/** `/metrics` on the API port answers the admin token only, refused like any admin route. */
const ADMIN_ONLY: AuthRule = { mode: 'admin', errorCode: null, unauthorizedMessage: null };

/**
 * Times every answered request by its route template (`reply.elapsedTime`, measured by
 * Fastify from the request's arrival) and, unless `/metrics` is served on a port of its own
 * (`--metrics-port`), answers `GET /metrics` to the admin token.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: ServerMetrics, opts: { serve: boolean }) {
  app.addHook('onResponse', (req, reply, done) => {
    metrics.httpRequest(req.routeOptions.url, req.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  if (!opts.serve) return;
  app.get(
    '/metrics',
    {
      config: { authRule: ADMIN_ONLY },
      schema: { tags: ['operations'], summary: 'Prometheus metrics (text format); the admin token, unless served on --metrics-port' },
    },
    async (_req, reply) => reply.type(metrics.contentType).send(await metrics.scrape()),
  );
}
