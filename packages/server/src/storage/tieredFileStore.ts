import { Readable } from 'node:stream';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import type { GroupCommit } from '../db/groupCommit.js';
import { insertRow } from '../db/precompiled.js';
import { isStorageKey, newStorageKey, storedFile, type FileStore, type StagedFile } from './fileStore.js';

/** Files up to this size live in the database. */
export const INLINE_FILE_BYTES = 256 * 1024;

/**
 * The server's file store: files up to `INLINE_FILE_BYTES` (most XML invoices, receipts and
 * small scans) are kept in the database table `stored_files`, larger ones on disk. Creating a
 * file on disk costs more than the rest of an upload, while a small blob adds a few pages to
 * a commit that uploads share (`GroupCommit`); small files also come with database backups
 * and are served by every instance that shares a PostgreSQL database.
 *
 * A key is looked up in the database first, then on disk, so files stored before the table
 * existed are served as before. A new document's file row is committed with the document
 * (`stage`); `put` commits it alone before it answers, and whatever names the key is written
 * after that: a crash between the two leaves a row nothing points to.
 */
export function tieredFileStore(opts: { disk: FileStore; db: Kysely<Database>; writes: GroupCommit; clock: Clock }): FileStore {
  const { disk, db, writes, clock } = opts;
  const inline = async (key: string) =>
    isStorageKey(key) ? (await db.selectFrom('stored_files').select('content').where('key', '=', key).executeTakeFirst())?.content : undefined;
  async function stage(bytes: Uint8Array, ext: string): Promise<StagedFile> {
    if (bytes.byteLength > INLINE_FILE_BYTES) return disk.stage(bytes, ext);
    const key = newStorageKey(ext);
    const content = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const commit = async (trx: Transaction<Database>) => {
      await insertRow(trx, 'stored_files', { key, content, created_at: clock.now().toISOString() });
    };
    return { ...storedFile(key, bytes), commit };
  }
  return {
    async put(bytes, ext) {
      const { commit, ...stored } = await stage(bytes, ext);
      await writes.run(commit);
      return stored;
    },
    stage,
    async get(key) {
      const content = await inline(key);
      return content ? Buffer.from(content) : disk.get(key);
    },
    async stream(key) {
      const content = await inline(key);
      return content ? Readable.from([Buffer.from(content)]) : disk.stream(key);
    },
  };
}
