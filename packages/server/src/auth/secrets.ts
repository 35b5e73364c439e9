import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Returns the configured secret, else the one kept in `stateDir/name`, else a new one that
 * is written there (mode 0600) so the next start reuses it. `created` tells the caller to
 * print it.
 */
export function loadOrCreateSecret(stateDir: string, name: string, configured?: string): { value: string; created: boolean } {
  if (configured) return { value: configured, created: false };
  const file = path.join(stateDir, name);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing) return { value: existing, created: false };
  } catch {
    // not there yet
  }
  fs.mkdirSync(stateDir, { recursive: true });
  const value = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return { value, created: true };
}
