import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock, systemClock } from '../../src/clock.js';
import { claimNextJob, completeJob, enqueueJob, getJob, listJobs } from '../../src/jobs/jobQueue.js';
import {
  createJobRunner,
  defaultBackoffMs,
  PermanentJobError,
  type JobHandlers,
  type JobRunner,
} from '../../src/jobs/jobRunner.js';
import { createTestContext, deferred, tempDbFile, until, type TestContext } from './testContext.js';

describe('job runner', () => {
  let t: TestContext;
  let clock: ReturnType<typeof manualClock>;
  const runners: JobRunner[] = [];

  const runner = (handlers: JobHandlers, opts: { concurrency?: number; leaseMs?: number; stopTimeoutMs?: number } = {}) => {
    const r = createJobRunner({ ctx: t.ctx, handlers, concurrency: opts.concurrency ?? 1, ...opts });
    runners.push(r);
    return r;
  };
  const enqueue = (kind: string, payload: unknown = null, extra: { maxAttempts?: number } = {}) =>
    enqueueJob(t.ctx.db, t.ctx.clock, t.ctx.ids, { kind, payload, ...extra });

  beforeEach(async () => {
    clock = manualClock();
    t = await createTestContext({ clock });
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await t.close();
  });

  it('runs a due job and stores the handler result as completed', async () => {
    const seen: unknown[] = [];
    const r = runner({
      double: {
        async run(job, ctx) {
          seen.push(job.payload);
          expect(ctx).toBe(t.ctx);
          return { doubled: (job.payload as { n: number }).n * 2 };
        },
      },
    });
    const job = await enqueue('double', { n: 21 });

    expect(await r.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 21 }]);
    const done = await getJob(t.ctx.db, job.id);
    expect(done).toMatchObject({ status: 'completed', result: { doubled: 42 }, attempts: 1, error: null, leaseUntil: null });
    expect(done?.startedAt).not.toBeNull();
    expect(done?.finishedAt).not.toBeNull();
    expect(await r.runDue()).toBe(0);
  });

  it('runs kinds with slots of their own beside the shared ones: a flood of them holds up nothing else', async () => {
    const gate = deferred();
    const started: string[] = [];
    const handlers: JobHandlers = {
      wait: {
        ownSlots: 3,
        run: async (job) => {
          started.push(job.id);
          await gate.promise;
        },
      },
      work: { run: async (job) => void started.push(job.id) },
    };
    const r = runner(handlers, { concurrency: 1 });
    const waits: { id: string }[] = [];
    for (let i = 0; i < 5; i++) waits.push(await enqueue('wait'));
    const work = await enqueue('work');
    const running = r.runDue();
    await until(async () => (await getJob(t.ctx.db, work.id))?.status === 'completed');
    // Three waits hold their own three slots; the shared slot ran the work; two waits queue.
    expect(started.filter((id) => waits.some((w) => w.id === id))).toHaveLength(3);
    gate.resolve();
    await running;
    expect((await listJobs(t.ctx.db, { kind: 'wait' })).map((j) => j.status)).toEqual(Array(5).fill('completed'));
  });

  it('a runner with concurrency 0 claims no kind, not even those with slots of their own', async () => {
    const r = runner({ wait: { ownSlots: 3, run: async () => 'ran' } }, { concurrency: 0 });
    const job = await enqueue('wait');
    expect(await r.runDue()).toBe(0);
    expect((await getJob(t.ctx.db, job.id))?.status).toBe('pending');
  });

  it('leaves jobs of kinds it has no handler for', async () => {
    const r = runner({ known: { run: async () => 'ok' } });
    const other = await enqueue('unknown');
    expect(await r.runDue()).toBe(0);
    expect((await getJob(t.ctx.db, other.id))?.status).toBe('pending');
  });

  it('retries a failed job after its backoff, then completes', async () => {
    let calls = 0;
    const r = runner({
      flaky: {
        maxAttempts: 3,
        backoffMs: (attempt) => attempt * 1000,
        async run() {
          calls++;
          if (calls < 3) throw new Error(`source down (${calls})`);
          return 'finally';
        },
      },
    });
    const job = await enqueue('flaky');

    expect(await r.runDue()).toBe(1);
    let row = await getJob(t.ctx.db, job.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, error: 'source down (1)', lockedBy: null });
    const firstRetryAt = Date.parse(row!.runAt);
    expect(firstRetryAt - Date.parse(row!.updatedAt)).toBe(1000);

    // Not due before the backoff has passed.
    expect(await r.runDue()).toBe(0);
    clock.advance(1000);
    expect(await r.runDue()).toBe(1);
    row = await getJob(t.ctx.db, job.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2, error: 'source down (2)' });
    expect(Date.parse(row!.runAt) - Date.parse(row!.updatedAt)).toBe(2000);

    clock.advance(2000);
    expect(await r.runDue()).toBe(1);
    expect(await getJob(t.ctx.db, job.id)).toMatchObject({ status: 'completed', attempts: 3, result: 'finally', error: null });
  });

  it('marks a job error once its attempts are spent, and logs it', async () => {
    const r = runner({ broken: { backoffMs: () => 0, run: async () => Promise.reject(new Error('always')) } });
    const job = await enqueue('broken', null, { maxAttempts: 2 });

    await r.whenIdle();
    expect(await getJob(t.ctx.db, job.id)).toMatchObject({ status: 'error', attempts: 2, error: 'always' });
    expect(t.lines.some((l) => l.level === 50 && l.msg === 'job failed' && l.jobId === job.id)).toBe(true);
  });

  it('fails at once on PermanentJobError, skipping the remaining attempts', async () => {
    let calls = 0;
    const r = runner({
      strict: {
        maxAttempts: 5,
        backoffMs: () => 0,
        async run() {
          calls++;
          throw new PermanentJobError('no CURP on the case');
        },
      },
    });
    const job = await enqueue('strict');
    await r.whenIdle();
    expect(calls).toBe(1);
    expect(await getJob(t.ctx.db, job.id)).toMatchObject({ status: 'error', attempts: 1, error: 'no CURP on the case' });
  });

  it('uses capped exponential backoff with jitter by default', () => {
    for (const [attempt, base] of [
      [1, 1000],
      [2, 2000],
      [5, 16_000],
      [30, 300_000],
    ] as const) {
      for (let i = 0; i < 20; i++) {
        const ms = defaultBackoffMs(attempt);
        expect(ms).toBeGreaterThanOrEqual(base / 2);
        expect(ms).toBeLessThanOrEqual(base);
      }
    }
  });

  it('never runs more jobs at once than its concurrency', async () => {
    let active = 0;
    let peak = 0;
    const r = runner(
      {
        slow: {
          async run() {
            active++;
            peak = Math.max(peak, active);
            await new Promise((res) => setTimeout(res, 15));
            active--;
          },
        },
      },
      { concurrency: 2 },
    );
    for (let i = 0; i < 5; i++) await enqueue('slow', i);

    expect(await r.runDue()).toBe(5);
    expect(peak).toBe(2);
    expect((await listJobs(t.ctx.db, { kind: 'slow' })).every((j) => j.status === 'completed')).toBe(true);
  });

  it('lends the slot of a job that only waits (idle) to the next job', async () => {
    const gate = deferred();
    const order: string[] = [];
    const r = runner(
      {
        waits: {
          async run(_job, _ctx, { idle }) {
            order.push('waits started');
            await idle(gate.promise);
            order.push('waits finished');
          },
        },
        quick: {
          async run() {
            order.push('quick ran');
            gate.resolve();
          },
        },
      },
      { concurrency: 1 },
    );
    await enqueue('waits');
    await enqueue('quick');
    // With one slot and no lending, "quick" would wait behind "waits", which waits for it.
    expect(await r.runDue()).toBe(2);
    expect(order).toEqual(['waits started', 'quick ran', 'waits finished']);
  });

  it('once started, wakes on a same-process enqueue without waiting for the poll', async () => {
    const ran = deferred<string>();
    const r = createJobRunner({
      ctx: t.ctx,
      handlers: { wake: { run: async (job) => ran.resolve(job.id) } },
      concurrency: 1,
      pollIntervalMs: 60_000,
    });
    runners.push(r);
    r.start();
    await r.whenIdle();
    const job = await enqueue('wake');
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('not woken')), 2000));
    expect(await Promise.race([ran.promise, timeout])).toBe(job.id);
    await r.whenIdle();
    expect((await getJob(t.ctx.db, job.id))?.status).toBe('completed');
  });

  it('maintenance purges completed jobs past their kind retention, keeping failed ones', async () => {
    const r = runner({
      note: { retentionMs: 1000, run: async () => 'sent' },
      bad: { retentionMs: 1000, maxAttempts: 1, run: async () => Promise.reject(new Error('x')) },
      keep: { run: async () => 'kept' },
    });
    const note = await enqueue('note');
    const bad = await enqueue('bad');
    const keep = await enqueue('keep');
    await r.whenIdle();
    await r.maintain();
    expect((await getJob(t.ctx.db, note.id))?.status).toBe('completed');

    clock.advance(1001);
    await r.maintain();
    expect(await getJob(t.ctx.db, note.id)).toBeUndefined();
    expect((await getJob(t.ctx.db, bad.id))?.status).toBe('error');
    expect((await getJob(t.ctx.db, keep.id))?.status).toBe('completed');
  });

  it('survives a handler that throws a non-Error value', async () => {
    const r = runner({ odd: { maxAttempts: 1, run: async () => Promise.reject('just a string') } });
    const job = await enqueue('odd');
    await r.whenIdle();
    expect(await getJob(t.ctx.db, job.id)).toMatchObject({ status: 'error', error: 'just a string' });
  });

  describe('graceful stop', () => {
    it('waits for a job that finishes within the bound', async () => {
      const r = runner({ quick: { run: () => new Promise((res) => setTimeout(() => res('done'), 20)) } }, { stopTimeoutMs: 2000 });
      const job = await enqueue('quick');
      r.start();
      await until(async () => (await getJob(t.ctx.db, job.id))?.status === 'processing');
      await r.stop();
      expect(await getJob(t.ctx.db, job.id)).toMatchObject({ status: 'completed', result: 'done' });
    });

    it('releases a job still running at the bound back to pending, and claims nothing more', async () => {
      const gate = deferred();
      let aborted = false;
      const r = runner(
        {
          hang: {
            async run(_job, _ctx, { signal }) {
              signal.addEventListener('abort', () => {
                aborted = true;
              });
              await gate.promise;
              return 'late';
            },
          },
        },
        { stopTimeoutMs: 30 },
      );
      const job = await enqueue('hang');
      r.start();
      await until(async () => (await getJob(t.ctx.db, job.id))?.status === 'processing');
      await r.stop();

      expect(aborted).toBe(true);
      expect(await getJob(t.ctx.db, job.id)).toMatchObject({ status: 'pending', attempts: 0, lockedBy: null, leaseUntil: null });
      await enqueue('hang');
      expect(await r.runDue()).toBe(0);

      // The abandoned handler finishing later cannot overwrite the released job.
      gate.resolve();
      await new Promise((res) => setTimeout(res, 10));
      expect((await getJob(t.ctx.db, job.id))?.status).toBe('pending');

      // Nothing was lost: another runner takes it.
      const next = runner({ hang: { run: async () => 'second run' } });
      await next.whenIdle();
      expect(await getJob(t.ctx.db, job.id)).toMatchObject({ status: 'completed', result: 'second run', attempts: 1 });
    });

    it('a job that stops when told at shutdown goes back to pending uncounted, not to a retry or a failure', async () => {
      const r = runner(
        {
          obedient: {
            maxAttempts: 1,
            run: (_job, _ctx, { signal }) => new Promise((_res, rej) => signal.addEventListener('abort', () => rej(signal.reason))),
          },
        },
        { stopTimeoutMs: 30 },
      );
      const job = await enqueue('obedient');
      r.start();
      await until(async () => (await getJob(t.ctx.db, job.id))?.status === 'processing');
      await r.stop();
      expect(await getJob(t.ctx.db, job.id)).toMatchObject({ status: 'pending', attempts: 0, lockedBy: null });
    });

    it('a job that settles itself when told to stop keeps the outcome it records', async () => {
      const r = runner(
        { settles: { run: (_job, _ctx, { signal }) => new Promise((res) => signal.addEventListener('abort', () => res('wrapped up'))) } },
        { stopTimeoutMs: 30 },
      );
      const job = await enqueue('settles');
      r.start();
      await until(async () => (await getJob(t.ctx.db, job.id))?.status === 'processing');
      await r.stop();
      expect(await getJob(t.ctx.db, job.id)).toMatchObject({ status: 'completed', result: 'wrapped up' });
    });
  });
});

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
      const job = await enqueueJob(a.ctx.db, clock, a.ctx.ids, { kind: 'lookup', payload: 'VIN1' });
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
      const job = await enqueueJob(t.ctx.db, clock, t.ctx.ids, { kind: 'x', payload: null });
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
      const job = await enqueueJob(t.ctx.db, t.ctx.clock, t.ctx.ids, { kind: 'long', payload: null });
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
