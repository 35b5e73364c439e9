import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/createDatabase.js';
import { BACKSTOP_CHECKPOINT_PAGES, startWalCheckpointer } from '../../../src/db/sqlite/walCheckpointer.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDb() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-wal-'));
  dirs.push(dir);
  return path.join(dir, 'vcase.db');
}

const sizeOf = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);

async function until(check: () => boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
}

describe('WAL checkpointer', () => {
  it('copies committed pages into the database file from its own thread, not in the commits', async () => {
    const file = tempDb();
    const handle = openDatabase(file);
    try {
      const { db } = handle;
      const mode = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
      expect(mode.rows[0].wal_autocheckpoint).toBe(BACKSTOP_CHECKPOINT_PAGES);

      await sql`create table blobs (id integer primary key, content blob not null)`.execute(db);
      // About 1,500 pages: past SQLite's default threshold (1,000), under the backstop.
      for (let i = 0; i < 100; i++) {
        await sql`insert into blobs (content) values (${Buffer.alloc(60_000, i)})`.execute(db);
      }
      // The pages are committed, in the WAL; the checkpointer copies them over within a tick or two.
      expect(await until(() => sizeOf(file) > 6_000_000)).toBe(true);
      const rows = await sql<{ n: number }>`select count(*) as n from blobs`.execute(db);
      expect(Number(rows.rows[0].n)).toBe(100);
    } finally {
      await handle.close();
    }
  });

  it('reports the WAL size and how far checkpoints lag behind a reader that holds old pages (for /metrics)', async () => {
    const file = tempDb();
    const handle = openDatabase(file);
    const reader = new SQLite(file);
    try {
      const { db } = handle;
      const wal = () => handle.stats().wal!;
      await sql`create table blobs (id integer primary key, content blob not null)`.execute(db);
      await sql`insert into blobs (content) values (${Buffer.alloc(10_000, 1)})`.execute(db);
      expect(await until(() => wal().lagFrames === 0 && wal().bytes > 0)).toBe(true);
      expect(wal().lagSeconds).toBe(0);

      // A reader's open snapshot keeps the pages written after it from being copied back.
      reader.exec('begin');
      reader.prepare('select count(*) from blobs').get();
      for (let i = 0; i < 10; i++) await sql`insert into blobs (content) values (${Buffer.alloc(10_000, i)})`.execute(db);
      expect(await until(() => wal().lagFrames > 0 && wal().lagSeconds > 0.2)).toBe(true);

      reader.exec('commit');
      expect(await until(() => wal().lagFrames === 0)).toBe(true);
      expect(wal().lagSeconds).toBe(0);
    } finally {
      reader.close();
      await handle.close();
    }
  });

  it('in memory there is no WAL to report', async () => {
    const handle = openDatabase(':memory:');
    expect(handle.stats()).toEqual({});
    await handle.close();
  });

  it('keeps the data when it is stopped, and in-memory databases get none', async () => {
    const file = tempDb();
    const first = openDatabase(file);
    await sql`create table t (v text)`.execute(first.db);
    await sql`insert into t (v) values ('kept')`.execute(first.db);
    await first.close();
    const again = openDatabase(file);
    try {
      const rows = await sql<{ v: string }>`select v from t`.execute(again.db);
      expect(rows.rows).toEqual([{ v: 'kept' }]);
    } finally {
      await again.close();
    }

    const memory = openDatabase(':memory:');
    try {
      const mode = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(memory.db);
      expect(mode.rows[0].wal_autocheckpoint).toBe(1000);
    } finally {
      await memory.close();
    }
  });

  it('reports a database it cannot open, and stops cleanly', async () => {
    const errors: string[] = [];
    const checkpointer = startWalCheckpointer(path.join(path.dirname(tempDb()), 'missing.db'), {
      onError: (m) => errors.push(m),
    });
    expect(await until(() => errors.length > 0)).toBe(true);
    expect(errors[0]).toMatch(/unable to open|does not exist|directory/i);
    await checkpointer.stop();
  });
});
