import { afterEach, beforeEach } from 'vitest';
import { manualClock } from '../../src/clock.js';
import type { JobHandlers } from '../../src/jobs/jobHandler.js';
import { enqueueJob } from '../../src/jobs/jobQueue.js';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from '../../src/jobs/jobRunner.js';
import { createTestContext, type TestContext } from './testContext.js';

/**
 * For a test file of runner tests: each test gets a context on a fresh database with a
 * manual clock (`h.t`, `h.clock`); runners made with `h.runner` are stopped after it.
 */
export function runnerHarness() {
  const runners: JobRunner[] = [];
  const h = {
    t: undefined as unknown as TestContext,
    clock: undefined as unknown as ReturnType<typeof manualClock>,
    runner(handlers: JobHandlers, opts: Partial<Omit<JobRunnerOptions, 'ctx' | 'handlers'>> = {}) {
      const r = createJobRunner({ ctx: h.t.ctx, handlers, concurrency: 1, ...opts });
      runners.push(r);
      return r;
    },
    enqueue(kind: string, payload: unknown = null, extra: { maxAttempts?: number } = {}) {
      return enqueueJob(h.t.ctx.db, h.t.ctx, { kind, payload, ...extra });
    },
  };
  beforeEach(async () => {
    h.clock = manualClock();
    h.t = await createTestContext({ clock: h.clock });
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await h.t.close();
  });
  return h;
}
