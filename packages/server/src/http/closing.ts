import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isTrpcUrl, trpcRefusal } from '../trpc/errorShape.js';
import { errorBody } from './errorHandler.js';

export const CLOSING_MESSAGE = 'El servicio se está deteniendo; reintente en unos momentos';

/** While closing, how often connections that have gone idle are closed. */
const IDLE_SWEEP_MS = 100;

/**
 * Requests that arrive once the server has begun to close (SIGTERM) are refused as Fastify
 * refuses them, 503 and the connection closed, but in the service's error shape
 * (operator-surface §4), or tRPC's on the tRPC channel: Fastify's own answer has `error` as a
 * string. Requests already received finish. Returns the check the app's request hook runs
 * first, so nothing else runs for a refused request: true when it refused (and answered) one.
 */
export function closingGate(app: FastifyInstance): (req: FastifyRequest, reply: FastifyReply) => boolean {
  let closing = false;
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    closing = true;
    // Node closes the connections that are idle when the close begins. One whose request was
    // in flight goes idle once answered and would stay open for its keep-alive timeout (72 s),
    // holding the process: closed as soon as it goes idle instead.
    sweep = setInterval(() => app.server.closeIdleConnections?.(), IDLE_SWEEP_MS).unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweep);
    done();
  });
  return (req, reply) => {
    if (!closing) return false;
    const body = isTrpcUrl(req.url)
      ? trpcRefusal(req.url, { key: 'SERVICE_UNAVAILABLE', message: CLOSING_MESSAGE, httpStatus: 503, contractCode: null })
      : errorBody(null, CLOSING_MESSAGE);
    reply.header('x-request-id', req.id).header('connection', 'close').status(503).send(body);
    return true;
  };
}
