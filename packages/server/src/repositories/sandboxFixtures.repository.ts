import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { fromJson, toJson } from '../db/json.js';

export interface SandboxFixture {
  source: string;
  key: string;
  outcome: Record<string, unknown>;
}

export async function putFixture(db: Kysely<Database>, fixture: SandboxFixture, at: string) {
  const values = { source: fixture.source, key: fixture.key, outcome: toJson(fixture.outcome), updated_at: at };
  await db
    .insertInto('sandbox_fixtures')
    .values(values)
    .onConflict((oc) => oc.columns(['source', 'key']).doUpdateSet({ outcome: values.outcome, updated_at: at }))
    .execute();
}

export async function getFixture(db: Kysely<Database>, source: string, key: string) {
  const row = await db
    .selectFrom('sandbox_fixtures')
    .selectAll()
    .where('source', '=', source)
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? fromJson<Record<string, unknown>>(row.outcome, {}) : undefined;
}

export async function listFixtures(db: Kysely<Database>): Promise<SandboxFixture[]> {
  const rows = await db.selectFrom('sandbox_fixtures').selectAll().orderBy('source').orderBy('key').execute();
  return rows.map((r) => ({ source: r.source, key: r.key, outcome: fromJson(r.outcome, {}) }));
}

export async function deleteAllFixtures(db: Kysely<Database>) {
  await db.deleteFrom('sandbox_fixtures').execute();
}
