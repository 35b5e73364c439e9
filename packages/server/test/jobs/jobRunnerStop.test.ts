import { describe, expect, it } from 'vitest';
import { getJob } from '../../src/jobs/jobQueue.js';
import { runnerHarness } from './runnerHarness.js';
import { deferred, until } from './testContext.js';

describe('job runner: graceful stop', () => {
  const h = runnerHarness();

  it('waits for a job that finishes within the bound', async () => {
    const r = h.runner({ quick: { run: () => new Promise((res) => setTimeout(() => res('done'), 20)) } }, { stopTimeoutMs: 2000 });
    const job = await h.enqueue('quick');
    r.start();
    await until(async () => (await getJob(h.t.ctx.db, job.id))?.status === 'processing');
    await r.stop();
    expect(await getJob(h.t.ctx.db, job.id)).toMatchObject({ status: 'completed', result: 'done' });
  });

  it('releases a job still running at the bound back to pending, and claims nothing more', async () => {
    const gate = deferred();
    let aborted = false;
    const r = h.runner(
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
    const job = await h.enqueue('hang');
    r.start();
    await until(async () => (await getJob(h.t.ctx.db, job.id))?.status === 'processing');
    await r.stop();

    expect(aborted).toBe(true);
    expect(await getJob(h.t.ctx.db, job.id)).toMatchObject({ status: 'pending', attempts: 0, lockedBy: null, leaseUntil: null });
    await h.enqueue('hang');
    expect(await r.runDue()).toBe(0);

    // The abandoned handler finishing later cannot overwrite the released job.
    gate.resolve();
    await new Promise((res) => setTimeout(res, 10));
    expect((await getJob(h.t.ctx.db, job.id))?.status).toBe('pending');

    // Nothing was lost: another runner takes it.
    const next = h.runner({ hang: { run: async () => 'second run' } });
    await next.whenIdle();
    expect(await getJob(h.t.ctx.db, job.id)).toMatchObject({ status: 'completed', result: 'second run', attempts: 1 });
  });

  it('a job that stops when told at shutdown goes back to pending uncounted, not to a retry or a failure', async () => {
    const r = h.runner(
      {
        obedient: {
          maxAttempts: 1,
          run: (_job, _ctx, { signal }) => new Promise((_res, rej) => signal.addEventListener('abort', () => rej(signal.reason))),
        },
      },
      { stopTimeoutMs: 30 },
    );
    const job = await h.enqueue('obedient');
    r.start();
    await until(async () => (await getJob(h.t.ctx.db, job.id))?.status === 'processing');
    await r.stop();
    expect(await getJob(h.t.ctx.db, job.id)).toMatchObject({ status: 'pending', attempts: 0, lockedBy: null });
  });

  it('a job that settles itself when told to stop keeps the outcome it records', async () => {
    const r = h.runner(
      { settles: { run: (_job, _ctx, { signal }) => new Promise((res) => signal.addEventListener('abort', () => res('wrapped up'))) } },
      { stopTimeoutMs: 30 },
    );
    const job = await h.enqueue('settles');
    r.start();
    await until(async () => (await getJob(h.t.ctx.db, job.id))?.status === 'processing');
    await r.stop();
    expect(await getJob(h.t.ctx.db, job.id)).toMatchObject({ status: 'completed', result: 'wrapped up' });
  });
});
