import { V7Generator } from 'uuidv7';

export interface Clock {
  /** Current time. Strictly increasing across calls, so creation order is total. */
  now(): Date;
}

export function systemClock(): Clock {
  let last = 0;
  return {
    now() {
      const t = Math.max(Date.now(), last + 1);
      last = t;
      return new Date(t);
    },
  };
}

/** A clock tests can move by hand. */
export function manualClock(start = Date.parse('2026-01-01T00:00:00.000Z')) {
  let t = start;
  return {
    now: () => new Date(t++),
    advance(ms: number) {
      t += ms;
    },
    set(ms: number) {
      t = ms;
    },
  };
}

export type IdGenerator = () => string;
const v7 = new V7Generator();

/**
 * New ids sort in the order a process makes them, in the layout of a version-4 UUID (a "COMB"
 * id): the first 48 bits are the millisecond time and the next are a counter and random bits,
 * as in a UUIDv7 (RFC 9562, from the `uuidv7` package, which keeps the counter and handles a
 * clock set back), with the version digit 4. Rows keyed by them go to the end of their
 * primary-key index instead of a random page. Bench row: POST /v1/documents (half the WAL
 * writes of an upload; docs/performance.md, round 9). The version digit stays 4 because
 * clients may check it (the contract asks only for UUIDs); ids that reach the server from
 * outside are accepted in any version.
 */
export const timeOrderedIds: IdGenerator = () => {
  const id = v7.generate().toString();
  return `${id.slice(0, 14)}4${id.slice(15)}`;
};

export const iso = (clock: Clock) => clock.now().toISOString();

/** The longest wait a Node timer takes (2^31 − 1 ms, about 24.8 days); a longer one fires at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * A wait of `ms`, capped at `MAX_TIMER_MS`: a sandbox fixture's large `delay_ms` keeps its
 * lookup in flight (operator-surface §3) instead of overflowing the timer into no wait.
 */
export const timerMs = (ms: number) => Math.min(ms, MAX_TIMER_MS);
