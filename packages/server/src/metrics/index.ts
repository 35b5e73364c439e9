import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { DatabaseStats } from '../db/createDatabase.js';
import type { Database } from '../db/database.js';
import { registerDatabaseGauges, registerJobTableGauges } from './collectors.js';
import { createServerMetrics, type ServerMetrics } from './promMetrics.js';

export { NO_METRICS, recordCfdiSealVerdict, secondsSince, type MetricsHooks } from './hooks.js';
export { registerHttpMetrics } from './httpMetrics.js';
export { listenForMetrics, type MetricsListener } from './metricsListener.js';
export type { ServerMetrics } from './promMetrics.js';

/** Everything `/metrics` shows for one process: the work it reports, the job table, the database. */
export function createTelemetry(src: {
  db: Kysely<Database>;
  clock: Clock;
  logger: FastifyBaseLogger;
  jobKinds: readonly string[];
  databaseStats: () => DatabaseStats;
}): ServerMetrics {
  const metrics = createServerMetrics(src.jobKinds);
  registerJobTableGauges(metrics.registry, src);
  registerDatabaseGauges(metrics.registry, src.databaseStats);
  return metrics;
}
