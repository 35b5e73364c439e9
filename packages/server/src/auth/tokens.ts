import { createHmac, timingSafeEqual } from 'node:crypto';

export interface AccessTokenClaims {
  userId: string;
  companyId: string | null;
  /** `jti`: the token's row in `access_tokens`. Tokens issued before migration 008 have none. */
  tokenId?: string | null;
}

export interface VerifiedClaims extends AccessTokenClaims {
  tokenId: string | null;
  /** The token's `exp`. */
  expiresAt: Date;
  /** The token's `iat` (whole seconds). */
  issuedAt: Date;
}

const ISSUER = 'vcase';
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(text: string | Buffer): string {
  return Buffer.from(text).toString('base64url');
}

function parseSegment(segment: string): Record<string, unknown> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Access tokens are HS256 JWTs (RFC 7519) signed with the server's secret. They are verified
 * with a synchronous HMAC: every authenticated request pays for it, and the WebCrypto path
 * costs ten times more per call for the same check.
 */
export function createTokenSigner(secret: string) {
  const mac = (input: string) => createHmac('sha256', secret).update(input).digest();
  return {
    async sign(claims: AccessTokenClaims, expiresAt: Date, issuedAt = new Date()): Promise<string> {
      const payload = base64url(
        JSON.stringify({
          ...(claims.companyId ? { cid: claims.companyId } : {}),
          ...(claims.tokenId ? { jti: claims.tokenId } : {}),
          sub: claims.userId,
          iss: ISSUER,
          iat: Math.floor(issuedAt.getTime() / 1000),
          exp: Math.ceil(expiresAt.getTime() / 1000),
        }),
      );
      const signingInput = `${HEADER}.${payload}`;
      return `${signingInput}.${mac(signingInput).toString('base64url')}`;
    },

    /** The token's claims, or null when it is malformed, forged, not yet valid or expired. */
    async verify(token: string, now: Date): Promise<VerifiedClaims | null> {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [headerPart, payloadPart, signaturePart] = parts;
      const header = parseSegment(headerPart);
      if (!header || header.alg !== 'HS256' || header.crit !== undefined) return null;
      if (!/^[A-Za-z0-9_-]+$/.test(signaturePart)) return null;
      const signature = Buffer.from(signaturePart, 'base64url');
      const expected = mac(`${headerPart}.${payloadPart}`);
      if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
      const payload = parseSegment(payloadPart);
      if (!payload || payload.iss !== ISSUER) return null;
      const epoch = Math.floor(now.getTime() / 1000);
      if (typeof payload.exp !== 'number' || payload.exp <= epoch) return null;
      if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > epoch)) return null;
      if (typeof payload.sub !== 'string' || !payload.sub) return null;
      if (payload.jti !== undefined && (typeof payload.jti !== 'string' || !payload.jti)) return null;
      return {
        userId: payload.sub,
        companyId: typeof payload.cid === 'string' ? payload.cid : null,
        tokenId: typeof payload.jti === 'string' ? payload.jti : null,
        expiresAt: new Date(payload.exp * 1000),
        issuedAt: new Date((typeof payload.iat === 'number' ? payload.iat : 0) * 1000),
      };
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
