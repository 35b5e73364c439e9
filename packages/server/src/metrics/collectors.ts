import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import type { Clock } from '../clock.js';
import type { DatabaseStats } from '../db/createDatabase.js';
import type { Database } from '../db/database.js';
import { jobBacklog, type JobBacklogRow } from '../jobs/queueHealth.js';

export interface TableSources {
  db: Kysely<Database>;
  clock: Clock;
  logger: FastifyBaseLogger;
  jobKinds: readonly string[];
}

/**
 * The queue as the job table says, read at scrape time (one grouped read of the waiting and
 * running rows): the same on every instance of one database, so an operator takes `max`, not
 * `sum`, across instances. A read that fails leaves the last values and is logged.
 */
export function registerJobTableGauges(registry: Registry, src: TableSources) {
  // A scrape collects every series at once (prom-client's Promise.all): both job gauges share
  // the read in flight, and the next scrape reads again.
  let inFlight: Promise<JobBacklogRow[]> | undefined;
  const backlog = () =>
    (inFlight ??= jobBacklog(src.db, src.clock.now()).finally(() => {
      inFlight = undefined;
    }));
  const read = async (fill: (rows: JobBacklogRow[]) => void) => {
    try {
      fill(await backlog());
    } catch (err) {
      src.logger.warn({ err }, 'metrics: could not read the job table');
    }
  };
  const known = new Set(src.jobKinds);
  const STATES = ['queued', 'scheduled', 'running', 'stalled'] as const;

  new Gauge({
    name: 'vcase_jobs',
    help:
      'Jobs in the table by kind and state: queued (due, waiting for a worker), scheduled (waiting for its retry time), running, ' +
      'stalled (its worker stopped renewing the lease)',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      await read((rows) => {
        this.reset();
        for (const kind of known) for (const state of STATES) this.set({ kind, state }, 0);
        for (const r of rows) {
          const kind = known.has(r.kind) ? r.kind : 'other';
          for (const state of STATES) this.inc({ kind, state }, r[state]);
        }
      });
    },
  });
  new Gauge({
    name: 'vcase_job_oldest_queued_age_seconds',
    help: 'How long the oldest due job of each kind has been waiting for a worker (0: none waiting)',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      await read((rows) => {
        this.reset();
        const now = src.clock.now().getTime();
        const ages = new Map([...known].map((kind) => [kind, 0]));
        for (const r of rows) {
          if (r.oldestDueAt === null) continue;
          const kind = known.has(r.kind) ? r.kind : 'other';
          ages.set(kind, Math.max(ages.get(kind) ?? 0, (now - Date.parse(r.oldestDueAt)) / 1000));
        }
        for (const [kind, age] of ages) this.set({ kind }, age);
      });
    },
  });
}

/**
 * The database's own figures, read at scrape time: the PostgreSQL pool (connections in use,
 * idle, and requests waiting for one), or SQLite's write-ahead log (its size, and how far the
 * checkpoints that copy it back into the database file lag behind).
 */
export function registerDatabaseGauges(registry: Registry, stats: () => DatabaseStats) {
  const gauge = (name: string, help: string, value: (s: DatabaseStats) => number | undefined) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const v = value(stats());
        if (v !== undefined) this.set(v);
      },
    });
  const first = stats();
  if (first.pool) {
    gauge(
      'vcase_db_pool_in_use',
      'PostgreSQL pool connections running a query or transaction',
      (s) => s.pool && s.pool.total - s.pool.idle,
    );
    gauge('vcase_db_pool_idle', 'PostgreSQL pool connections open and idle', (s) => s.pool?.idle);
    gauge('vcase_db_pool_waiting', 'Queries waiting for a PostgreSQL pool connection (the pool is full)', (s) => s.pool?.waiting);
  }
  if (first.wal) {
    gauge('vcase_sqlite_wal_bytes', 'Size of the SQLite write-ahead log file', (s) => s.wal?.bytes);
    gauge(
      'vcase_sqlite_checkpoint_lag_frames',
      'WAL frames not yet copied back into the database file at the last checkpoint',
      (s) => s.wal?.lagFrames,
    );
    gauge(
      'vcase_sqlite_checkpoint_lag_seconds',
      'Seconds since a checkpoint last copied the whole WAL back (0: it is up to date)',
      (s) => s.wal?.lagSeconds,
    );
  }
}
