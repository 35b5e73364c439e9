import type { Kysely } from 'kysely';

/**
 * GET /files/<key> reads the document a stored file belongs to on every request (a deleted
 * document's file is not served): by its storage key, which had no index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('documents_storage_key_idx').on('documents').column('storage_key').execute();
}
