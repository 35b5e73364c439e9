import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/**
 * A seeded source of choices. Every document draws from its own generator, seeded from the
 * corpus seed and the document's name, so adding a document never changes another one's bytes.
 */
export interface Rng {
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** Float in [0, 1). */
  float(): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** `n` random characters of `alphabet`. */
  chars(alphabet: string, n: number): string;
  bytes(n: number): Buffer;
  shuffle<T>(items: readonly T[]): T[];
  /** An independent generator for a named part (e.g. the scan of a page). */
  fork(label: string): Rng;
}

/** 32-bit FNV-1a of a text: seeds from names. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createRng(seed: number | string): Rng {
  const base = typeof seed === 'number' ? seed >>> 0 : hash32(seed);
  const gen = xoroshiro128plus(base);
  const int = (min: number, max: number) => uniformInt(gen, min, max);
  const rng: Rng = {
    int,
    float: () => uniformFloat64(gen),
    pick: (items) => {
      if (!items.length) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)];
    },
    chance: (p) => uniformFloat64(gen) < p,
    chars: (alphabet, n) => Array.from({ length: n }, () => alphabet[int(0, alphabet.length - 1)]).join(''),
    bytes: (n) => Buffer.from(Array.from({ length: n }, () => int(0, 255))),
    shuffle: (items) => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
    fork: (label) => createRng(hash32(`${base}:${label}`)),
  };
  return rng;
}

export const DIGITS = '0123456789';
export const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
