import {
  caseIdParamsSchema,
  caseNamesResponseSchema,
  caseStatusResponseSchema,
  caseVinsResponseSchema,
  platesResponseSchema,
  processCaseResponseSchema,
} from '@vcase/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCaseNames, getCaseVins } from '../services/caseDerived.service.js';
import { getCaseStatus, processCase } from '../services/caseProcessing.service.js';
import { getPlates, recomputePlates } from '../services/plates.service.js';
import { principalOf, type RouteDeps } from './routeDeps.js';

const bearer = { auth: 'bearer' } as const;
const tags = ['cases'];
const params = caseIdParamsSchema;

export const caseProcessingRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { ctx }) => {
  app.post(
    '/v1/cases/:case_id/process',
    { config: bearer, schema: { tags, summary: "Queue bulk processing (OCR + extraction) of the case's documents", params, response: { 202: processCaseResponseSchema } } },
    async (req, reply) => reply.status(202).send(await processCase(ctx, principalOf(req), req.params.case_id)),
  );

  app.get(
    '/v1/cases/:case_id/status',
    { config: bearer, schema: { tags, summary: 'Status of the latest processing job', params, response: { 200: caseStatusResponseSchema } } },
    async (req) => getCaseStatus(ctx, principalOf(req), req.params.case_id),
  );

  app.get(
    '/v1/cases/:case_id/names',
    { config: bearer, schema: { tags, summary: 'Names consolidated from all documents', params, response: { 200: caseNamesResponseSchema } } },
    async (req) => getCaseNames(ctx, principalOf(req), req.params.case_id),
  );

  app.get(
    '/v1/cases/:case_id/vins',
    { config: bearer, schema: { tags, summary: 'Primary VIN and VINs detected per document', params, response: { 200: caseVinsResponseSchema } } },
    async (req) => getCaseVins(ctx, principalOf(req), req.params.case_id),
  );

  app.get(
    '/v1/cases/:case_id/plates',
    { config: bearer, schema: { tags: ['plates'], summary: 'Plates detected in the case documents', params, response: { 200: platesResponseSchema } } },
    async (req) => getPlates(ctx, principalOf(req), req.params.case_id),
  );

  app.post(
    '/v1/cases/:case_id/plates',
    { config: bearer, schema: { tags: ['plates'], summary: 'Recompute plates from processed documents', params, response: { 200: platesResponseSchema } } },
    async (req) => recomputePlates(ctx, principalOf(req), req.params.case_id),
  );
};
