import fs from 'node:fs';
import path from 'node:path';
import { checkUploadPath, FileReadError } from '@vcase/sdk';
import { errorCode, RowError } from './errors.js';

/** An http(s) URL, which the server downloads itself (anything else names a local file). */
export const isUrl = (value: string) => /^https?:\/\//i.test(value);

/** A local file to upload, relative to the command's directory, with the type it is sent as. */
export interface LocalFile {
  file: string;
  mime_type?: string;
}

/**
 * Checks every local file (relative to `cwd`) before anything is created for it: readable, and
 * one the upload would accept (20 MB at most, a type the server takes, given or implied by its
 * name). A case must not be left behind by a typo in a file name or a file refused later.
 */
export async function checkLocalFiles(cwd: string, files: readonly LocalFile[]): Promise<void> {
  for (const { file, mime_type } of files) {
    const full = path.resolve(cwd, file);
    try {
      const stat = await fs.promises.stat(full);
      if (!stat.isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
      await fs.promises.access(full, fs.constants.R_OK);
    } catch (err) {
      throw new RowError(errorCode(err), FileReadError.of(file, err).message);
    }
    await checkUploadPath(full, mime_type);
  }
}
