import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createGroupCommit } from '../../src/db/sqlite/groupCommit.js';
import { localFileStore } from '../../src/storage/fileStore.js';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs, NEEDS_POSTGRES } from '../../../../vitest.needs.ts';
import { manualClock } from '../../src/clock.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/db/createDatabase.js';
import { claimNextJob } from '../../src/jobs/claim.js';
import { createJobEvents } from '../../src/jobs/events.js';
import { enqueueJob, getJob, listJobs } from '../../src/jobs/jobQueue.js';
import { publicAddress } from '../../src/publicAddress.js';
import { createJobRunner } from '../../src/jobs/jobRunner.js';
import { listDeliveries, putRegistration, recordDelivery } from '../../src/webhooks/webhooks.repository.js';
import { captureLogger } from './testContext.js';
import { configSchema } from '../../src/config.js';
import type { ServerContext } from '../../src/context.js';

// Runs against a real PostgreSQL when VCASE_TEST_PG_URL names a server
// (e.g. postgres://postgres@127.0.0.1:5432/postgres); a scratch database is created per run.
const adminUrl = process.env.VCASE_TEST_PG_URL;

describe('job runner on PostgreSQL', needs(adminUrl, NEEDS_POSTGRES), () => {
  const dbName = `vcase_jobs_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const handles: DatabaseHandle[] = [];
  const clock = manualClock();
  let url: string;

  async function admin(sql: string) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  const fileDirs: string[] = [];
  function context(handle: DatabaseHandle): ServerContext {
    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-files-'));
    fileDirs.push(filesDir);
    const config = configSchema.parse({});
    return {
      db: handle.db,
      dialect: handle.dialect,
      config,
      clock,
      address: publicAddress(config),
      jobEvents: createJobEvents(),
      ids: randomUUID,
      fetch: globalThis.fetch,
      logger: captureLogger().logger,
      storage: localFileStore(filesDir),
      writes: createGroupCommit(handle.db, handle.dialect),
    };
  }

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${dbName}`);
    const u = new URL(adminUrl!);
    u.pathname = `/${dbName}`;
    url = u.toString();
    const first = openDatabase(url);
    handles.push(first, openDatabase(url));
    await migrateToLatest(first.db);
  });

  afterAll(async () => {
    for (const h of handles) await h.close();
    await admin(`DROP DATABASE IF EXISTS ${dbName}`);
    for (const dir of fileDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('two workers with their own pools run every job exactly once (SKIP LOCKED)', async () => {
    const [a, b] = handles.map(context);
    const runs = new Map<string, string[]>();
    const handler = (who: string) => ({
      async run(job: { id: string }) {
        runs.set(job.id, [...(runs.get(job.id) ?? []), who]);
        await new Promise((r) => setTimeout(r, 5));
        return who;
      },
    });
    for (let i = 0; i < 40; i++) await enqueueJob(a.db, a, { kind: 'pg.work', payload: i });
    const ra = createJobRunner({ ctx: a, handlers: { 'pg.work': handler('a') }, concurrency: 4, workerId: 'a' });
    const rb = createJobRunner({ ctx: b, handlers: { 'pg.work': handler('b') }, concurrency: 4, workerId: 'b' });
    const [na, nb] = await Promise.all([ra.runDue(), rb.runDue()]);
    await Promise.all([ra.stop(), rb.stop()]);

    expect(na + nb).toBe(40);
    expect(na).toBeGreaterThan(0);
    expect(nb).toBeGreaterThan(0);
    expect([...runs.values()].every((who) => who.length === 1)).toBe(true);
    const jobs = await listJobs(a.db, { kind: 'pg.work' });
    expect(jobs.every((j) => j.status === 'completed' && j.attempts === 1)).toBe(true);
  });

  it('a per-company bound holds across processes claiming at the same time', async () => {
    // Four connection pools, as four worker processes would have, their connections open.
    const pools = [openDatabase(url), openDatabase(url), openDatabase(url), openDatabase(url)];
    handles.push(...pools);
    await Promise.all(pools.flatMap((p) => [1, 2, 3, 4].map(() => sql`select 1`.execute(p.db))));
    const db = pools[0]!.db;
    for (let i = 0; i < 60; i++) {
      await enqueueJob(db, { clock, ids: randomUUID }, { kind: 'pg.bounded', companyId: 'co-bounded', payload: i });
    }
    const claimer = (handle: DatabaseHandle, id: string) => async () => {
      const claim = () => ({ now: clock.now(), leaseMs: 60_000, workerId: id, kinds: ['pg.bounded'], perCompany: 8 });
      while (await claimNextJob(handle.db, 'postgres', claim()));
    };
    await Promise.all(Array.from({ length: 16 }, (_, i) => claimer(pools[i % 4]!, `w${i}`)()));
    const running = (await listJobs(db, { kind: 'pg.bounded' })).filter((j) => j.status === 'processing');
    expect(running).toHaveLength(8);
  });

  it('takes over a job whose lease expired', async () => {
    const [a, b] = handles.map(context);
    const job = await enqueueJob(a.db, a, { kind: 'pg.crash', payload: null });
    const claimed = await claimNextJob(a.db, 'postgres', { now: clock.now(), leaseMs: 1000, workerId: 'dead', kinds: ['pg.crash'] });
    expect(claimed?.id).toBe(job.id);
    const rb = createJobRunner({ ctx: b, handlers: { 'pg.crash': { run: async () => 'recovered' } }, concurrency: 1, workerId: 'b' });
    expect(await rb.runDue()).toBe(0);
    clock.advance(1001);
    expect(await rb.runDue()).toBe(1);
    await rb.stop();
    expect(await getJob(a.db, job.id)).toMatchObject({ status: 'completed', result: 'recovered', attempts: 2 });
  });

  it('upserts webhook registrations and lists deliveries', async () => {
    const db = handles[0].db;
    const reg = { company_id: 'co', event: 'expediente-created', url: 'https://a.example', updated_at: 't1' };
    await putRegistration(db, { ...reg, template: { a: '{{environment}}' } });
    expect(await putRegistration(db, { ...reg, template: 'text', updated_at: 't2' })).toMatchObject({ template: 'text' });
    const row = {
      company_id: 'co',
      event: 'e',
      case_id: null,
      url: 'u',
      request_body: '{}',
      status_code: 200,
      ok: 1,
      response_body: '',
      error: null,
      duration_ms: 3,
    };
    await recordDelivery(db, { ...row, id: randomUUID(), created_at: '2026-01-01T00:00:01.000Z' });
    const newest = await recordDelivery(db, { ...row, id: randomUUID(), created_at: '2026-01-01T00:00:02.000Z' });
    const list = await listDeliveries(db, 'co');
    expect(list.map((d) => d.delivery_id)[0]).toBe(newest.delivery_id);
    expect(list[0]).toMatchObject({ ok: true, status_code: 200, duration_ms: 3, request_body: {} });
  });
});
