import type { Kysely, Selectable } from 'kysely';
import type { ApiKeysTable, Database } from '../db/database.js';

export type ApiKeyRow = Selectable<ApiKeysTable>;

export async function insertApiKey(db: Kysely<Database>, row: ApiKeyRow) {
  await db.insertInto('api_keys').values(row).execute();
}

export function findActiveApiKeyByHash(db: Kysely<Database>, keyHash: string) {
  return db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).where('revoked_at', 'is', null).executeTakeFirst();
}

/** Revokes a key; false when there was no active key with that id. */
export async function revokeApiKey(db: Kysely<Database>, id: string, at: string): Promise<boolean> {
  const res = await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
