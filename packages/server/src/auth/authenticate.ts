import type { ErrorCode } from '@vcase/shared';
import type { ServerContext } from '../context.js';
import { unauthorized } from '../errors.js';
import { findActiveApiKeyByHash } from '../repositories/apiKeys.repository.js';
import { findAccessToken, findTokenCutoff, tokenRevision, tokenRevisionNow } from '../repositories/accessTokens.repository.js';
import { findUser } from '../repositories/users.repository.js';
import { hashSecret, safeEqual } from './apiKeys.js';
import type { AuthMode, Principal } from './principal.js';
import type { TokenSigner, VerifiedClaims } from './tokens.js';

export interface AuthHeaders {
  authorization?: string;
  'x-api-key'?: string | string[];
}

export interface Authenticator {
  authenticate(mode: AuthMode, headers: AuthHeaders, errorCode?: ErrorCode | null): Promise<Principal | null>;
  /**
   * The caller when it is known at once: null on a public route, the principal of a bearer
   * token verified within the last minute and revoked by nobody since (where the database
   * answers without a promise: SQLite). Undefined when `authenticate` must decide (which
   * also words every refusal).
   */
  known(mode: AuthMode, headers: AuthHeaders): Principal | null | undefined;
}

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  return m ? m[1].trim() : null;
}

/** Verified bearer tokens kept at most this long, and never past their own `exp`. */
const BEARER_CACHE_MS = 60_000;
const BEARER_CACHE_ENTRIES = 10_000;

export function createAuthenticator(ctx: ServerContext, signer: TokenSigner, adminToken: string): Authenticator {
  // A verified token and its user, so a client's next requests skip the HMAC and the reads.
  // Users are never deleted or moved between companies, and an entry ends with the token's
  // own expiry. Entries hold only while the revision of token revocations is the one they
  // were verified under: it is read on every request, so a token revoked on any instance
  // sharing the database stops at once here too. API keys are not kept at all.
  const bearers = new Map<string, { principal: Principal; until: number }>();
  let bearersRevision: string | null = null;

  function atRevision(revision: string) {
    if (revision === bearersRevision) return;
    bearers.clear();
    bearersRevision = revision;
  }

  function cachedBearer(token: string, now: Date): Principal | undefined {
    const cached = bearers.get(token);
    if (cached && cached.until > now.getTime()) return cached.principal;
    if (cached) bearers.delete(token);
    return undefined;
  }

  async function viaBearer(token: string, code: ErrorCode | null): Promise<Principal> {
    const now = ctx.clock.now();
    // Read before anything the token is checked against: a revocation that commits after it
    // moves the revision the next request reads.
    const revision = await tokenRevision(ctx.db);
    atRevision(revision);
    const cached = cachedBearer(token, now);
    if (cached) return cached;
    const claims = await signer.verify(token, now);
    if (!claims) throw unauthorized('Token inválido o expirado', code);
    const user = await findUser(ctx.db, claims.userId);
    // A token names its user's company; one naming another is not ours, however well signed.
    if (!user || (claims.companyId && user.company_id && claims.companyId !== user.company_id))
      throw unauthorized('Token inválido o expirado', code);
    if (await isRevoked(ctx.db, claims, user.id)) throw unauthorized('Token revocado', code);
    const principal: Principal = { kind: 'user', userId: user.id, companyId: claims.companyId ?? user.company_id ?? null, user };
    // A request that read an older revision than another one since must not keep what it saw.
    if (revision !== bearersRevision) return principal;
    if (bearers.size >= BEARER_CACHE_ENTRIES) bearers.delete(bearers.keys().next().value as string);
    bearers.set(token, { principal, until: Math.min(claims.expiresAt.getTime(), now.getTime() + BEARER_CACHE_MS) });
    return principal;
  }

  async function viaApiKey(key: string, code: ErrorCode | null): Promise<Principal> {
    const row = await findActiveApiKeyByHash(ctx.db, hashSecret(key));
    if (!row) throw unauthorized('API key inválida o revocada', code);
    return { kind: 'apiKey', keyId: row.id, companyId: row.company_id, userId: null, user: null };
  }

  return {
    known(mode, headers) {
      if (mode === 'none') return null;
      // An API key is checked on every request (a revoked key stops at once), so a request
      // that carries one is never known ahead.
      if (mode !== 'bearer' && (mode !== 'bearerOrApiKey' || headers['x-api-key'] !== undefined)) return undefined;
      const token = bearerToken(headers.authorization);
      if (!token) return undefined;
      const revision = tokenRevisionNow(ctx.db);
      if (revision === null) return undefined;
      atRevision(revision);
      return cachedBearer(token, ctx.clock.now());
    },
    async authenticate(mode, headers, errorCode = null) {
      if (mode === 'none') return null;
      const token = bearerToken(headers.authorization);
      const apiKeyHeader = headers['x-api-key'];
      const apiKey = Array.isArray(apiKeyHeader) ? apiKeyHeader[0] : apiKeyHeader;

      if (mode === 'admin') {
        if (token && safeEqual(token, adminToken)) return { kind: 'admin', companyId: null, userId: null, user: null };
        throw unauthorized('Se requiere el token de administración');
      }
      if (mode === 'bearer') {
        if (!token) throw unauthorized('Se requiere un token Bearer en el encabezado Authorization', errorCode);
        return viaBearer(token, errorCode);
      }
      if (mode === 'apiKey' || mode === 'bearerOrApiKey') {
        if (apiKey) return viaApiKey(apiKey, errorCode);
        if (mode === 'bearerOrApiKey' && token) return viaBearer(token, errorCode);
        throw unauthorized('Se requiere una API key en el encabezado x-api-key', errorCode);
      }
      throw unauthorized('No autorizado', errorCode);
    },
  };
}

/**
 * Whether a well-signed token was revoked: one with an id must have its row, unrevoked and of
 * its user; one without (issued before tokens had ids) is revoked once its user's tokens were.
 */
async function isRevoked(db: ServerContext['db'], claims: VerifiedClaims, userId: string): Promise<boolean> {
  if (claims.tokenId) {
    const row = await findAccessToken(db, claims.tokenId);
    return !row || row.revoked_at !== null || row.user_id !== userId;
  }
  const cutoff = await findTokenCutoff(db, userId);
  return cutoff !== undefined && claims.issuedAt.getTime() <= Date.parse(cutoff);
}
