import type { Token, UserTokensResponse } from '@vcase/shared';
import type { TokenSigner } from '../auth/tokens.js';
import type { ServerContext } from '../context.js';
import { HttpError } from '../errors.js';
import {
  findAccessToken,
  insertAccessToken,
  listAccessTokens,
  revokeAccessToken,
  revokeUserAccessTokens,
} from '../repositories/accessTokens.repository.js';
import { findUser } from '../repositories/users.repository.js';

export const DEFAULT_TOKEN_TTL_SECONDS = 86_400;

async function requireUser(ctx: ServerContext, userId: string) {
  const user = await findUser(ctx.db, userId);
  if (!user) throw HttpError.of('RESOURCE_NOT_FOUND', 'Usuario no encontrado');
  return user;
}

/**
 * A bearer token for the user, recorded under its id (`jti`) before it is handed out, so it
 * can be revoked (docs/operator-guide.md "Security"). `ttlSeconds` is at most
 * MAX_TOKEN_TTL_SECONDS (the request schema refuses more).
 */
export async function issueToken(
  ctx: ServerContext,
  signer: TokenSigner,
  userId: string,
  ttlSeconds = DEFAULT_TOKEN_TTL_SECONDS,
): Promise<Token> {
  const user = await requireUser(ctx, userId);
  const now = ctx.clock.now();
  // A JWT's `exp` counts whole seconds: the expiry is rounded up to one, so the token lives at
  // least `ttl_seconds` and `expires_at` names the moment it stops working.
  const expiresAt = new Date(Math.ceil((now.getTime() + ttlSeconds * 1000) / 1000) * 1000);
  const tokenId = ctx.ids();
  await insertAccessToken(
    ctx.db,
    {
      id: tokenId,
      user_id: user.id,
      company_id: user.company_id,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      revoked_at: null,
    },
    now.toISOString(),
  );
  const access_token = await signer.sign({ userId: user.id, companyId: user.company_id, tokenId }, expiresAt, now);
  return { access_token, token_type: 'Bearer', expires_at: expiresAt.toISOString(), token_id: tokenId };
}

export async function listUserTokens(ctx: ServerContext, userId: string): Promise<UserTokensResponse> {
  await requireUser(ctx, userId);
  const rows = await listAccessTokens(ctx.db, userId);
  return { data: rows.map((r) => ({ token_id: r.id, created_at: r.created_at, expires_at: r.expires_at, revoked_at: r.revoked_at })) };
}

/** Revokes one token; revoking it again is no error. Every instance refuses it from the next request on. */
export async function revokeToken(ctx: ServerContext, tokenId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findAccessToken(trx, tokenId);
    if (!row) throw HttpError.of('RESOURCE_NOT_FOUND', 'Token no encontrado');
    if (row.revoked_at === null) await revokeAccessToken(trx, tokenId, ctx.clock.now().toISOString());
  });
}

/** Revokes every token of the user, those issued before tokens had ids too. */
export async function revokeUserTokens(ctx: ServerContext, userId: string): Promise<void> {
  await requireUser(ctx, userId);
  await ctx.db.transaction().execute((trx) => revokeUserAccessTokens(trx, userId, ctx.clock.now().toISOString()));
}
