import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/clock.js';
import { claimNextJob } from '../../src/jobs/claim.js';
import { enqueueJob, getJob, latestJobForCase, listJobs } from '../../src/jobs/jobQueue.js';
import { createTestContext, type TestContext } from './testContext.js';

describe('job queue', () => {
  let t: TestContext;
  let clock: ReturnType<typeof manualClock>;

  beforeEach(async () => {
    clock = manualClock();
    t = await createTestContext({ clock });
  });
  afterEach(() => t.close());

  it('enqueues a pending job with its payload parsed back', async () => {
    const job = await enqueueJob(t.ctx.db, t.ctx, {
      kind: 'ocr',
      payload: { file: 'a.pdf', pages: [1, 2] },
      companyId: 'co-1',
      caseId: 'case-1',
      maxAttempts: 4,
    });
    const stored = await getJob(t.ctx.db, job.id);
    expect(stored).toMatchObject({
      id: job.id,
      kind: 'ocr',
      status: 'pending',
      payload: { file: 'a.pdf', pages: [1, 2] },
      companyId: 'co-1',
      caseId: 'case-1',
      parentId: null,
      attempts: 0,
      maxAttempts: 4,
      result: null,
      leaseUntil: null,
      runAt: job.createdAt,
    });
    expect(await getJob(t.ctx.db, 'missing')).toBeUndefined();
  });

  it("tells the listeners of its context's job events of an enqueue, and no other context's", async () => {
    const other = await createTestContext({ clock });
    try {
      const heard = { mine: [] as string[], other: [] as string[] };
      t.ctx.jobEvents.on('enqueued', (kind) => heard.mine.push(kind));
      other.ctx.jobEvents.on('enqueued', (kind) => heard.other.push(kind));
      await enqueueJob(t.ctx.db, t.ctx, { kind: 'tickets', payload: null });
      expect(heard).toEqual({ mine: ['tickets'], other: [] });
    } finally {
      await other.close();
    }
  });

  it('enqueues inside the caller transaction: a rollback leaves no job', async () => {
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await enqueueJob(trx, t.ctx, { kind: 'k', payload: 1, caseId: 'c' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await listJobs(t.ctx.db, { caseId: 'c' })).toEqual([]);

    await t.ctx.db.transaction().execute(async (trx) => {
      await enqueueJob(trx, t.ctx, { kind: 'k', payload: 2, caseId: 'c' });
    });
    expect((await listJobs(t.ctx.db, { caseId: 'c' })).map((j) => j.payload)).toEqual([2]);
  });

  it('finds the latest job of a kind for a case and lists by filter, oldest first', async () => {
    const q = (o: { kind: string; caseId?: string; parentId?: string; payload: number }) => enqueueJob(t.ctx.db, t.ctx, o);
    const parent = await q({ kind: 'process', caseId: 'c1', payload: 1 });
    await q({ kind: 'tickets', caseId: 'c1', payload: 2 });
    const child = await q({ kind: 'ocr', caseId: 'c1', parentId: parent.id, payload: 3 });
    const second = await q({ kind: 'process', caseId: 'c1', payload: 4 });
    await q({ kind: 'process', caseId: 'c2', payload: 5 });

    expect((await latestJobForCase(t.ctx.db, 'c1', 'process'))?.id).toBe(second.id);
    expect(await latestJobForCase(t.ctx.db, 'c3', 'process')).toBeUndefined();
    expect((await listJobs(t.ctx.db, { caseId: 'c1' })).map((j) => j.payload)).toEqual([1, 2, 3, 4]);
    expect((await listJobs(t.ctx.db, { kind: 'process' })).map((j) => j.payload)).toEqual([1, 4, 5]);
    expect((await listJobs(t.ctx.db, { parentId: parent.id })).map((j) => j.id)).toEqual([child.id]);
  });

  it('claims only due jobs of the given kinds, earliest run_at first', async () => {
    const later = await enqueueJob(t.ctx.db, t.ctx, {
      kind: 'a',
      payload: 'later',
      runAt: new Date(clock.now().getTime() + 60_000),
    });
    await enqueueJob(t.ctx.db, t.ctx, { kind: 'b', payload: 'other kind' });
    const due = await enqueueJob(t.ctx.db, t.ctx, { kind: 'a', payload: 'due' });
    const opts = { leaseMs: 120_000, workerId: 'w1', kinds: ['a'] };

    const first = await claimNextJob(t.ctx.db, 'sqlite', { ...opts, now: clock.now() });
    expect(first).toMatchObject({ id: due.id, status: 'processing', attempts: 1, lockedBy: 'w1' });
    expect(await claimNextJob(t.ctx.db, 'sqlite', { ...opts, now: clock.now() })).toBeUndefined();

    clock.advance(60_000);
    expect((await claimNextJob(t.ctx.db, 'sqlite', { ...opts, now: clock.now() }))?.id).toBe(later.id);
  });
});
