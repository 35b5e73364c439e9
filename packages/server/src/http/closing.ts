import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isTrpcUrl, trpcRefusal } from '../trpc/errorShape.js';
import { errorBody } from './errorHandler.js';

export const CLOSING_MESSAGE = 'El servicio se está deteniendo; reintente en unos momentos';

/**
 * Requests that arrive once the server has begun to close (SIGTERM) are refused as Fastify
 * refuses them, 503 and the connection closed, but in the service's error shape
 * (operator-surface §4), or tRPC's on the tRPC channel: Fastify's own answer has `error` as a
 * string. Requests already received finish. Returns the check the app's request hook runs
 * first, so nothing else runs for a refused request: true when it refused (and answered) one.
 */
export function closingGate(app: FastifyInstance): (req: FastifyRequest, reply: FastifyReply) => boolean {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
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
