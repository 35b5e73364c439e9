import type { JobHandlers } from './jobHandler.js';

/**
 * A runner's slots: the shared pool (`concurrency`, kinds without `ownSlots`), and one pool
 * per kind with `ownSlots`. `idling`: jobs of the pool waiting in `idle()`, whose slots are
 * lent out (only the shared pool lends).
 */
export interface SlotPool {
  kinds: string[];
  limit: number;
  perCompany?: number;
  /** Whether a job waiting in `idle()` lends its slot. */
  lends: boolean;
  running: number;
  idling: number;
}

/** Jobs idling in `idle()` beyond the concurrency, at most (each holds a timer, nothing more). */
const MAX_IDLE_JOBS = 100;

/** The runner's pools, the shared one first; pools without kinds are left out. */
export function slotPools(handlers: JobHandlers, concurrency: number): SlotPool[] {
  const kinds = Object.keys(handlers);
  const own = kinds.filter((k) => handlers[k].ownSlots !== undefined);
  const shared: SlotPool = {
    kinds: kinds.filter((k) => handlers[k].ownSlots === undefined),
    limit: concurrency,
    lends: true,
    running: 0,
    idling: 0,
  };
  const pools = own.map((k) => ({
    kinds: [k],
    limit: concurrency > 0 ? (handlers[k].ownSlots ?? 0) : 0,
    perCompany: handlers[k].perCompany,
    lends: false,
    running: 0,
    idling: 0,
  }));
  return [shared, ...pools].filter((pool) => pool.kinds.length > 0);
}

const slotsLeft = (pool: SlotPool) => pool.limit - (pool.running - pool.idling);
export const hasFreeSlot = (pool: SlotPool) => slotsLeft(pool) > 0;

/**
 * Per-company fairness, the claim's bound per company: the kind's `perCompany`, but once only
 * the pool's last eighth of slots is free, 1: those slots go to companies with nothing of the
 * kind running, so companies whose jobs all hang cannot fill the pool by being several.
 */
export function companyBound(pool: SlotPool): number | undefined {
  if (pool.perCompany === undefined) return undefined;
  return slotsLeft(pool) <= Math.ceil(pool.limit / 8) ? Math.min(1, pool.perCompany) : pool.perCompany;
}

/** A job of `pool` waits on `work`: a lending pool's slot goes to other jobs meanwhile (`lent()` fills it). */
export async function lendWhileIdle<T>(pool: SlotPool, work: Promise<T>, lent: () => void): Promise<T> {
  if (!pool.lends || pool.idling >= MAX_IDLE_JOBS) return work;
  pool.idling++;
  lent();
  try {
    return await work;
  } finally {
    pool.idling--;
  }
}
