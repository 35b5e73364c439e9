import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
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
