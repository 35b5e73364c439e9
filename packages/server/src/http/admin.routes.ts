import {
  apiKeySchema,
  companySchema,
  createApiKeyBodySchema,
  createCompanyBodySchema,
  createTokenBodySchema,
  createUserBodySchema,
  jsonObject,
  sandboxFixtureSchema,
  sandboxFixturesResponseSchema,
  sandboxSourceSchema,
  tokenSchema,
  userSchema,
} from '@vcase/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAllFixtures, listFixtures, putFixture } from '../repositories/sandboxFixtures.repository.js';
import { createApiKey, createCompany, createUser, deleteApiKey, issueToken } from '../services/admin.service.js';
import type { RouteDeps } from './routeDeps.js';

const admin = { auth: 'admin' } as const;
const tags = ['admin'];

export const adminRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { ctx } = deps;

  app.post(
    '/admin/companies',
    { config: admin, schema: { tags, summary: 'Create a company', body: createCompanyBodySchema, response: { 201: companySchema } } },
    async (req, reply) => reply.status(201).send(await createCompany(ctx, req.body)),
  );

  app.post(
    '/admin/companies/:company_id/users',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Create a user of a company',
        params: z.object({ company_id: z.string() }),
        body: createUserBodySchema.optional(),
        response: { 201: userSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createUser(ctx, req.params.company_id, req.body ?? {})),
  );

  app.post(
    '/admin/users/:user_id/tokens',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Issue a bearer token for a user',
        params: z.object({ user_id: z.string() }),
        body: createTokenBodySchema.optional(),
        response: { 201: tokenSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await issueToken(ctx, deps.signer, req.params.user_id, req.body?.ttl_seconds)),
  );

  app.post(
    '/admin/companies/:company_id/api-keys',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Create an API key for a company',
        params: z.object({ company_id: z.string() }),
        body: createApiKeyBodySchema.optional(),
        response: { 201: apiKeySchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createApiKey(ctx, req.params.company_id, req.body?.name)),
  );

  app.delete(
    '/admin/api-keys/:key_id',
    { config: admin, schema: { tags, summary: 'Revoke an API key', params: z.object({ key_id: z.string() }) } },
    async (req, reply) => {
      await deleteApiKey(ctx, req.params.key_id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/admin/sandbox/fixtures/:source/:key',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Store the sandbox outcome for a (source, key)',
        params: z.object({ source: sandboxSourceSchema, key: z.string().min(1) }),
        body: jsonObject,
        response: { 200: sandboxFixtureSchema },
      },
    },
    async (req) => {
      const fixture = { source: req.params.source, key: req.params.key, outcome: req.body };
      await putFixture(ctx.db, fixture, ctx.clock.now().toISOString());
      return fixture;
    },
  );

  app.get(
    '/admin/sandbox/fixtures',
    { config: admin, schema: { tags, summary: 'List sandbox fixtures', response: { 200: sandboxFixturesResponseSchema } } },
    async () => ({ data: (await listFixtures(ctx.db)) as z.infer<typeof sandboxFixtureSchema>[] }),
  );

  app.delete(
    '/admin/sandbox/fixtures',
    { config: admin, schema: { tags, summary: 'Remove every sandbox fixture' } },
    async (_req, reply) => {
      await deleteAllFixtures(ctx.db);
      return reply.status(204).send();
    },
  );
};
