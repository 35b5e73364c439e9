import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../../src/db/createDatabase.js';
import { readsWhileUnchanged, WAL_INDEX_VERSION, watchWalHeader, type WalState } from '../../../src/db/sqlite/unchangedReads.js';
import { activeCaseRevision, caseListRevision } from '../../../src/repositories/cases.repository.js';
import { AT, caseRow, otherProcessRuns } from '../../helpers/database.js';

const dirs: string[] = [];
const handles: { close(): unknown }[] = [];
afterEach(async () => {
  for (const h of handles.splice(0)) await h.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempFile(name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-wal-'));
  dirs.push(dir);
  return path.join(dir, name);
}

describe('the WAL header watch', () => {
  it('sees every commit, from this connection or another process, and nothing else', () => {
    const file = tempFile('w.db');
    const own = new SQLite(file);
    handles.push(own);
    own.pragma('journal_mode = WAL');
    own.exec('create table t (id integer primary key, v text)');
    const watch = watchWalHeader(file);
    handles.push(watch);

    // The layout this SQLite writes is the one read: a header of another version reads as unknown.
    expect(fs.readFileSync(`${file}-shm`).readUInt32LE(0)).toBe(WAL_INDEX_VERSION);
    expect(watch.look()).toBe('changed'); // the first look has nothing to compare with
    expect(watch.look()).toBe('same');
    own.prepare('select * from t').all();
    expect(watch.look()).toBe('same'); // reads change nothing
    own.prepare("insert into t (v) values ('a')").run();
    expect(watch.look()).toBe('changed');
    expect(watch.look()).toBe('same');
    otherProcessRuns(file, "insert into t (v) values ('b')");
    expect(watch.look()).toBe('changed');
    expect(watch.look()).toBe('same');
    // A rolled-back transaction commits nothing.
    own.exec("begin; insert into t (v) values ('c'); rollback");
    expect(['same', 'changed']).toContain(watch.look());
    expect(watch.look()).toBe('same');
  });

  it('answers unknown before the file exists, for a header not yet valid, of another version, or caught half-written', () => {
    const file = tempFile('fake.db');
    const watch = watchWalHeader(file);
    handles.push(watch);
    expect(watch.look()).toBe('unknown');

    const header = Buffer.alloc(136);
    fs.writeFileSync(`${file}-shm`, header);
    expect(watch.look()).toBe('unknown'); // isInit is 0

    header[12] = 1;
    header[48 + 12] = 1;
    header.writeUInt32LE(7, 8); // iChange of the first copy only
    fs.writeFileSync(`${file}-shm`, header);
    expect(watch.look()).toBe('unknown');

    header.writeUInt32LE(7, 48 + 8);
    fs.writeFileSync(`${file}-shm`, header);
    expect(watch.look()).toBe('unknown'); // version 0

    header.writeUInt32LE(WAL_INDEX_VERSION + 1, 0);
    header.writeUInt32LE(WAL_INDEX_VERSION + 1, 48);
    fs.writeFileSync(`${file}-shm`, header);
    expect(watch.look()).toBe('unknown');
    expect(watch.look()).toBe('unknown');

    header.writeUInt32LE(WAL_INDEX_VERSION, 0);
    header.writeUInt32LE(WAL_INDEX_VERSION, 48);
    fs.writeFileSync(`${file}-shm`, header);
    expect(watch.look()).toBe('changed');
    expect(watch.look()).toBe('same');
  });
});

describe('reads kept while the database is unchanged', () => {
  function counted(states: WalState[]) {
    const ran: string[] = [];
    const read = readsWhileUnchanged(
      () => states.shift() ?? 'same',
      (sql, parameters) => {
        ran.push(`${sql} ${parameters.join(',')}`);
        return [{ answer: ran.length }];
      },
    );
    return { read, ran };
  }

  it('runs a read again only after a change, per statement and values', () => {
    const { read, ran } = counted(['changed']);
    const first = read('q', ['a']);
    expect(read('q', ['a'])).toBe(first);
    expect(read('q', ['b'])).toEqual([{ answer: 2 }]);
    expect(read('r', ['a'])).toEqual([{ answer: 3 }]);
    expect(read('q', ['a'])).toBe(first);
    expect(ran).toEqual(['q a', 'q b', 'r a']);
  });

  it('drops every kept answer on a change, and keeps nothing while the state is unknown', () => {
    const { read, ran } = counted(['changed', 'same', 'changed', 'unknown', 'unknown', 'changed']);
    read('q', ['a']); // changed: runs
    read('q', ['a']); // same: kept
    read('q', ['a']); // changed: runs
    read('q', ['a']); // unknown: runs
    read('q', ['a']); // unknown: runs
    read('q', ['a']); // changed: runs
    read('q', ['a']); // same: kept
    expect(ran).toHaveLength(5);
  });
});

describe('precompiled reads on a SQLite file', () => {
  async function database(): Promise<{ handle: DatabaseHandle; file: string }> {
    const file = tempFile('vcase.db');
    const handle = openDatabase(file);
    handles.push(handle);
    await migrateToLatest(handle.db);
    await handle.db
      .insertInto('companies')
      .values({ id: 'c1', name: 'Uno', status_catalog: '[]', created_at: AT } as never)
      .execute();
    await handle.db
      .insertInto('cases')
      .values(caseRow('k1', 'c1') as never)
      .execute();
    return { handle, file };
  }

  it('see what another process commits on the next read', async () => {
    const { handle, file } = await database();
    const { db } = handle;
    const revision = await activeCaseRevision(db, 'c1', 'k1');
    const listRevision = await caseListRevision(db, 'c1');
    expect(await activeCaseRevision(db, 'c1', 'k1')).toBe(revision);

    otherProcessRuns(file, `update cases set internal_id = 'renamed' where id = 'k1'`);
    expect(await activeCaseRevision(db, 'c1', 'k1')).not.toBe(revision);
    expect(await caseListRevision(db, 'c1')).not.toBe(listRevision);

    otherProcessRuns(file, `update cases set active = 0 where id = 'k1'`);
    expect(await activeCaseRevision(db, 'c1', 'k1')).toBeUndefined();
  });

  it('see what this connection commits on the next read', async () => {
    const { handle } = await database();
    const { db } = handle;
    const revision = await activeCaseRevision(db, 'c1', 'k1');
    await db.updateTable('cases').set({ internal_id: 'renamed' }).where('id', '=', 'k1').execute();
    expect(await activeCaseRevision(db, 'c1', 'k1')).not.toBe(revision);
    await db
      .insertInto('cases')
      .values(caseRow('k2', 'c1') as never)
      .execute();
    expect(await activeCaseRevision(db, 'c1', 'k2')).toBeDefined();
  });
});
