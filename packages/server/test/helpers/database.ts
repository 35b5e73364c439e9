import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/db/createDatabase.js';
import { postgresDatabaseFor } from './testServer.js';

/**
 * A fresh database for trigger tests: SQLite in memory, or a new PostgreSQL database when
 * VCASE_TEST_PG_URL is set (the triggers differ). `close()` also drops the PostgreSQL one.
 */
export async function freshDatabase(label: string): Promise<DatabaseHandle> {
  const pg = await postgresDatabaseFor(`${label}_${randomBytes(6).toString('hex')}`);
  const handle = openDatabase(pg?.url ?? ':memory:');
  return {
    ...handle,
    async close() {
      await handle.close();
      await pg?.drop();
    },
  };
}

/**
 * For a test file: each call opens a fresh database (migrated unless told otherwise), closed
 * and dropped after the test that opened it.
 */
export function databasePerTest(label: string) {
  let current: DatabaseHandle | null = null;
  afterEach(async () => {
    await current?.close();
    current = null;
  });
  return async ({ migrate = true } = {}) => {
    current = await freshDatabase(label);
    if (migrate) await migrateToLatest(current.db);
    return current;
  };
}

export const AT = '2026-01-01T00:00:00.000Z';

/** A valid `cases` row. */
export const caseRow = (id: string, company: string | null, active = 1) => ({
  id,
  company_id: company,
  internal_id: id,
  status: 'nuevo',
  review_status: 'sin_documentos',
  vehicle_origin: 'nacional',
  use_case_id: null,
  user_id_added_by: null,
  created_by: null,
  assigned_to: null,
  active,
  created_at: AT,
  updated_at: AT,
});

const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs SQL on a SQLite database file from another process, as `vcase-server worker` would. */
export function otherProcessRuns(file: string, sql: string) {
  const script =
    "const D = require('better-sqlite3'); const d = new D(process.argv[1]); " +
    "d.pragma('busy_timeout = 5000'); d.exec(process.argv[2]); d.close();";
  execFileSync(process.execPath, ['-e', script, file, sql], { cwd: PACKAGE_DIR });
}
