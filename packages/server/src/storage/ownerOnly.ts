import fs from 'node:fs';

/**
 * What the server writes to disk is readable by its own user only (docs/operator-guide.md,
 * "Files at rest"): the database holds API-key hashes, webhook credentials and personal data,
 * the stored files are identity documents and invoices.
 */
export const OWNER_FILE_MODE = 0o600;
export const OWNER_DIR_MODE = 0o700;

/**
 * Makes `dir` (and any missing parent) and leaves `dir` itself owner-only, also when it was
 * already there with wider permissions: a folder of another mode made by an older version or
 * by hand, in which new files are about to be written.
 */
export function ownerOnlyDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: OWNER_DIR_MODE });
  fs.chmodSync(dir, OWNER_DIR_MODE);
}

export async function ownerOnlyDirAsync(dir: string): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true, mode: OWNER_DIR_MODE });
  await fs.promises.chmod(dir, OWNER_DIR_MODE);
}

/**
 * A SQLite database file created owner-only before SQLite opens it (SQLite would make it 0644),
 * or made owner-only when it exists, with its WAL and shared-memory files: SQLite creates
 * those with the database file's own mode.
 */
export function ownerOnlySqliteFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', OWNER_FILE_MODE));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      fs.chmodSync(f, OWNER_FILE_MODE);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}
