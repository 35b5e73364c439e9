import { sql, type Kysely, type Selectable } from 'kysely';
import type { AccessTokensTable } from '../auth/tokens.table.js';
import type { Database } from '../db/database.js';
import { precompiled } from '../db/precompiled.js';

export type AccessTokenRow = Selectable<AccessTokensTable>;

/** Records a token about to be handed out, and forgets the user's tokens that expired before `now`. */
export async function insertAccessToken(db: Kysely<Database>, row: AccessTokenRow, now: string) {
  await db.deleteFrom('access_tokens').where('user_id', '=', row.user_id).where('expires_at', '<', now).execute();
  await db.insertInto('access_tokens').values(row).execute();
}

export function findAccessToken(db: Kysely<Database>, id: string) {
  return db.selectFrom('access_tokens').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A user's tokens still on record, newest first. */
export function listAccessTokens(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('access_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findTokenCutoff(db: Kysely<Database>, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('token_cutoffs').select('revoked_before').where('user_id', '=', userId).executeTakeFirst();
  return row?.revoked_before;
}

/** Revokes one token (`db`: the revocation's transaction). */
export async function revokeAccessToken(db: Kysely<Database>, id: string, at: string) {
  await db.updateTable('access_tokens').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
  await bumpTokenRevision(db);
}

/** Revokes every token of the user, those issued before tokens had ids too (`db`: a transaction). */
export async function revokeUserAccessTokens(db: Kysely<Database>, userId: string, at: string) {
  await db.updateTable('access_tokens').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  await db
    .insertInto('token_cutoffs')
    .values({ user_id: userId, revoked_before: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ revoked_before: at }))
    .execute();
  await bumpTokenRevision(db);
}

async function bumpTokenRevision(db: Kysely<Database>) {
  await db
    .updateTable('token_revision')
    .set({ revision: sql`revision + 1` })
    .where('id', '=', 1)
    .execute();
}

const selectTokenRevision = precompiled((db) => db.selectFrom('token_revision').select('revision').where('id', '=', 1));
const revisionText = (rows: { revision: number | string }[]) => String(rows[0]?.revision ?? 0);

/** The revision of token revocations (auth/tokens.table.ts), read on every bearer request. */
export async function tokenRevision(db: Kysely<Database>): Promise<string> {
  return revisionText(await selectTokenRevision(db));
}

/** The same, at once where the database answers without a promise (SQLite); else null. */
export function tokenRevisionNow(db: Kysely<Database>): string | null {
  const rows = selectTokenRevision.now(db);
  return rows && revisionText(rows);
}
