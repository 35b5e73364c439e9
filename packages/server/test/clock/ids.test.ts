import { describe, expect, it } from 'vitest';
import { timeOrderedIds } from '../../src/clock.js';
import { randomPool } from '../../src/randomPool.js';

describe('randomPool', () => {
  it('hands out each byte once, draws a new pool when one is spent, and keeps earlier slices intact', () => {
    const random = randomPool(16);
    const first = random.take(12);
    const kept = Buffer.from(first);
    const words = Array.from({ length: 12 }, () => random.nextUint32());
    for (const w of words) expect(Number.isInteger(w) && w >= 0 && w < 2 ** 32).toBe(true);
    expect(new Set(words).size).toBeGreaterThan(8);
    expect(first.equals(kept)).toBe(true);
    const runs = [random.take(16), random.take(16), random.take(16)].map((b) => b.toString('hex'));
    expect(new Set(runs).size).toBe(3);
    expect(random.take(40)).toHaveLength(40);
  });
});

describe('timeOrderedIds', () => {
  it('mints version-4-shaped ids that sort in the order they were made, none twice', () => {
    const ids = Array.from({ length: 5000 }, () => timeOrderedIds());
    for (const id of ids.slice(0, 50)) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
