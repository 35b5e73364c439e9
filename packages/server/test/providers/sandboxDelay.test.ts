import { afterEach, describe, expect, it } from 'vitest';
import { lookupSource } from '../../src/providers/lookupSource.js';
import { putFixture } from '../../src/repositories/sandboxFixtures.repository.js';
import { createTestContext, type TestContext } from '../jobs/testContext.js';

describe('sandbox delay_ms (operator-surface §3)', () => {
  let t: TestContext;
  afterEach(() => t?.close());

  it.each([2_147_483_648, 3_000_000_000, 1e12])(
    'a delay of %d ms keeps the lookup in flight instead of answering at once',
    async (delay) => {
      t = await createTestContext({ config: { sandboxLatencyMs: 0 } });
      await putFixture(
        t.ctx.db,
        { source: 'rapi', key: 'VIN1', outcome: { result: { ok: true }, delay_ms: delay } },
        new Date().toISOString(),
      );
      const abort = new AbortController();
      const lookup = lookupSource(t.ctx, { source: 'rapi', key: 'VIN1', signal: abort.signal }).then(
        () => 'answered',
        () => 'aborted',
      );
      const first = await Promise.race([lookup, new Promise((r) => setTimeout(() => r('in flight'), 100))]);
      abort.abort();
      expect(first).toBe('in flight');
      expect(await lookup).toBe('aborted');
    },
  );
});
