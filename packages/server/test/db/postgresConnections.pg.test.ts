import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs, NEEDS_POSTGRES } from '../../../../vitest.needs.ts';
import { openDatabase } from '../../src/db/createDatabase.js';
import { createTenant, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';

// PostgreSQL only (VCASE_TEST_PG_URL): what the server does when the database drops or
// stalls its connections.
const pgUrl = process.env.VCASE_TEST_PG_URL;

describe('PostgreSQL connections', needs(pgUrl, NEEDS_POSTGRES), () => {
  let t: TestServer;
  let acme: Tenant;
  beforeAll(async () => {
    t = await startTestServer();
    acme = await createTenant(t);
  });
  afterAll(() => t?.close());

  it('survives the server closing its idle pooled connections, and answers with new ones', async () => {
    const list = () => t.inject({ method: 'GET', url: '/v1/cases', headers: acme.bearer });
    await Promise.all([list(), list(), list()]);
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    try {
      const dbName = new URL(t.server.ctx.config.db).pathname.slice(1);
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // The pool's 'error' events come as the closed connections are noticed; unheard, one ends the process.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await list()).statusCode).toBe(200);
  });

  it('cancels a statement that runs past the query timeout, and the connection serves the next one', async () => {
    const handle = openDatabase(pgUrl!, { queryTimeoutMs: 300 });
    try {
      await expect(sql`select pg_sleep(3)`.execute(handle.db)).rejects.toThrow(/statement timeout/);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
    }
  });
});
