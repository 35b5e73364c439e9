import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import { NOT_JSON_MEDIA_TYPE } from '../errors.js';
import { drainRequestBody } from '../http/drainBody.js';
import { bodyTooLargeMessage } from '../http/errorHandler.js';
import { jsonTextRefusal } from '../http/jsonBody.js';
import type { RouteDeps } from '../http/routeDeps.js';
import { appRouter, type AppRouter } from './appRouter.js';
import { trpcRefusal } from './errorShape.js';
import { answerPlainQueries } from './plainQueries.js';
import { METHOD_NOT_SUPPORTED } from './trpc.js';
import { limitTrpcBodies, trpcLimitsOf } from './trpcLimits.js';

/** Queries by GET (and HEAD), mutations by POST; OPTIONS for preflights. */
const TRPC_METHODS = new Set(['GET', 'HEAD', 'POST', 'OPTIONS']);

type BodyRefusal = { key: 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'BAD_REQUEST'; message: string };

/** Bodies Fastify refuses before tRPC sees them, as tRPC error codes and the REST message. */
const BODY_REFUSALS: Record<string, (request: FastifyRequest) => BodyRefusal> = {
  FST_ERR_CTP_BODY_TOO_LARGE: (request) => ({ key: 'PAYLOAD_TOO_LARGE', message: bodyTooLargeMessage(request, trpcLimitsOf(request)) }),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => ({ key: 'UNSUPPORTED_MEDIA_TYPE', message: NOT_JSON_MEDIA_TYPE }),
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
    const refuse = (refusal: BodyRefusal, request: FastifyRequest, reply: FastifyReply) =>
      reply.status(400).send(trpcRefusal(request.url, { ...refusal, httpStatus: 400, contractCode: 'VALIDATION_ERROR' }));
    scope.setErrorHandler(async (error: FastifyError, request, reply) => {
      const refusal = BODY_REFUSALS[error.code];
      if (!refusal) throw error;
      await drainRequestBody(request.raw);
      return refuse(refusal(request), request, reply);
    });
    // Methods tRPC's adapter cannot turn into a fetch Request (TRACE, CONNECT, TRACK) made it
    // fail with a 500 and an error line: every method but the ones tRPC reads gets its 405.
    scope.addHook('onRequest', (request, reply, done) => {
      if (TRPC_METHODS.has(request.method)) return done();
      reply
        .status(405)
        .header('allow', 'GET, POST')
        .send(
          trpcRefusal(request.url, { key: 'METHOD_NOT_SUPPORTED', message: METHOD_NOT_SUPPORTED, httpStatus: 405, contractCode: null }),
        );
    });
    limitTrpcBodies(scope);
    // The adapter parses the body itself (it arrives here as text): checked first as REST's
    // parser checks it, so a key bomb is refused unparsed.
    scope.addHook('preHandler', (request, reply, done) => {
      const refusal = typeof request.body === 'string' ? jsonTextRefusal(request.body, trpcLimitsOf(request)) : null;
      if (!refusal) return done();
      refuse({ key: 'BAD_REQUEST', message: refusal.message }, request, reply);
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
        refuse(BODY_REFUSALS.FST_ERR_CTP_INVALID_MEDIA_TYPE(request), request, reply);
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
