import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import { BODY_TOO_LARGE } from '../errors.js';
import type { RouteDeps } from '../http/routeDeps.js';
import { appRouter, type AppRouter } from './appRouter.js';
import { answerPlainQueries } from './plainQueries.js';

/**
 * The tRPC channel on /trpc. `fastifyTRPCPlugin` replaces the JSON body parser in its
 * scope, so it lives in its own encapsulated plugin (not fastify-plugin) and REST routes
 * keep theirs.
 */
export async function registerTrpc(app: FastifyInstance, deps: RouteDeps & { authenticator: Authenticator }) {
  await app.register(async (scope) => {
    // A body over the limit is refused by Fastify before tRPC reads it: answered in tRPC's
    // error shape, with the status and contract code REST gives it.
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
      const path = request.url.split('?')[0].replace(/^\/trpc\/?/, '');
      return reply.status(400).send({
        error: {
          message: BODY_TOO_LARGE,
          code: TRPC_ERROR_CODES_BY_KEY.PAYLOAD_TOO_LARGE,
          data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 400, path, contractCode: 'VALIDATION_ERROR' },
        },
      });
    });
    answerPlainQueries(scope, deps);
    await scope.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
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
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  });
}
