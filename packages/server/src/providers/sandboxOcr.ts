import type { ServerContext } from '../context.js';
import { getFixture } from '../repositories/sandboxFixtures.repository.js';

/**
 * The sandbox `ocr` source (operator-surface §3): the fixture stored for the sha256 of a
 * file's bytes. Consulted whatever the provider mode, so operators can pin OCR for a file.
 */
export async function lookupSandboxOcr(ctx: ServerContext, sha256: string) {
  if (!sha256) return undefined;
  return getFixture(ctx.db, 'ocr', sha256.toLowerCase());
}
