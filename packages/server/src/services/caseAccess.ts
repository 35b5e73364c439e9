import { CASE_NOT_FOUND_MESSAGE, isUuid } from '@vcase/shared';
import type { Principal } from '../auth/principal.js';
import type { ServerContext } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import { activeCaseRevision, findActiveCase, type CaseRow } from '../repositories/cases.repository.js';

export const CASE_NOT_FOUND = CASE_NOT_FOUND_MESSAGE;

/**
 * The caller's company. Every case endpoint resolves it from the token; a token whose
 * company cannot be determined is refused with 400 (contract §4.2).
 */
export function requireCompany(principal: Principal): string {
  if (!principal.companyId) throw badRequest('No se pudo determinar la compañía del token');
  return principal.companyId;
}

/**
 * The active case `caseId` of the caller's company. An id that is not a UUID is a 400;
 * a missing, inactive or foreign case is a 404 (no existence leaks across companies).
 */
export async function loadCase(ctx: ServerContext, principal: Principal, caseId: string): Promise<CaseRow> {
  if (!isUuid(caseId)) throw badRequest('case_id no es un UUID válido');
  const companyId = requireCompany(principal);
  const row = await findActiveCase(ctx.db, companyId, caseId.toLowerCase());
  if (!row) throw notFound(CASE_NOT_FOUND);
  return row;
}

/** The revision of a case the caller may read, refused like `loadCase` refuses it. */
export async function caseRevision(ctx: ServerContext, principal: Principal, caseId: string): Promise<string> {
  if (!isUuid(caseId)) throw badRequest('case_id no es un UUID válido');
  const companyId = requireCompany(principal);
  const revision = await activeCaseRevision(ctx.db, companyId, caseId.toLowerCase());
  if (revision === undefined) throw notFound(CASE_NOT_FOUND);
  return revision;
}
