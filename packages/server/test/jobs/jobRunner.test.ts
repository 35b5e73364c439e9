import { describe, expect, it } from 'vitest';
import { getJob, listJobs } from '../../src/jobs/jobQueue.js';
import type { JobHandlers } from '../../src/jobs/jobHandler.js';
import { runnerHarness } from './runnerHarness.js';
import { deferred, until } from './testContext.js';

describe('job runner', () => {
  const h = runnerHarness();

  it('runs a due job and stores the handler result as completed', async () => {
    const seen: unknown[] = [];
    const r = h.runner({
      double: {
        async run(job, ctx) {
          seen.push(job.payload);
          expect(ctx).toBe(h.t.ctx);
          return { doubled: (job.payload as { n: number }).n * 2 };
        },
      },
    });
    const job = await h.enqueue('double', { n: 21 });

    expect(await r.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 21 }]);
    const done = await getJob(h.t.ctx.db, job.id);
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
    const r = h.runner(handlers, { concurrency: 1 });
    const waits: { id: string }[] = [];
    for (let i = 0; i < 5; i++) waits.push(await h.enqueue('wait'));
    const work = await h.enqueue('work');
    const running = r.runDue();
    await until(async () => (await getJob(h.t.ctx.db, work.id))?.status === 'completed');
    // Three waits hold their own three slots; the shared slot ran the work; two waits queue.
    expect(started.filter((id) => waits.some((w) => w.id === id))).toHaveLength(3);
    gate.resolve();
    await running;
    expect((await listJobs(h.t.ctx.db, { kind: 'wait' })).map((j) => j.status)).toEqual(Array(5).fill('completed'));
  });

  it('a runner with concurrency 0 claims no kind, not even those with slots of their own', async () => {
    const r = h.runner({ wait: { ownSlots: 3, run: async () => 'ran' } }, { concurrency: 0 });
    const job = await h.enqueue('wait');
    expect(await r.runDue()).toBe(0);
    expect((await getJob(h.t.ctx.db, job.id))?.status).toBe('pending');
  });

  it('leaves jobs of kinds it has no handler for', async () => {
    const r = h.runner({ known: { run: async () => 'ok' } });
    const other = await h.enqueue('unknown');
    expect(await r.runDue()).toBe(0);
    expect((await getJob(h.t.ctx.db, other.id))?.status).toBe('pending');
  });

  it('never runs more jobs at once than its concurrency', async () => {
    let active = 0;
    let peak = 0;
    const r = h.runner(
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
    for (let i = 0; i < 5; i++) await h.enqueue('slow', i);

    expect(await r.runDue()).toBe(5);
    expect(peak).toBe(2);
    expect((await listJobs(h.t.ctx.db, { kind: 'slow' })).every((j) => j.status === 'completed')).toBe(true);
  });

  it('lends the slot of a job that only waits (idle) to the next job', async () => {
    const gate = deferred();
    const order: string[] = [];
    const r = h.runner(
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
    await h.enqueue('waits');
    await h.enqueue('quick');
    // With one slot and no lending, "quick" would wait behind "waits", which waits for it.
    expect(await r.runDue()).toBe(2);
    expect(order).toEqual(['waits started', 'quick ran', 'waits finished']);
  });

  it('once started, wakes on an enqueue of its context without waiting for the poll', async () => {
    const ran = deferred<string>();
    const r = h.runner({ wake: { run: async (job) => ran.resolve(job.id) } }, { pollIntervalMs: 60_000 });
    r.start();
    await r.whenIdle();
    const job = await h.enqueue('wake');
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('not woken')), 2000));
    expect(await Promise.race([ran.promise, timeout])).toBe(job.id);
    await r.whenIdle();
    expect((await getJob(h.t.ctx.db, job.id))?.status).toBe('completed');
  });

  it('gives up waiting for idle after its timeout by the context clock, not the wall clock', async () => {
    const gate = deferred();
    const r = h.runner({ hang: { run: () => gate.promise } });
    await h.enqueue('hang');
    const idle = r.whenIdle(60_000);
    h.clock.advance(60_001);
    await expect(idle).rejects.toThrow('job runner not idle after 60000 ms');
    gate.resolve();
  });

  it('waitWhile asks until maxMs has passed by the context clock', async () => {
    // 20 s: within the job's lease (30 s), which the same clock also reads.
    let asked = 0;
    const r = h.runner({
      waits: {
        async run(_job, _ctx, { waitWhile }) {
          const busy = async () => {
            asked++;
            if (asked === 2) h.clock.advance(20_000);
            return true;
          };
          await waitWhile(busy, { pollMs: 1, maxMs: 20_000 });
          return asked;
        },
      },
    });
    const job = await h.enqueue('waits');
    expect(await r.runDue()).toBe(1);
    expect(await getJob(h.t.ctx.db, job.id)).toMatchObject({ status: 'completed', result: 2 });
  });
});
