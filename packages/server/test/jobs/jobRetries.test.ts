import { describe, expect, it } from 'vitest';
import { defaultBackoffMs, PermanentJobError } from '../../src/jobs/jobHandler.js';
import { getJob } from '../../src/jobs/jobQueue.js';
import { runnerHarness } from './runnerHarness.js';

describe('job runner: failures, retries and retention', () => {
  const h = runnerHarness();

  it('retries a failed job after its backoff, then completes', async () => {
    let calls = 0;
    const r = h.runner({
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
    const job = await h.enqueue('flaky');

    expect(await r.runDue()).toBe(1);
    let row = await getJob(h.t.ctx.db, job.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, error: 'source down (1)', lockedBy: null });
    const firstRetryAt = Date.parse(row!.runAt);
    expect(firstRetryAt - Date.parse(row!.updatedAt)).toBe(1000);

    // Not due before the backoff has passed.
    expect(await r.runDue()).toBe(0);
    h.clock.advance(1000);
    expect(await r.runDue()).toBe(1);
    row = await getJob(h.t.ctx.db, job.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2, error: 'source down (2)' });
    expect(Date.parse(row!.runAt) - Date.parse(row!.updatedAt)).toBe(2000);

    h.clock.advance(2000);
    expect(await r.runDue()).toBe(1);
    expect(await getJob(h.t.ctx.db, job.id)).toMatchObject({ status: 'completed', attempts: 3, result: 'finally', error: null });
  });

  it('marks a job error once its attempts are spent, and logs it', async () => {
    const r = h.runner({ broken: { backoffMs: () => 0, run: async () => Promise.reject(new Error('always')) } });
    const job = await h.enqueue('broken', null, { maxAttempts: 2 });

    await r.whenIdle();
    expect(await getJob(h.t.ctx.db, job.id)).toMatchObject({ status: 'error', attempts: 2, error: 'always' });
    expect(h.t.lines.some((l) => l.level === 50 && l.msg === 'job failed' && l.jobId === job.id)).toBe(true);
  });

  it('fails at once on PermanentJobError, skipping the remaining attempts', async () => {
    let calls = 0;
    const r = h.runner({
      strict: {
        maxAttempts: 5,
        backoffMs: () => 0,
        async run() {
          calls++;
          throw new PermanentJobError('no CURP on the case');
        },
      },
    });
    const job = await h.enqueue('strict');
    await r.whenIdle();
    expect(calls).toBe(1);
    expect(await getJob(h.t.ctx.db, job.id)).toMatchObject({ status: 'error', attempts: 1, error: 'no CURP on the case' });
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

  it('maintenance purges completed jobs past their kind retention, keeping failed ones', async () => {
    const r = h.runner({
      note: { retentionMs: 1000, run: async () => 'sent' },
      bad: { retentionMs: 1000, maxAttempts: 1, run: async () => Promise.reject(new Error('x')) },
      keep: { run: async () => 'kept' },
    });
    const note = await h.enqueue('note');
    const bad = await h.enqueue('bad');
    const keep = await h.enqueue('keep');
    await r.whenIdle();
    await r.maintain();
    expect((await getJob(h.t.ctx.db, note.id))?.status).toBe('completed');

    h.clock.advance(1001);
    await r.maintain();
    expect(await getJob(h.t.ctx.db, note.id)).toBeUndefined();
    expect((await getJob(h.t.ctx.db, bad.id))?.status).toBe('error');
    expect((await getJob(h.t.ctx.db, keep.id))?.status).toBe('completed');
  });

  it('survives a handler that throws a non-Error value', async () => {
    const r = h.runner({ odd: { maxAttempts: 1, run: async () => Promise.reject('just a string') } });
    const job = await h.enqueue('odd');
    await r.whenIdle();
    expect(await getJob(h.t.ctx.db, job.id)).toMatchObject({ status: 'error', error: 'just a string' });
  });
});
