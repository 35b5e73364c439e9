import { describe, expect, it } from 'vitest';
import { precompiled } from '../../src/db/precompiled.js';
import { AT, caseRow, databasePerTest } from '../helpers/database.js';

const openDatabase = databasePerTest('precompiled');

describe('precompiled queries', () => {
  it('run with each call’s values in the order the query uses them, constants kept', async () => {
    const { db } = await openDatabase();
    await db
      .insertInto('companies')
      .values([{ id: 'c1', name: 'Uno', status_catalog: '[]', created_at: AT }] as never)
      .execute();
    await db
      .insertInto('cases')
      .values([caseRow('a', 'c1'), caseRow('b', 'c1'), caseRow('x', 'c1', 0)] as never)
      .execute();
    // Arguments named in one order, used by the query in the other, with a constant between.
    const find = precompiled(
      (d, internalId, companyId) =>
        d
          .selectFrom('cases')
          .select('id')
          .where('company_id', '=', companyId)
          .where('active', '=', 1)
          .where('internal_id', '=', internalId),
      '<internal>',
      '<company>',
    );
    expect(await find(db, 'a', 'c1')).toEqual([{ id: 'a' }]);
    expect(await find(db, 'b', 'c1')).toEqual([{ id: 'b' }]);
    expect(await find(db, 'x', 'c1')).toEqual([]); // the constant `active = 1` still applies
    expect(await find(db, 'a', 'c2')).toEqual([]);
  });

  it('never read the rows of a transaction that has not committed', async () => {
    const { db } = await openDatabase();
    await db
      .insertInto('companies')
      .values([{ id: 'c1', name: 'Uno', status_catalog: '[]', created_at: AT }] as never)
      .execute();
    const find = precompiled((d, id) => d.selectFrom('cases').select('id').where('id', '=', id), '<case>');
    let during: Promise<unknown[]> | undefined;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('cases')
          .values(caseRow('t', 'c1') as never)
          .execute();
        during = find(db, 't'); // asked while the transaction is open on the same connection
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await during).toEqual([]);
    await db
      .insertInto('cases')
      .values(caseRow('t', 'c1') as never)
      .execute();
    expect(await find(db, 't')).toEqual([{ id: 't' }]);
  });

  it('refuses a query that leaves an argument out', async () => {
    const handle = await openDatabase({ migrate: false });
    const unused = precompiled((d, _companyId) => d.selectFrom('cases').select('id'), '<company>');
    await expect(unused(handle.db, 'c1')).rejects.toThrow('does not use argument 0');
  });
});
