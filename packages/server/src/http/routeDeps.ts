import type { Principal } from '../auth/principal.js';
import type { OperationDeps } from '../operations/operation.js';

/** What route plugins are given: the operations' deps (context, signer, file URLs, response cache). */
export type RouteDeps = OperationDeps;

export function principalOf(req: { principal: Principal | null }) {
  if (!req.principal) throw new Error('route reached without authentication');
  return req.principal;
}
