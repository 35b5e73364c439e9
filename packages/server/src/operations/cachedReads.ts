import { OPERATIONS, type OperationId, type QueryOf } from '@vcase/shared';
import { caseListRevision, type CaseRow } from '../repositories/cases.repository.js';
import { caseRevision, loadCase, requireCompany } from '../services/caseAccess.js';
import { listCasesForCompany } from '../services/cases.service.js';
import type { OperationEnv } from './operation.js';
import type { EncodedBody } from './responseCache.js';

/**
 * A read of one case answered from the response cache while the case's revision (and
 * `variant`, for answers that also depend on something else) is unchanged. `compute` must
 * read nothing but the case's own rows (migration 005's `CASE_CHILD_TABLES`).
 */
export async function cachedCaseRead(
  env: OperationEnv,
  opId: OperationId,
  caseId: string,
  compute: (row: CaseRow) => Promise<unknown>,
  variant = '',
): Promise<EncodedBody> {
  const revision = await caseRevision(env.ctx, env.principal, caseId);
  return env.responses.read(OPERATIONS[opId], `${opId}:${caseId.toLowerCase()}`, `${revision}:${variant}`, async () =>
    compute(await loadCase(env.ctx, env.principal, caseId)),
  );
}

/**
 * GET /v1/cases answered from the response cache while the company's case-list revision is
 * unchanged. A `vin` filter matches documents, which that revision does not follow, so those
 * pages are always computed. `q` is the query as the operation's schema parsed it (both
 * channels validate it before the handler runs).
 */
export async function cachedCaseList(env: OperationEnv, q: QueryOf<'listCases'>): Promise<unknown> {
  const companyId = requireCompany(env.principal);
  if (q.vin?.trim()) return listCasesForCompany(env.ctx, env.principal, q);
  const version = await caseListRevision(env.ctx.db, companyId);
  const key = JSON.stringify(['listCases', companyId, q.limit, q.offset, q.internal_id?.trim() ?? '', q.case_type?.toLowerCase() ?? '']);
  return env.responses.read(OPERATIONS.listCases, key, version, () => listCasesForCompany(env.ctx, env.principal, q));
}
