import type { TokenSigner } from '../auth/tokens.js';
import type { ServerContext } from '../context.js';
import type { DocumentRow } from '../repositories/documents.repository.js';

/** What route plugins are given: the shared context plus a few app-level collaborators. */
export interface RouteDeps {
  ctx: ServerContext;
  signer: TokenSigner;
  /** Public URL of a stored document file. */
  fileUrl: (doc: DocumentRow) => string;
}

export function principalOf(req: { principal: import('../auth/principal.js').Principal | null }) {
  if (!req.principal) throw new Error('route reached without authentication');
  return req.principal;
}
