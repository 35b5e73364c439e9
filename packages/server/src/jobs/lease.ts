import type { ServerContext } from '../context.js';
import { extendLease } from './ownedJob.js';

/**
 * Keeps a claimed job's lease alive while it runs: renewed every third of `leaseMs`. When
 * another worker took the job over, `abort` is told, and the heartbeat ends with the abort
 * (a job given up is no longer ours to renew) or with `end()`.
 */
export function holdLease(o: {
  ctx: ServerContext;
  jobId: string;
  workerId: string;
  leaseMs: number;
  abort: AbortController;
  log: Record<string, unknown>;
}) {
  const { ctx, leaseMs, abort, log } = o;
  let finished = false;
  const renew = async () => {
    try {
      const owned = await extendLease(ctx.db, o.jobId, o.workerId, new Date(ctx.clock.now().getTime() + leaseMs));
      if (!owned && !finished) {
        ctx.logger.warn(log, 'job lease lost; another worker may have taken it');
        abort.abort(new Error('job lease lost'));
      }
    } catch (err) {
      ctx.logger.warn({ ...log, err }, 'job lease renewal failed');
    }
  };
  const heartbeat = setInterval(() => void renew(), Math.max(10, Math.floor(leaseMs / 3)));
  heartbeat.unref();
  abort.signal.addEventListener('abort', () => clearInterval(heartbeat), { once: true });
  return {
    /** Renews now (a handler's own lease replaces the claim's at once). */
    renew,
    /** The run is over: no more renewals, and a lost lease no longer aborts it. */
    end() {
      finished = true;
      clearInterval(heartbeat);
    },
  };
}
