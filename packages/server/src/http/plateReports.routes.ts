import {
  caseIdParamsSchema,
  ownershipChainResponseSchema,
  plateChainResponseSchema,
  plateLookupStartResponseSchema,
  taxesResponseSchema,
  taxesStartResponseSchema,
  ticketsResponseSchema,
} from '@vcase/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assertNoParameters,
  generateChainPlates,
  generateOwnershipChain,
  getChainPlates,
  getOwnershipChain,
} from '../services/chains.service.js';
import { getTaxes, getTickets, startTaxes, startTickets } from '../services/plateReports.service.js';
import { principalOf, type RouteDeps } from './routeDeps.js';

const bearer = { auth: 'bearer' } as const;
const params = caseIdParamsSchema;
/** Chain POSTs take no parameters; anything sent is refused by the service, so accept any shape here. */
const anyBody = z.unknown();
const anyQuery = z.record(z.string(), z.unknown());

/** Tickets, tenencia and the plate and ownership chains (contract §4.3, §4.5–4.7). */
export const plateReportsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { ctx }) => {
  app.get(
    '/v1/cases/:case_id/tickets',
    { config: bearer, schema: { tags: ['tickets'], summary: 'Infractions of the case plates (read-only)', params, response: { 200: ticketsResponseSchema } } },
    async (req) => getTickets(ctx, principalOf(req), req.params.case_id),
  );
  app.post(
    '/v1/cases/:case_id/tickets',
    { config: bearer, schema: { tags: ['tickets'], summary: 'Look up infractions of every plate', params, response: { 202: plateLookupStartResponseSchema } } },
    async (req, reply) => reply.status(202).send(await startTickets(ctx, principalOf(req), req.params.case_id)),
  );

  app.get(
    '/v1/cases/:case_id/taxes',
    { config: bearer, schema: { tags: ['taxes'], summary: 'Tenencia of the main and other plates (read-only)', params, response: { 200: taxesResponseSchema } } },
    async (req) => getTaxes(ctx, principalOf(req), req.params.case_id),
  );
  app.post(
    '/v1/cases/:case_id/taxes',
    { config: bearer, schema: { tags: ['taxes'], summary: 'Look up tenencia, one child job per plate', params, response: { 202: taxesStartResponseSchema } } },
    async (req, reply) => reply.status(202).send(await startTaxes(ctx, principalOf(req), req.params.case_id)),
  );

  app.get(
    '/v1/cases/:case_id/chain_plates',
    { config: bearer, schema: { tags: ['chains'], summary: 'Estado de México plate history', params, response: { 200: plateChainResponseSchema } } },
    async (req) => getChainPlates(ctx, principalOf(req), req.params.case_id),
  );
  app.post(
    '/v1/cases/:case_id/chain_plates',
    { config: bearer, schema: { tags: ['chains'], summary: 'Generate the plate chain (fire-and-forget)', params, body: anyBody, querystring: anyQuery, response: { 202: plateChainResponseSchema } } },
    async (req, reply) => {
      assertNoParameters(req.body, req.query);
      const body = await generateChainPlates(ctx, principalOf(req), req.params.case_id);
      return reply.status(202).send(body);
    },
  );

  app.get(
    '/v1/cases/:case_id/ownership_chain',
    { config: bearer, schema: { tags: ['chains'], summary: 'Ownership chain', params, response: { 200: ownershipChainResponseSchema } } },
    async (req) => getOwnershipChain(ctx, principalOf(req), req.params.case_id),
  );
  app.post(
    '/v1/cases/:case_id/ownership_chain',
    { config: bearer, schema: { tags: ['chains'], summary: 'Generate the ownership chain (fire-and-forget)', params, body: anyBody, querystring: anyQuery, response: { 202: ownershipChainResponseSchema } } },
    async (req, reply) => {
      assertNoParameters(req.body, req.query);
      const body = await generateOwnershipChain(ctx, principalOf(req), req.params.case_id);
      return reply.status(202).send(body);
    },
  );
};
