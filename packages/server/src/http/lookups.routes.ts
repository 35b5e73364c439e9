import {
  caseIdParamsSchema,
  CREDIT_BUREAU_PATH_SEGMENT,
  creditBureauResponseSchema,
  creditBureauStartResponseSchema,
  invoicesResponseSchema,
  pedimentoResponseSchema,
  pedimentoStartResponseSchema,
  rapiResponseSchema,
  rapiStartResponseSchema,
  renapoResponseSchema,
  renapoStartResponseSchema,
  repuveResponseSchema,
} from '@vcase/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getBureau, startBureau } from '../services/lookups/bureau.service.js';
import { getInvoices } from '../services/lookups/invoices.service.js';
import { getPedimento, startPedimento } from '../services/lookups/pedimento.service.js';
import { getRapi, startRapi } from '../services/lookups/rapi.service.js';
import { getRenapo, startRenapo } from '../services/lookups/renapo.service.js';
import { getRepuve } from '../services/lookups/repuve.service.js';
import { principalOf, type RouteDeps } from './routeDeps.js';

const bearer = { auth: 'bearer' } as const;
const tags = ['lookups'];
const params = caseIdParamsSchema;

/** Registry lookups on a case (contract §4.4) and invoice checks (§4.8). */
export const lookupsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { ctx, fileUrl }) => {
  app.get(
    '/v1/cases/:case_id/repuve',
    { config: bearer, schema: { tags, summary: 'REPUVE registry record', params, response: { 200: repuveResponseSchema } } },
    async (req) => getRepuve(ctx, principalOf(req), req.params.case_id),
  );

  app.get(
    '/v1/cases/:case_id/pedimento',
    { config: bearer, schema: { tags, summary: 'Customs-entry (pedimento) result', params, response: { 200: pedimentoResponseSchema } } },
    async (req) => getPedimento(ctx, principalOf(req), req.params.case_id),
  );
  app.post(
    '/v1/cases/:case_id/pedimento',
    { config: bearer, schema: { tags, summary: 'Start a pedimento lookup', params, response: { 202: pedimentoStartResponseSchema } } },
    async (req, reply) => reply.status(202).send(await startPedimento(ctx, principalOf(req), req.params.case_id)),
  );

  app.get(
    '/v1/cases/:case_id/rapi',
    { config: bearer, schema: { tags, summary: 'Criminal-activity registry (RAPI) result', params, response: { 200: rapiResponseSchema } } },
    async (req) => getRapi(ctx, principalOf(req), req.params.case_id),
  );
  app.post(
    '/v1/cases/:case_id/rapi',
    { config: bearer, schema: { tags, summary: 'Start a RAPI lookup on the primary VIN', params, response: { 202: rapiStartResponseSchema } } },
    async (req, reply) => reply.status(202).send(await startRapi(ctx, principalOf(req), req.params.case_id)),
  );

  app.get(
    '/v1/cases/:case_id/renapo',
    { config: bearer, schema: { tags, summary: 'CURP validation result', params, response: { 200: renapoResponseSchema } } },
    async (req) => getRenapo(ctx, principalOf(req), req.params.case_id),
  );
  app.post(
    '/v1/cases/:case_id/renapo',
    { config: bearer, schema: { tags, summary: 'Start a CURP validation', params, response: { 202: renapoStartResponseSchema } } },
    async (req, reply) => reply.status(202).send(await startRenapo(ctx, principalOf(req), req.params.case_id)),
  );

  app.get(
    `/v1/cases/:case_id/${CREDIT_BUREAU_PATH_SEGMENT}`,
    { config: bearer, schema: { tags, summary: 'Credit-bureau vehicle report', params, response: { 200: creditBureauResponseSchema } } },
    async (req) => getBureau(ctx, principalOf(req), req.params.case_id),
  );
  app.post(
    `/v1/cases/:case_id/${CREDIT_BUREAU_PATH_SEGMENT}`,
    { config: bearer, schema: { tags, summary: 'Start a credit-bureau report', params, response: { 202: creditBureauStartResponseSchema } } },
    async (req, reply) => reply.status(202).send(await startBureau(ctx, principalOf(req), req.params.case_id)),
  );

  app.get(
    '/v1/cases/:case_id/invoices',
    { config: bearer, schema: { tags: ['invoices'], summary: 'Invoices with their four background checks', params, response: { 200: invoicesResponseSchema } } },
    async (req) => getInvoices(ctx, principalOf(req), req.params.case_id, fileUrl),
  );
};
