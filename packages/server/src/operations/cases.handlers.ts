import { getCaseNames, getCaseVins } from '../services/caseDerived.service.js';
import { getCaseStatus, processCase } from '../services/caseProcessing.service.js';
import { appendCaseMetadata, assignCase, createCase, deleteCase, getCaseDetail, getCaseMetadata } from '../services/cases.service.js';
import {
  assertNoParameters,
  generateChainPlates,
  generateOwnershipChain,
  getChainPlates,
  getOwnershipChain,
} from '../services/chains.service.js';
import { getPlates, recomputePlates } from '../services/plates.service.js';
import { cachedCaseList } from './cachedReads.js';
import { withStatus, type OperationHandlers } from './operation.js';

/** The `cases` group of the operations table: cases, their plates and chains. */
export const CASE_HANDLERS = {
  listCases: (env, i) => cachedCaseList(env, i.query),
  createCase: async ({ ctx, principal }, i) => {
    const r = await createCase(ctx, principal, i.body);
    return withStatus(r.statusCode, r.body);
  },
  getCase: ({ ctx, principal, fileUrl }, i) =>
    getCaseDetail(ctx, principal, i.params.case_id, { includeInactive: i.query.files === 'all', fileUrl }),
  deleteCase: ({ ctx, principal }, i) => deleteCase(ctx, principal, i.params.case_id),
  assignCase: ({ ctx, principal }, i) => assignCase(ctx, principal, i.params.case_id, i.body.user_id),
  processCase: ({ ctx, principal }, i) => processCase(ctx, principal, i.params.case_id),
  getCaseStatus: ({ ctx, principal }, i) => getCaseStatus(ctx, principal, i.params.case_id),
  getCaseNames: ({ ctx, principal }, i) => getCaseNames(ctx, principal, i.params.case_id),
  getCaseVins: ({ ctx, principal }, i) => getCaseVins(ctx, principal, i.params.case_id),
  getCaseMetadata: ({ ctx, principal }, i) => getCaseMetadata(ctx, principal, i.params.case_id),
  appendCaseMetadata: ({ ctx, principal }, i) => appendCaseMetadata(ctx, principal, i.params.case_id, i.body),
  getPlates: ({ ctx, principal }, i) => getPlates(ctx, principal, i.params.case_id),
  computePlates: ({ ctx, principal }, i) => recomputePlates(ctx, principal, i.params.case_id),
  getPlateChain: ({ ctx, principal }, i) => getChainPlates(ctx, principal, i.params.case_id),
  generatePlateChain: ({ ctx, principal }, i) => {
    assertNoParameters(i.body, i.query);
    return generateChainPlates(ctx, principal, i.params.case_id);
  },
  getOwnershipChain: ({ ctx, principal }, i) => getOwnershipChain(ctx, principal, i.params.case_id),
  generateOwnershipChain: ({ ctx, principal }, i) => {
    assertNoParameters(i.body, i.query);
    return generateOwnershipChain(ctx, principal, i.params.case_id);
  },
} satisfies Partial<OperationHandlers>;
