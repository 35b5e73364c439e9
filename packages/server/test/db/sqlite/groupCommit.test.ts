import { describe, expect, it } from 'vitest';
import { createGroupCommit } from '../../../src/db/sqlite/groupCommit.js';
import { AT, databasePerTest } from '../../helpers/database.js';

const openDatabase = databasePerTest('groups');

async function setup() {
  const handle = await openDatabase();
  const db = handle.db;
  const writes = createGroupCommit(db, handle.dialect);
  const addCompany = (id: string) =>
    writes.run(async (trx) => {
      await trx
        .insertInto('companies')
        .values({ id, name: id, status_catalog: '[]', created_at: AT } as never)
        .execute();
      return { id, trx };
    });
  const companies = async () => (await db.selectFrom('companies').select('id').orderBy('id').execute()).map((r) => r.id);
  return { db, dialect: handle.dialect, writes, addCompany, companies };
}

describe('group commit', () => {
  it('commits units that arrive together in one transaction on SQLite, each its own on PostgreSQL', async () => {
    const { dialect, addCompany, companies } = await setup();
    const results = await Promise.all([addCompany('a'), addCompany('b'), addCompany('c')]);
    expect(results.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    const transactions = new Set(results.map((r) => r.trx)).size;
    expect(transactions).toBe(dialect === 'sqlite' ? 1 : 3);
    expect(await companies()).toEqual(['a', 'b', 'c']);
    // Units in later turns get transactions of their own.
    const later = await addCompany('d');
    expect(later.trx).not.toBe(results[0].trx);
  });

  it('a failing unit fails alone: the others still commit', async () => {
    const { addCompany, companies } = await setup();
    await addCompany('dup');
    const outcomes = await Promise.allSettled([addCompany('x'), addCompany('dup'), addCompany('y')]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await companies()).toEqual(['dup', 'x', 'y']);
  });

  it('answers only after the work is committed and visible to every reader', async () => {
    const { db, writes } = await setup();
    const done = writes.run(async (trx) => {
      await trx
        .insertInto('companies')
        .values({ id: 'late', name: 'late', status_catalog: '[]', created_at: AT } as never)
        .execute();
    });
    await done;
    expect(await db.selectFrom('companies').select('id').where('id', '=', 'late').executeTakeFirst()).toEqual({ id: 'late' });
  });
});
