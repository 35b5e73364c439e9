import { errorBodySchema } from '@vcase/shared';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { ServerContext } from '../context.js';
import { errorBody } from './errorHandler.js';

/** A readiness probe answers 503 when the database has not answered within this long. */
export const READY_TIMEOUT_MS = 2_000;
export const DATABASE_NOT_READY = 'La base de datos no responde';

const ok = z.object({ status: z.literal('ok') });

/**
 * `GET /health` (operator-surface §1): 200 once the server accepts requests; it does not look
 * at the database. `GET /health/ready`: 200 only while the database answers a trivial query
 * within 2 s, else 503 in the error shape, for an orchestrator to stop sending traffic to an
 * instance whose database is down or stalled.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.get('/health', { schema: { tags: ['operations'], summary: 'Liveness', response: { 200: ok } } }, async () => ({
    status: 'ok' as const,
  }));
  app.get(
    '/health/ready',
    { schema: { tags: ['operations'], summary: 'Readiness: the database answers', response: { 200: ok, 503: errorBodySchema } } },
    async (req, reply) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          sql`select 1`.execute(ctx.db),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
          }),
        ]);
        return { status: 'ok' as const };
      } catch (err) {
        req.log.warn({ err }, 'readiness: the database does not answer');
        return reply.status(503).send(errorBody(null, DATABASE_NOT_READY));
      } finally {
        clearTimeout(timer);
      }
    },
  );
};
