import {
  createApiKeyBodySchema,
  createCompanyBodySchema,
  createTokenBodySchema,
  createUserBodySchema,
} from '@vcase/shared';
import { z } from 'zod';
import { createApiKey, createCompany, createUser, deleteApiKey, issueToken } from '../services/admin.service.js';
import { adminProcedure, router } from './trpc.js';

export const adminRouter = router({
  createCompany: adminProcedure.input(createCompanyBodySchema).mutation(({ ctx, input }) => createCompany(ctx.deps.ctx, input)),
  createUser: adminProcedure
    .input(z.object({ company_id: z.string() }).extend(createUserBodySchema.shape))
    .mutation(({ ctx, input }) => {
      const { company_id, ...body } = input;
      return createUser(ctx.deps.ctx, company_id, body);
    }),
  issueToken: adminProcedure
    .input(z.object({ user_id: z.string() }).extend(createTokenBodySchema.shape))
    .mutation(({ ctx, input }) => issueToken(ctx.deps.ctx, ctx.deps.signer, input.user_id, input.ttl_seconds)),
  createApiKey: adminProcedure
    .input(z.object({ company_id: z.string() }).extend(createApiKeyBodySchema.shape))
    .mutation(({ ctx, input }) => createApiKey(ctx.deps.ctx, input.company_id, input.name)),
  deleteApiKey: adminProcedure.input(z.object({ key_id: z.string() })).mutation(async ({ ctx, input }) => {
    await deleteApiKey(ctx.deps.ctx, input.key_id);
    return { key_id: input.key_id, deleted: true };
  }),
});
