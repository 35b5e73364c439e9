import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/createDatabase.js';
import { migrationProvider } from '../../src/db/migrations/index.js';
import { AT as at, caseRow, databasePerTest } from '../helpers/database.js';

const openDatabase = databasePerTest('counts');

async function counts(h: DatabaseHandle) {
  const rows = await h.db.selectFrom('company_case_counts').selectAll().orderBy('company_id').execute();
  return Object.fromEntries(rows.map((r) => [r.company_id, Number(r.active_cases)]));
}

describe('company case totals (migration 004)', () => {
  it('counts the active cases already there when the migration runs, then follows every write', async () => {
    const handle = await openDatabase({ migrate: false });
    const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
    expect((await migrator.migrateTo('003_documents')).error).toBeUndefined();
    const db = handle.db;
    await db
      .insertInto('companies')
      .values([
        { id: 'c1', name: 'Uno', status_catalog: '[]', created_at: at },
        { id: 'c2', name: 'Dos', status_catalog: '[]', created_at: at },
      ] as never)
      .execute();
    await db
      .insertInto('cases')
      .values([caseRow('a', 'c1'), caseRow('b', 'c1'), caseRow('c', 'c1', 0), caseRow('d', null)] as never)
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await counts(handle)).toEqual({ c1: 2 });

    await db
      .insertInto('cases')
      .values([caseRow('e', 'c2'), caseRow('f', 'c2', 0), caseRow('g', null)] as never)
      .execute();
    expect(await counts(handle)).toEqual({ c1: 2, c2: 1 });
    await db.updateTable('cases').set({ active: 0 }).where('id', '=', 'a').execute();
    await db.updateTable('cases').set({ active: 1 }).where('id', '=', 'f').execute();
    expect(await counts(handle)).toEqual({ c1: 1, c2: 2 });
    // Moving a case between companies, or out of any company, moves its count.
    await db.updateTable('cases').set({ company_id: 'c2' }).where('id', '=', 'b').execute();
    await db.updateTable('cases').set({ company_id: null }).where('id', '=', 'e').execute();
    expect(await counts(handle)).toEqual({ c1: 0, c2: 2 });
    // Updates that do not touch active or the company change nothing.
    await db.updateTable('cases').set({ status: 'processing' }).execute();
    await db.deleteFrom('cases').where('id', '=', 'f').execute();
    await db.deleteFrom('cases').where('id', '=', 'c').execute();
    expect(await counts(handle)).toEqual({ c1: 0, c2: 1 });
  });
});
