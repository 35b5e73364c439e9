import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../db/database.js';

export type UserRow = Selectable<UsersTable>;

export async function insertUser(db: Kysely<Database>, row: UserRow) {
  await db.insertInto('users').values(row).execute();
}

export function findUser(db: Kysely<Database>, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A user named by either identifier: the auth `uid` first, then the profile `pid`. */
export async function findUserByUidOrPid(db: Kysely<Database>, identifier: string): Promise<UserRow | undefined> {
  const byUid = await findUser(db, identifier);
  if (byUid) return byUid;
  return db
    .selectFrom('users')
    .selectAll()
    .where('pid', '=', identifier)
    .orderBy('created_at')
    .executeTakeFirst();
}

export async function pidExists(db: Kysely<Database>, pid: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('pid', '=', pid).executeTakeFirst();
  return Boolean(row);
}
