import { sql, type Kysely, type Selectable } from 'kysely';
import type { Dialect } from '../db/createDatabase.js';
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
  return db.selectFrom('users').selectAll().where('pid', '=', identifier).orderBy('created_at').executeTakeFirst();
}

/**
 * Transactions that insert this pid take turns (PostgreSQL, an advisory lock held to the
 * commit; no unique index: a database may already hold twins). SQLite serialises writers.
 */
export async function lockPid(db: Kysely<Database>, dialect: Dialect, pid: string) {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`vcase.pid:${pid}`}))`.execute(db);
}

export async function pidExists(db: Kysely<Database>, pid: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('pid', '=', pid).executeTakeFirst();
  return Boolean(row);
}
