import { ineResultResponseSchema, ineSubmitResponseSchema, ineSubmitWireBodySchema } from '@vcase/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getIneResult, submitIne } from '../services/lookups/ine.service.js';
import { principalOf, type RouteDeps } from './routeDeps.js';

/** The contract's 401 text on these paths mentions an API key (§4.10). */
const ine = { auth: 'bearer', unauthorizedMessage: 'API key inválida o ausente' } as const;
const tags = ['ine'];

export const ineRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { ctx }) => {
  app.post(
    '/documents/ine',
    { config: ine, schema: { tags, summary: 'Submit a voter ID for validation', body: ineSubmitWireBodySchema, response: { 202: ineSubmitResponseSchema } } },
    async (req, reply) => reply.status(202).send(await submitIne(ctx, principalOf(req), req.body)),
  );
  app.get(
    '/documents/ine/:job_id',
    { config: ine, schema: { tags, summary: 'Read an INE validation result', params: z.object({ job_id: z.string() }), response: { 200: ineResultResponseSchema } } },
    async (req) => getIneResult(ctx, principalOf(req), req.params.job_id),
  );
};
