import { randomBytes } from 'node:crypto';

/**
 * Random bytes drawn from the system `size` at a time, each byte handed out once: one call
 * into the system's generator per 4 KB instead of one per key or id (a call costs several
 * microseconds; the `uuidv7` package's own source, 8 words at a time through Web Crypto, took
 * 5 % of an upload's CPU under load). A slice stays valid: a spent pool is replaced, not refilled.
 */
export function randomPool(size = 4096) {
  let pool = Buffer.alloc(0);
  let offset = 0;
  const take = (n: number): Buffer => {
    if (offset + n > pool.length) {
      pool = randomBytes(Math.max(size, n));
      offset = 0;
    }
    const slice = pool.subarray(offset, offset + n);
    offset += n;
    return slice;
  };
  return { take, nextUint32: () => take(4).readUInt32LE(0) };
}

/** The process's pool: storage keys and ids. */
export const processRandom = randomPool();
