import { describe, expect, it } from 'vitest';
import { MemoryBudget, processDocument, readingCost, type OcrEngine } from '../../src/pipeline/index.js';

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('MemoryBudget', () => {
  it('runs work only while what it holds fits, first come first served', async () => {
    const budget = new MemoryBudget(100);
    const order: string[] = [];
    const a = gate();
    const b = gate();
    const first = budget.run(60, async () => (order.push('a'), a.opened));
    const second = budget.run(60, async () => (order.push('b'), b.opened));
    const small = budget.run(10, async () => order.push('c'));
    await new Promise((r) => setTimeout(r, 10));
    // b does not fit beside a; c would fit but waits its turn behind b.
    expect(order).toEqual(['a']);
    expect(budget.inUse).toBe(60);
    a.open();
    await first;
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual(['a', 'b', 'c']);
    b.open();
    await Promise.all([second, small]);
    expect(budget.inUse).toBe(0);
  });

  it('lets one piece of work larger than the whole budget run alone, and frees after a failure', async () => {
    const budget = new MemoryBudget(100);
    await expect(
      budget.run(500, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(budget.inUse).toBe(0);
    expect(await budget.run(500, async () => 'ran')).toBe('ran');
  });

  it("holds a document reading until the file's cost fits", async () => {
    const budget = new MemoryBudget(readingCost(1000));
    const started: number[] = [];
    const release = gate();
    const engine: OcrEngine = {
      name: 'slow',
      supports: () => true,
      run: async ({ bytes }) => (started.push(bytes.length), await release.opened, { text: '', json_ocr: {} }),
    };
    const doc = (size: number) =>
      processDocument({ bytes: new Uint8Array(size), mime: 'text/plain', sha256: 'x', engines: [engine], budget });
    const one = doc(1000);
    const two = doc(10);
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual([1000]);
    release.open();
    await Promise.all([one, two]);
    expect(started).toEqual([1000, 10]);
  });
});
