import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs, SQLITE_ONLY } from '../../../../vitest.needs.ts';
import { createTenant, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';

// An API instance and `vcase-server worker` processes write one SQLite file (operator-surface §1).
// A transaction that read before it wrote used to fail with SQLITE_BUSY (a 500) whenever another
// process committed in between: its snapshot was stale and SQLite cannot wait that out.
let t: TestServer;
let acme: Tenant;
beforeAll(async () => {
  t = await startTestServer({}, { startWorkers: false });
  acme = await createTenant(t);
});
afterAll(() => t.close());

/** Another process committing a small write to the database file every millisecond or so, until killed. */
function otherWriter(dbFile: string) {
  const sqlitePath = createRequire(import.meta.url).resolve('better-sqlite3');
  const script = `
    const db = new (require(${JSON.stringify(sqlitePath)}))(${JSON.stringify(dbFile)});
    db.pragma('busy_timeout = 5000');
    const touch = db.prepare('update companies set name = name');
    process.stdout.write('ready\\n');
    for (;;) { touch.run(); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1); }`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ready = new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return { ready, stop: () => child.kill('SIGKILL') };
}

describe('writes while another process writes the same SQLite file', needs(!process.env.VCASE_TEST_PG_URL, SQLITE_ONLY), () => {
  it('creates cases and users without a 500 while another process commits all the time', async () => {
    const other = otherWriter(path.join(t.stateDir, 'vcase.db'));
    try {
      await other.ready;
      const codes: number[] = [];
      for (let round = 0; round < 150; round++) {
        const batch = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            t.inject({
              method: 'POST',
              url: '/v1/cases',
              headers: acme.bearer,
              payload: { internal_id: `BUSY-${round}-${i}`, status: 'nuevo', metadata: { round } },
            }),
          ),
        );
        codes.push(...batch.map((r) => r.statusCode));
        codes.push((await t.admin('POST', `/admin/companies/${acme.companyId}/users`, {})).statusCode);
      }
      expect(codes.filter((c) => c !== 201)).toEqual([]);
    } finally {
      other.stop();
    }
  });
});
