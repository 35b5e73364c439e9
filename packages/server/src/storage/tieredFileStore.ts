import { Readable } from 'node:stream';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import type { GroupCommit } from '../db/sqlite/groupCommit.js';
import { insertChunks, readChunks, streamChunks } from './fileChunks.js';
import { isStorageKey, newStorageKey, storedFile, type FileStore, type StagedFile } from './fileStore.js';
import type { SegmentFiles, SegmentPlace } from './segmentFiles.js';

/** Files up to this size live in the database. */
export const INLINE_FILE_BYTES = 256 * 1024;

const EMPTY = Buffer.alloc(0);

/**
 * The server's file store. Files up to `INLINE_FILE_BYTES` (most XML invoices, receipts and
 * small scans) get a row in the database table `stored_files`, committed with the rows that
 * name them; larger ones are files of their own on disk. Creating a file on disk costs more
 * than the rest of an upload. With `largeInDatabase` (PostgreSQL) a larger one is a row too,
 * its content in chunk rows (`fileChunks.ts`): instances on different hosts share nothing but
 * the database, so no instance may keep a file to itself.
 *
 * With `segments` (SQLite) a small file's content is appended to a segment file and its row
 * says where; without (PostgreSQL) the content is the row's, so every instance that shares the
 * database serves it. Content kept in SQLite's pages was written twice on the upload's path
 * (the WAL frames of the commit, then the checkpoint's copy); a segment takes it once.
 *
 * A key is looked up in the database first, then on disk, so files stored before the table
 * existed are served as before, as are rows that hold their content. A new document's file
 * row is committed with the document (`stage`); `put` commits it alone before it answers, and
 * whatever names the key is written after that: a crash between the two leaves a row nothing
 * points to.
 */
export function tieredFileStore(opts: {
  disk: FileStore;
  db: Kysely<Database>;
  writes: GroupCommit;
  clock: Clock;
  segments?: SegmentFiles;
  largeInDatabase?: boolean;
}): FileStore {
  const { disk, db, writes, clock, segments } = opts;
  /** The key's row: undefined without one (the file may be on disk), its chunk count for a chunked file. */
  async function inline(key: string): Promise<Buffer | null | undefined | { chunks: number }> {
    if (!isStorageKey(key)) return undefined;
    const row = await db
      .selectFrom('stored_files')
      .select(['content', 'segment', 'segment_offset', 'segment_length', 'chunks'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.chunks !== null) return { chunks: Number(row.chunks) };
    if (row.segment === null) return Buffer.from(row.content);
    if (!segments) return null;
    return segments.read({ segment: row.segment, offset: Number(row.segment_offset), length: Number(row.segment_length) });
  }
  async function stage(bytes: Uint8Array, ext: string): Promise<StagedFile> {
    const large = bytes.byteLength > INLINE_FILE_BYTES;
    if (large && !opts.largeInDatabase) return disk.stage(bytes, ext);
    const key = newStorageKey(ext);
    if (large) {
      const commit = async (trx: Transaction<Database>) => {
        const chunks = await insertChunks(trx, key, bytes);
        await trx.insertInto('stored_files').values({ key, content: EMPTY, created_at: clock.now().toISOString(), chunks }).execute();
      };
      return { ...storedFile(key, bytes), commit };
    }
    const content = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // A unit of a group commit runs again alone when the shared transaction rolled back: the
    // bytes are written once, and the second run names the same place.
    let place: SegmentPlace | undefined;
    const commit = async (trx: Transaction<Database>) => {
      const created_at = clock.now().toISOString();
      if (!segments) return void (await trx.insertInto('stored_files').values({ key, content, created_at }).execute());
      place ??= segments.append(content);
      await trx
        .insertInto('stored_files')
        .values({ key, content: EMPTY, created_at, segment: place.segment, segment_offset: place.offset, segment_length: place.length })
        .execute();
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
      if (content === undefined) return disk.get(key);
      return content && 'chunks' in content ? readChunks(db, key, content.chunks) : content;
    },
    async stream(key) {
      const content = await inline(key);
      if (content === undefined) return disk.stream(key);
      if (content && 'chunks' in content) return streamChunks(db, key, content.chunks);
      return content && Readable.from([content]);
    },
    close() {
      segments?.close();
    },
  };
}
