import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/**
 * Node's HTTP server settings for the configured timeouts (docs/operator-guide.md,
 * "Timeouts"). A client has `headersTimeoutMs` for its headers and `requestTimeoutMs` for the
 * whole request, body included, however slowly it sends: past either, the request is answered
 * 408 and its connection closed (`clientErrorHandler`). Node checks its connections every
 * `connectionsCheckingInterval`, so a timeout fires up to that late: a quarter of the shorter
 * timeout, between 25 ms and 5 s.
 */
export function serverTimeouts(config: Pick<Config, 'requestTimeoutMs' | 'headersTimeoutMs'>) {
  const requestTimeout = config.requestTimeoutMs;
  const headersTimeout = Math.min(config.headersTimeoutMs, requestTimeout);
  const connectionsCheckingInterval = Math.min(5_000, Math.max(25, Math.floor(headersTimeout / 4)));
  return { requestTimeout, http: { requestTimeout, headersTimeout, connectionsCheckingInterval } };
}

const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;

/**
 * An answer sent before the request's body has all arrived (a 401 or 404 decided from the
 * headers, a refusal) closes the connection once it is out: Node would otherwise read the rest
 * of the body, however slowly it comes, to keep the connection for another request.
 */
export function closeOnUnreadBody(app: FastifyInstance) {
  app.addHook('onSend', (req, reply, _payload, done) => {
    if (!req.raw.complete && hasBody(req.headers)) reply.header('connection', 'close');
    done();
  });
}
