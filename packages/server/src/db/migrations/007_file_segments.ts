import type { Kysely } from 'kysely';

/**
 * Where a small file's content lies when it is kept in a segment file (SQLite deployments,
 * `storage/segmentFiles.ts`) instead of in `stored_files.content`, which is then empty: the
 * segment's name, and the offset and length of the bytes in it. Null for content kept in the
 * row (PostgreSQL, and files stored before segments).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stored_files').addColumn('segment', 'text').execute();
  await db.schema.alterTable('stored_files').addColumn('segment_offset', 'integer').execute();
  await db.schema.alterTable('stored_files').addColumn('segment_length', 'integer').execute();
}
