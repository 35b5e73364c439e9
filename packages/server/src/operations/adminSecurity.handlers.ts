import { listUserTokens, revokeToken, revokeUserTokens } from '../services/tokens.service.js';
import type { OperationHandler } from './handlers.js';
import { uuidParam } from './inputs.js';

/** Handlers of `ADMIN_SECURITY_OPERATIONS` (packages/shared/src/adminSecurity.ts). */
export const ADMIN_SECURITY_HANDLERS = {
  listUserTokens: ({ ctx }, i) => listUserTokens(ctx, uuidParam(i.params.user_id)),
  revokeUserTokens: ({ ctx }, i) => revokeUserTokens(ctx, uuidParam(i.params.user_id)),
  revokeToken: ({ ctx }, i) => revokeToken(ctx, uuidParam(i.params.token_id)),
} satisfies Record<string, OperationHandler>;
