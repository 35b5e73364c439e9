import {
  assignBodySchema,
  assignResponseSchema,
  caseDetailQuerySchema,
  caseDetailSchema,
  caseIdParamsSchema,
  caseListQuerySchema,
  caseListResponseSchema,
  createCaseBodySchema,
  createCaseCreatedSchema,
  createCaseQueuedSchema,
  deleteCaseResponseSchema,
  metadataBodySchema,
  metadataResponseSchema,
} from '@vcase/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appendCaseMetadata,
  assignCase,
  createCase,
  deleteCase,
  getCaseDetail,
  getCaseMetadata,
  listCasesForCompany,
} from '../services/cases.service.js';
import { principalOf, type RouteDeps } from './routeDeps.js';

const bearer = { auth: 'bearer' } as const;
const tags = ['cases'];

export const casesRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { ctx } = deps;

  app.get(
    '/v1/cases',
    {
      config: bearer,
      schema: { tags, summary: "Paginated list of the company's cases", querystring: caseListQuerySchema, response: { 200: caseListResponseSchema } },
    },
    async (req) => listCasesForCompany(ctx, principalOf(req), req.query),
  );

  app.post(
    '/v1/cases',
    {
      config: bearer,
      schema: {
        tags,
        summary: 'Create a case, optionally with initial files',
        body: createCaseBodySchema,
        response: { 201: createCaseCreatedSchema, 202: createCaseQueuedSchema },
      },
    },
    async (req, reply) => {
      const result = await createCase(ctx, principalOf(req), req.body);
      return reply.status(result.statusCode).send(result.body);
    },
  );

  app.get(
    '/v1/cases/:case_id',
    {
      config: bearer,
      schema: { tags, summary: 'Case and documents with OCR', params: caseIdParamsSchema, querystring: caseDetailQuerySchema, response: { 200: caseDetailSchema } },
    },
    async (req) =>
      getCaseDetail(ctx, principalOf(req), req.params.case_id, {
        includeInactive: req.query.files === 'all',
        fileUrl: deps.fileUrl,
      }),
  );

  app.delete(
    '/v1/cases/:case_id',
    { config: bearer, schema: { tags, summary: 'Soft-delete a case', params: caseIdParamsSchema, response: { 200: deleteCaseResponseSchema } } },
    async (req) => deleteCase(ctx, principalOf(req), req.params.case_id),
  );

  app.post(
    '/v1/cases/:case_id/assign',
    {
      config: bearer,
      schema: { tags, summary: 'Assign to a user of the company', params: caseIdParamsSchema, body: assignBodySchema, response: { 200: assignResponseSchema } },
    },
    async (req) => assignCase(ctx, principalOf(req), req.params.case_id, req.body.user_id),
  );

  app.get(
    '/v1/cases/:case_id/metadata',
    { config: bearer, schema: { tags, summary: 'Business metadata of the case', params: caseIdParamsSchema, response: { 200: metadataResponseSchema } } },
    async (req) => getCaseMetadata(ctx, principalOf(req), req.params.case_id),
  );

  app.post(
    '/v1/cases/:case_id/metadata',
    {
      config: bearer,
      schema: {
        tags,
        summary: 'Append an entry to the metadata history',
        params: caseIdParamsSchema,
        body: metadataBodySchema,
        response: { 200: metadataResponseSchema },
      },
    },
    async (req) => appendCaseMetadata(ctx, principalOf(req), req.params.case_id, req.body),
  );
};
