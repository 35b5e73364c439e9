import { describe, expect, it } from 'vitest';
import { timeOrderedIds } from '../../src/clock.js';

describe('timeOrderedIds', () => {
  it('mints version-4-shaped ids that sort in the order they were made, none twice', () => {
    const ids = Array.from({ length: 5000 }, () => timeOrderedIds());
    for (const id of ids.slice(0, 50)) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
