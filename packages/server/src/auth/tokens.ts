import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export interface AccessTokenClaims {
  userId: string;
  companyId: string | null;
}

const ISSUER = 'vcase';

export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: AccessTokenClaims, expiresAt: Date): Promise<string> {
      const jwt = new SignJWT(claims.companyId ? { cid: claims.companyId } : {})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000));
      return jwt.sign(key);
    },

    /** The token's claims, or null when it is malformed, forged or expired. */
    async verify(token: string, now: Date): Promise<AccessTokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: now,
        });
        if (typeof payload.sub !== 'string' || !payload.sub) return null;
        return { userId: payload.sub, companyId: typeof payload.cid === 'string' ? payload.cid : null };
      } catch (err) {
        if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
