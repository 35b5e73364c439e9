import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';

/** Where the last API instance to start answers (its `ctx.address.baseUrl`). */
export const API_PUBLIC_URL = 'api_public_url';

export async function readSetting(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function writeSetting(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
