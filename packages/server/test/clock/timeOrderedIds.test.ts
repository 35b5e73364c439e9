import { describe, expect, it } from 'vitest';
import { pooledRandom, timeOrderedIds } from '../../src/clock.js';

describe('pooledRandom', () => {
  it('draws new words when the pool is spent, so no run of words repeats the one before', () => {
    const random = pooledRandom(4);
    const words = Array.from({ length: 12 }, () => random.nextUint32());
    for (const w of words) expect(Number.isInteger(w) && w >= 0 && w < 2 ** 32).toBe(true);
    const runs = [words.slice(0, 4), words.slice(4, 8), words.slice(8, 12)].map((r) => r.join(','));
    expect(new Set(runs).size).toBe(3);
    expect(new Set(words).size).toBeGreaterThan(8);
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
