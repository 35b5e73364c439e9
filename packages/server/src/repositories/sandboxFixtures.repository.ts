import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { fromJson, toJson } from '../db/json.js';
import { normalizePlate } from '../domain/validators/plates.js';

export interface SandboxFixture {
  source: string;
  key: string;
  outcome: Record<string, unknown>;
}

/**
 * A fixture key in the form lookups ask with (operator-surface §3): sha256 hex (`ocr`, `ine`)
 * lowercase; VINs, CURPs and folios uppercase; plates uppercase without separators (`abc-1234:mex`
 * reads `ABC1234:MEX`); a pedimento number as given. So a key written another way still answers.
 */
export function fixtureKey(source: string, key: string): string {
  if (source === 'ocr' || source === 'ine') return /^[0-9a-f]{64}$/i.test(key) ? key.toLowerCase() : key;
  if (source === 'plate_portal') return normalizePlate(key) || key;
  if (source === 'tickets' || source === 'tenencia') {
    const at = key.lastIndexOf(':');
    const plate = normalizePlate(at < 0 ? key : key.slice(0, at));
    return plate
      ? at < 0
        ? plate
        : `${plate}:${key
            .slice(at + 1)
            .trim()
            .toUpperCase()}`
      : key.toUpperCase();
  }
  return source === 'sat_pedimento' ? key : key.toUpperCase();
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
  const row = await db.selectFrom('sandbox_fixtures').selectAll().where('source', '=', source).where('key', '=', key).executeTakeFirst();
  return row ? fromJson<Record<string, unknown>>(row.outcome, {}) : undefined;
}

export async function listFixtures(db: Kysely<Database>): Promise<SandboxFixture[]> {
  const rows = await db.selectFrom('sandbox_fixtures').selectAll().orderBy('source').orderBy('key').execute();
  return rows.map((r) => ({ source: r.source, key: r.key, outcome: fromJson(r.outcome, {}) }));
}

export async function deleteAllFixtures(db: Kysely<Database>) {
  await db.deleteFrom('sandbox_fixtures').execute();
}
