import { createHash } from 'node:crypto';

/** Deterministic pseudo-random numbers from a key, so synthetic answers repeat exactly. */
export function seeded(source: string, key: string) {
  const digest = createHash('sha256').update(`${source}:${key}`).digest();
  let i = 0;
  const next = () => {
    const v = digest.readUInt32BE(i % 28);
    i += 4;
    return v / 0x1_0000_0000;
  };
  return {
    /** A number in [0, 1). */
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}

export const pad2 = (n: number) => String(n).padStart(2, '0');
export const ddmmyyyy = (d: number, m: number, y: number) => `${pad2(d)}/${pad2(m)}/${y}`;
