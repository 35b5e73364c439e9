import {
  assignBodySchema,
  caseListQuerySchema,
  createCaseBodySchema,
  metadataBodySchema,
} from '@vcase/shared';
import { z } from 'zod';
import {
  appendCaseMetadata,
  assignCase,
  createCase,
  deleteCase,
  getCaseDetail,
  getCaseMetadata,
  listCasesForCompany,
} from '../services/cases.service.js';
import { bearerProcedure, router } from './trpc.js';

const caseRef = z.object({ case_id: z.string() });

/** The REST case operations, one procedure each, over the same services. */
export const casesRouter = router({
  list: bearerProcedure
    .input(caseListQuerySchema.optional())
    .query(({ ctx, input }) => listCasesForCompany(ctx.deps.ctx, ctx.principal, input ?? {})),
  create: bearerProcedure.input(createCaseBodySchema).mutation(async ({ ctx, input }) => {
    const result = await createCase(ctx.deps.ctx, ctx.principal, input);
    return result.body;
  }),
  get: bearerProcedure
    .input(caseRef.extend({ files: z.enum(['all', 'active']).optional() }))
    .query(({ ctx, input }) =>
      getCaseDetail(ctx.deps.ctx, ctx.principal, input.case_id, {
        includeInactive: input.files === 'all',
        fileUrl: ctx.deps.fileUrl,
      }),
    ),
  delete: bearerProcedure.input(caseRef).mutation(({ ctx, input }) => deleteCase(ctx.deps.ctx, ctx.principal, input.case_id)),
  assign: bearerProcedure
    .input(caseRef.extend(assignBodySchema.shape))
    .mutation(({ ctx, input }) => assignCase(ctx.deps.ctx, ctx.principal, input.case_id, input.user_id)),
  metadata: bearerProcedure
    .input(caseRef)
    .query(({ ctx, input }) => getCaseMetadata(ctx.deps.ctx, ctx.principal, input.case_id)),
  appendMetadata: bearerProcedure
    .input(caseRef.extend({ data: metadataBodySchema }))
    .mutation(({ ctx, input }) => appendCaseMetadata(ctx.deps.ctx, ctx.principal, input.case_id, input.data)),
});
