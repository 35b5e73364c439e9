import { Cron } from 'croner';
import type { Kysely } from 'kysely';
import type { ServerContext } from '../context.js';
import type { Database } from '../db/database.js';
import type { JobHandlers } from './jobHandler.js';

/**
 * The runner's housekeeping (pg-boss's timekeeper), on the wall clock apart from the claim
 * loop, which only runs while its runner has a free slot: every 5 s, jobs whose worker died
 * are put back to `pending`, so their status reads true and any worker can take them; every
 * hour, completed jobs with a retention (webhook deliveries, whose record lives in
 * `webhook_deliveries`) are deleted. `protect` skips a run while the last one is busy.
 */
export function createMaintenance(opts: { ctx: ServerContext; handlers: JobHandlers; onRecovered(): void }) {
  const { ctx, handlers } = opts;
  let schedules: Cron[] = [];

  async function recover(): Promise<void> {
    const recovered = await recoverExpiredLeases(ctx.db, ctx.clock.now());
    if (recovered.length === 0) return;
    ctx.logger.warn({ jobs: recovered }, 'jobs whose worker lease expired are pending again');
    for (const { kind } of recovered) ctx.metrics?.jobsRecovered(kind, 1);
    opts.onRecovered();
  }

  async function purge(): Promise<void> {
    const now = ctx.clock.now().getTime();
    for (const [kind, handler] of Object.entries(handlers)) {
      if (handler.retentionMs === undefined) continue;
      const removed = await purgeCompletedJobs(ctx.db, kind, new Date(now - handler.retentionMs));
      if (removed > 0) ctx.logger.info({ kind, removed }, 'purged completed jobs');
    }
  }

  return {
    start() {
      const every = (pattern: string, task: () => Promise<void>) =>
        new Cron(pattern, { protect: true, unref: true }, () =>
          task().catch((err: unknown) => ctx.logger.error({ err }, 'job maintenance failed')),
        );
      schedules = [every('*/5 * * * * *', recover), every('0 0 * * * *', purge)];
    },
    stop() {
      for (const s of schedules) s.stop();
      schedules = [];
    },
    /** Both tasks, once, now. */
    async runOnce() {
      await recover();
      await purge();
    },
  };
}

/**
 * Hands every job whose lease expired back to `pending` (its worker died or hung) and
 * returns them, so the caller can log the recovery.
 */
export async function recoverExpiredLeases(db: Kysely<Database>, now: Date): Promise<{ id: string; kind: string }[]> {
  const at = now.toISOString();
  return db
    .updateTable('jobs')
    .set({ status: 'pending', lease_until: null, locked_by: null, run_at: at, updated_at: at })
    .where('status', '=', 'processing')
    .where('lease_until', '<', at)
    .returning(['id', 'kind'])
    .execute();
}

/** Deletes `completed` jobs of `kind` that finished before `before`; returns how many. */
export async function purgeCompletedJobs(db: Kysely<Database>, kind: string, before: Date): Promise<number> {
  const res = await db
    .deleteFrom('jobs')
    .where('kind', '=', kind)
    .where('status', '=', 'completed')
    .where('finished_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
