import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const PREFIX = 'vck_';

/** A new API key; only its hash is stored. */
export function generateApiKey(): string {
  return PREFIX + randomBytes(24).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}
