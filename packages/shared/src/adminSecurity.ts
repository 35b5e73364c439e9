import * as z from 'zod';
import { timestamp, uuid } from './common.js';

/**
 * Admin operations beyond operator-surface §2 that revoke credentials (docs/operator-guide.md
 * "Security"). Their specs join the operations table (`OPERATIONS`), so REST, tRPC, the
 * OpenAPI document, the SDK and `vcase admin` get them like every other operation.
 */

export const tokenInfoSchema = z.object({
  token_id: uuid,
  created_at: timestamp,
  expires_at: timestamp,
  /** When it was revoked, one by one or with all of its user's; null while it works. */
  revoked_at: timestamp.nullable(),
});
export type TokenInfo = z.infer<typeof tokenInfoSchema>;
export const userTokensResponseSchema = z.object({ data: z.array(tokenInfoSchema) });
export type UserTokensResponse = z.infer<typeof userTokensResponseSchema>;

/** Specs of the operations above, spread into `OPERATIONS` (operations.ts checks their shape). */
export const ADMIN_SECURITY_OPERATIONS = {
  listUserTokens: {
    method: 'GET', path: '/admin/users/{user_id}/tokens', auth: 'admin', group: 'admin',
    summary: "A user's bearer tokens (never the tokens themselves), newest first",
    response: userTokensResponseSchema, successStatus: 200,
  },
  revokeUserTokens: {
    method: 'DELETE', path: '/admin/users/{user_id}/tokens', auth: 'admin', group: 'admin',
    summary: "Revoke every bearer token of a user at once, those issued before token ids too",
    response: null, successStatus: 204,
  },
  revokeToken: {
    method: 'DELETE', path: '/admin/tokens/{token_id}', auth: 'admin', group: 'admin',
    summary: 'Revoke one bearer token at once',
    response: null, successStatus: 204,
  },
} as const;
