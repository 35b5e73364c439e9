import { SqliteAdapter, type Kysely } from 'kysely';
import { isA } from '@vcase/shared';

/**
 * `stored_file_chunks`: the content of files too large for one `stored_files` row, in rows of
 * `storage/fileChunks.ts`'s chunk size, so that on PostgreSQL every stored file lives in the
 * database the instances share (no shared folder). `stored_files.chunks` counts a file's
 * chunks (null: the content is the row's or a segment's). SQLite deployments keep large files
 * on disk: there the table stays empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = isA(SqliteAdapter, db.getExecutor().adapter) ? 'blob' : 'bytea';
  await db.schema
    .createTable('stored_file_chunks')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('content', binary, (c) => c.notNull())
    .addPrimaryKeyConstraint('stored_file_chunks_pk', ['key', 'seq'])
    .execute();
  await db.schema.alterTable('stored_files').addColumn('chunks', 'integer').execute();
}
