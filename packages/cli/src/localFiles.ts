import fs from 'node:fs';
import path from 'node:path';
import { errorCode, RowError } from './errors.js';

const WHY: Record<string, string> = { FILE_NOT_FOUND: 'no such file', FILE_IS_DIRECTORY: 'not a file' };

/**
 * Checks that every local path (relative to `cwd`) is a readable file, before anything is
 * created for it: a case must not be left behind by a typo in one of its file names.
 */
export async function checkLocalFiles(cwd: string, files: readonly string[]): Promise<void> {
  for (const file of files) {
    const full = path.resolve(cwd, file);
    try {
      const stat = await fs.promises.stat(full);
      if (!stat.isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
      await fs.promises.access(full, fs.constants.R_OK);
    } catch (err) {
      const code = errorCode(err);
      throw new RowError(code, `cannot read ${file}: ${WHY[code] ?? 'not readable'}`);
    }
  }
}
