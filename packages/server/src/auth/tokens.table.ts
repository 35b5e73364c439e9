/**
 * Every bearer token issued since migration 008, by its `jti`. A token whose id has no row, or
 * whose row is revoked, is refused (docs/operator-guide.md "Security"); a row may go once its
 * token expired.
 */
export interface AccessTokensTable {
  id: string;
  user_id: string;
  company_id: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/**
 * A user's tokens issued before `revoked_before` are refused: how revoking all of a user's
 * tokens reaches those issued before tokens had ids (no `jti`, no row).
 */
export interface TokenCutoffsTable {
  user_id: string;
  revoked_before: string;
}

/**
 * One row (`id` 1) whose `revision` moves with every revocation: each instance keeps verified
 * tokens in memory only while the revision it read on the request is the one they were
 * verified under, so a revocation is seen at once by every process sharing the database.
 */
export interface TokenRevisionTable {
  id: number;
  revision: number | string;
}
