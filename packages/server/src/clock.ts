import { randomUUID } from 'node:crypto';

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
export const randomIds: IdGenerator = () => randomUUID();

export const iso = (clock: Clock) => clock.now().toISOString();
