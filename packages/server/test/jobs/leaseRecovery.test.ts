import { describe, expect, it } from 'vitest';
import { manualClock, systemClock } from '../../src/clock.js';
import { claimNextJob } from '../../src/jobs/claim.js';
import type { JobHandlers } from '../../src/jobs/jobHandler.js';
import { enqueueJob, getJob } from '../../src/jobs/jobQueue.js';
import { createJobRunner } from '../../src/jobs/jobRunner.js';
import { completeJob } from '../../src/jobs/ownedJob.js';
import { createTestContext, tempDbFile, until } from './testContext.js';

describe('crash recovery across processes', () => {
  it('takes up a job whose worker never finished once its lease expires', async () => {
    const db = tempDbFile();
    const clock = manualClock();
    // Two handles on one SQLite file stand for two processes.
    const a = await createTestContext({ file: db.file, clock });
    const b = await createTestContext({ file: db.file, clock, migrate: false });
    const runnerB = createJobRunner({
      ctx: b.ctx,
      handlers: { lookup: { run: async (job) => `done by B: ${String(job.payload)}` } },
      concurrency: 1,
      leaseMs: 30_000,
      workerId: 'worker-b',
    });
    try {
      const job = await enqueueJob(a.ctx.db, a.ctx, { kind: 'lookup', payload: 'VIN1' });
      // Worker A claims it and then dies: no heartbeat, no outcome.
      const claimed = await claimNextJob(a.ctx.db, 'sqlite', {
        now: clock.now(),
        leaseMs: 30_000,
        workerId: 'worker-a',
        kinds: ['lookup'],
      });
      expect(claimed?.id).toBe(job.id);

      expect(await runnerB.runDue()).toBe(0); // A's lease still holds
      clock.advance(30_001);
      expect(await runnerB.runDue()).toBe(1);
      expect(await getJob(b.ctx.db, job.id)).toMatchObject({
        status: 'completed',
        result: 'done by B: VIN1',
        lockedBy: 'worker-b',
        attempts: 2,
      });

      // A coming back to life cannot overwrite B's outcome.
      expect(await completeJob(a.ctx.db, job.id, 'worker-a', 'stale', clock.now())).toBe(false);
      expect((await getJob(a.ctx.db, job.id))?.result).toBe('done by B: VIN1');
    } finally {
      await runnerB.stop();
      await a.close();
      await b.close();
      db.cleanup();
    }
  });

  it('maintenance puts expired-lease jobs back to pending', async () => {
    const clock = manualClock();
    const t = await createTestContext({ clock });
    const r = createJobRunner({ ctx: t.ctx, handlers: {}, concurrency: 1 });
    try {
      const job = await enqueueJob(t.ctx.db, t.ctx, { kind: 'x', payload: null });
      await claimNextJob(t.ctx.db, 'sqlite', { now: clock.now(), leaseMs: 1000, workerId: 'dead', kinds: ['x'] });
      await r.maintain();
      expect((await getJob(t.ctx.db, job.id))?.status).toBe('processing');
      clock.advance(1001);
      await r.maintain();
      expect(await getJob(t.ctx.db, job.id)).toMatchObject({ status: 'pending', lockedBy: null, attempts: 1 });
      expect(t.lines.some((l) => l.msg === 'jobs whose worker lease expired are pending again')).toBe(true);
    } finally {
      await r.stop();
      await t.close();
    }
  });

  it('renews the lease of a long job so another worker does not steal it', async () => {
    // Real time here: the lease (60 ms) is far shorter than the job (300 ms).
    const t = await createTestContext({ clock: systemClock() });
    let runs = 0;
    const handlers: JobHandlers = {
      long: {
        async run() {
          runs++;
          await new Promise((res) => setTimeout(res, 300));
          return 'ok';
        },
      },
    };
    const owner = createJobRunner({ ctx: t.ctx, handlers, concurrency: 1, leaseMs: 60, workerId: 'owner' });
    const thief = createJobRunner({ ctx: t.ctx, handlers, concurrency: 1, leaseMs: 60, workerId: 'thief' });
    try {
      const job = await enqueueJob(t.ctx.db, t.ctx, { kind: 'long', payload: null });
      const owned = owner.runDue();
      await until(async () => (await getJob(t.ctx.db, job.id))?.status === 'processing');
      let stolen = 0;
      while ((await getJob(t.ctx.db, job.id))?.status === 'processing') {
        stolen += await thief.runDue();
        await new Promise((res) => setTimeout(res, 20));
      }
      await owned;
      expect(stolen).toBe(0);
      expect(runs).toBe(1);
      expect(await getJob(t.ctx.db, job.id)).toMatchObject({ status: 'completed', lockedBy: 'owner', attempts: 1 });
    } finally {
      await owner.stop();
      await thief.stop();
      await t.close();
    }
  });
});
