import { createApiKey, createCompany, createUser, deleteApiKey } from '../services/admin.service.js';
import { jobsSummary } from '../services/jobsSummary.service.js';
import { issueToken, listUserTokens, revokeToken, revokeUserTokens } from '../services/tokens.service.js';
import { uuidParam } from './inputs.js';
import type { OperationHandlers } from './operation.js';

/**
 * The `admin` group's companies, credentials and queue health (its webhooks and sandbox
 * fixtures have their own modules). Ids in the path are UUIDs, read in any case as REST reads
 * case ids.
 */
export const ADMIN_HANDLERS = {
  createCompany: ({ ctx }, i) => createCompany(ctx, i.body),
  createUser: ({ ctx }, i) => createUser(ctx, uuidParam(i.params.company_id), i.body),
  createToken: ({ ctx, signer }, i) => issueToken(ctx, signer, uuidParam(i.params.user_id), i.body.ttl_seconds ?? undefined),
  createApiKey: ({ ctx }, i) => createApiKey(ctx, uuidParam(i.params.company_id), i.body.name ?? undefined),
  revokeApiKey: ({ ctx }, i) => deleteApiKey(ctx, uuidParam(i.params.key_id)),
  listUserTokens: ({ ctx }, i) => listUserTokens(ctx, uuidParam(i.params.user_id)),
  revokeUserTokens: ({ ctx }, i) => revokeUserTokens(ctx, uuidParam(i.params.user_id)),
  revokeToken: ({ ctx }, i) => revokeToken(ctx, uuidParam(i.params.token_id)),
  getJobsSummary: ({ ctx }) => jobsSummary(ctx),
} satisfies Partial<OperationHandlers>;
