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

/** The longest wait a Node timer takes (2^31 − 1 ms, about 24.8 days); a longer one fires at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * A wait of `ms`, capped at `MAX_TIMER_MS`: a sandbox fixture's large `delay_ms` keeps its
 * lookup in flight (operator-surface §3) instead of overflowing the timer into no wait.
 */
export const timerMs = (ms: number) => Math.min(ms, MAX_TIMER_MS);
