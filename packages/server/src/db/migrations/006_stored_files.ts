import { SqliteAdapter, type Kysely } from 'kysely';
import { isA } from '@vcase/shared';

/**
 * `stored_files`: the content of small stored files (see `storage/tieredFileStore.ts`), kept
 * in the database instead of one file each on disk, where creating a file costs more than
 * the rest of an upload.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = isA(SqliteAdapter, db.getExecutor().adapter) ? 'blob' : 'bytea';
  await db.schema
    .createTable('stored_files')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('content', binary, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
