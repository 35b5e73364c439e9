import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import { BODY_TOO_LARGE, NOT_JSON_MEDIA_TYPE } from '../errors.js';
import { drainRequestBody } from '../http/drainBody.js';
import type { RouteDeps } from '../http/routeDeps.js';
import { appRouter, type AppRouter } from './appRouter.js';
import { trpcRefusal } from './errorShape.js';
import { answerPlainQueries } from './plainQueries.js';

/** Bodies Fastify refuses before tRPC sees them, as tRPC error codes and the REST message. */
const BODY_REFUSALS: Record<string, { key: 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE'; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { key: 'PAYLOAD_TOO_LARGE', message: BODY_TOO_LARGE },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { key: 'UNSUPPORTED_MEDIA_TYPE', message: NOT_JSON_MEDIA_TYPE },
};

/**
 * The tRPC channel on /trpc. `fastifyTRPCPlugin` replaces the JSON body parser in its
 * scope, so it lives in its own encapsulated plugin (not fastify-plugin) and REST routes
 * keep theirs.
 */
export async function registerTrpc(app: FastifyInstance, deps: RouteDeps & { authenticator: Authenticator }) {
  await app.register(async (scope) => {
    // A body over the limit, or of a type no parser takes, is refused by Fastify before tRPC
    // reads it: answered in tRPC's error shape, with the status and contract code REST gives it.
    const refuse = (refusal: (typeof BODY_REFUSALS)[string], request: FastifyRequest, reply: FastifyReply) =>
      reply.status(400).send(trpcRefusal(request.url, { ...refusal, httpStatus: 400, contractCode: 'VALIDATION_ERROR' }));
    scope.setErrorHandler(async (error: FastifyError, request, reply) => {
      const refusal = BODY_REFUSALS[error.code];
      if (!refusal) throw error;
      await drainRequestBody(request.raw);
      return refuse(refusal, request, reply);
    });
    // The tRPC adapter takes multipart bodies for procedures that read FormData; these take
    // JSON only, so a multipart body is refused unread like the bodies Fastify refuses: drained
    // within the same bounds, then the socket closes (left to Node, an unread body is read to
    // its end however long it is).
    // (Callback style: the common request, not multipart, goes on without a promise.)
    scope.addHook('onRequest', (request, reply, done) => {
      if (!/^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')) return done();
      drainRequestBody(request.raw).then(() => {
        reply.header('connection', 'close');
        refuse(BODY_REFUSALS.FST_ERR_CTP_INVALID_MEDIA_TYPE, request, reply);
      }, done);
    });
    const trpcOptions: FastifyTRPCPluginOptions<AppRouter>['trpcOptions'] = {
      router: appRouter,
      createContext: ({ req }) => ({
        deps,
        authenticator: deps.authenticator,
        headers: {
          authorization: req.headers.authorization,
          'x-api-key': req.headers['x-api-key'],
        },
      }),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') deps.ctx.logger.error({ err: error, path }, 'trpc error');
      },
    };
    answerPlainQueries(scope, deps, trpcOptions);
    await scope.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions });
  });
}
