import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/createDatabase.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-immediate-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Another process on the same file that inserts one row when told, and says when it committed. */
function otherProcess(file: string) {
  const sqlitePath = createRequire(import.meta.url).resolve('better-sqlite3');
  const script = `
    const db = new (require(${JSON.stringify(sqlitePath)}))(${JSON.stringify(file)});
    db.pragma('busy_timeout = 5000');
    process.stdout.write('ready\\n');
    process.stdin.once('data', () => {
      db.prepare("insert into t (who) values ('other')").run();
      process.stdout.write('committed\\n');
    });`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const waiters: [string, () => void][] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    for (const line of chunk.split('\n').filter(Boolean)) {
      lines.push(line);
      for (const [want, resolve] of waiters) if (want === line) resolve();
    }
  });
  const said = (line: string) => (lines.includes(line) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push([line, resolve])));
  return { said, insert: () => child.stdin.write('go\n'), kill: () => child.kill('SIGKILL') };
}

describe('SQLite transactions and other processes', () => {
  it('a transaction that reads, then writes after another process tried to commit, still commits (BEGIN IMMEDIATE)', async () => {
    const file = path.join(dir, 'shared.db');
    const handle = openDatabase(file);
    const db = handle.db as unknown as Kysely<{ t: { who: string } }>;
    await sql`create table t (who text not null)`.execute(db);
    const other = otherProcess(file);
    try {
      await other.said('ready');
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('t').selectAll().execute();
        other.insert();
        // Time for the other process to commit, if it can: with a deferred BEGIN it does, and
        // this transaction's write then fails (SQLITE_BUSY: its snapshot is stale).
        await new Promise((resolve) => setTimeout(resolve, 300));
        await trx.insertInto('t').values({ who: 'this' }).execute();
      });
      await other.said('committed');
      const rows = await db.selectFrom('t').select('who').execute();
      expect(rows.map((r) => r.who)).toEqual(['this', 'other']);
    } finally {
      other.kill();
      await handle.close();
    }
  });
});

describe('opening a SQLite file that cannot be opened', () => {
  it('names the file in the error', () => {
    const notADir = path.join(dir, 'plain-file');
    fs.writeFileSync(notADir, 'x');
    const target = path.join(notADir, 'vcase.db');
    expect(() => openDatabase(target)).toThrow(`cannot open the SQLite database ${target}: `);
  });
});
