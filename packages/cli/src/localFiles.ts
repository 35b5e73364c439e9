import fs from 'node:fs';
import path from 'node:path';
import { RowError } from './errors.js';

const CODES: Record<string, string> = { ENOENT: 'FILE_NOT_FOUND', EISDIR: 'FILE_IS_DIRECTORY', EACCES: 'FILE_NOT_READABLE' };

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
      const code = CODES[(err as NodeJS.ErrnoException).code ?? ''] ?? 'FILE_NOT_READABLE';
      const why = code === 'FILE_NOT_FOUND' ? 'no such file' : code === 'FILE_IS_DIRECTORY' ? 'not a file' : 'not readable';
      throw new RowError(code, `cannot read ${file}: ${why}`);
    }
  }
}
