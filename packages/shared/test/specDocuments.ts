import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of the service's contract documents (spec/service-contract.md,
 * design/operator-surface.md), kept outside the repository: VCASE_SPEC_DIR, else the `shared`
 * folder beside the repository. Without them the tests that check the code against their
 * text are skipped, with SPEC_NOTE in the test summary.
 */
const specDir = process.env.VCASE_SPEC_DIR?.trim() || fileURLToPath(new URL('../../../../shared', import.meta.url));

export const SPEC_NOTE =
  'needs the contract documents: set VCASE_SPEC_DIR to the folder holding spec/service-contract.md and design/operator-surface.md';

/** A document of the spec folder (`spec/service-contract.md`), or null when it is not there. */
export function specDocument(relative: string): string | null {
  const file = path.join(specDir, relative);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}
