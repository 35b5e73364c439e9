import path from 'node:path';
import { Command, Option } from 'commander';
import { isA } from '@vcase/shared';
import pkg from '../package.json';
import { loadConfig, type ConfigFlags } from './config.js';
import { isPostgresUrl } from './db/createDatabase.js';
import { createServer, createWorker } from './server.js';
import { startTracing } from './tracing/index.js';

function onSignals(stop: () => Promise<void>) {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    process.stderr.write(`\n${signal} received, shutting down…\n`);
    stop().then(
      () => process.exit(0),
      (err) => {
        process.stderr.write(`shutdown failed: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

const program = new Command('vcase-server')
  .description('vcase vehicle case and document validation server')
  .version(pkg.version, '-V, --version', 'print the version');

program
  .command('start')
  .description('serve the REST API, tRPC channel and in-process job workers')
  .option('--port <port>', 'port to listen on (PORT, default 3000)')
  .option('--host <host>', 'address to bind (HOST, default 127.0.0.1)')
  .option('--db <path-or-url>', 'SQLite file, or a postgres:// URL (VCASE_DB / DATABASE_URL)')
  .option('--storage <dir>', 'directory for stored files (VCASE_STORAGE_DIR)')
  .option('--workers <n>', 'in-process job concurrency; 0 = API only (VCASE_WORKERS, default 4)')
  .option(
    '--metrics-port <port>',
    'serve GET /metrics there alone, without credentials, for a private network ' +
      '(VCASE_METRICS_PORT; default: on the API port, admin token)',
  )
  .option('--metrics-host <host>', 'address the metrics port binds (VCASE_METRICS_HOST, default --host)')
  .addOption(new Option('--no-bootstrap', 'do not create demo credentials on an empty database'))
  .action(async (flags: ConfigFlags) => {
    const config = loadConfig(flags);
    const tracing = await startTracing(config, pkg.version);
    const server = await createServer({ config, tracing: tracing !== null });
    onSignals(async () => {
      await server.stop();
      await tracing?.shutdown();
    });
    // Printed as soon as it is made: a first start that fails to listen (port taken) or is
    // stopped early has already kept it, and later starts find it made.
    if (server.adminTokenCreated) {
      process.stdout.write(`Admin token (generated; kept in ${config.stateDir}/admin-token): ${server.adminToken}\n`);
    }
    const address = await server.start();
    if (server.bootstrapped) {
      process.stdout.write(
        `Demo credentials (kept in ${config.stateDir}/credentials.json):\n` +
          `  base_url: ${server.bootstrapped.base_url}\n` +
          `  token:    ${server.bootstrapped.token}\n` +
          `  api_key:  ${server.bootstrapped.api_key}\n`,
      );
    }
    const everywhere = ['0.0.0.0', '::', '[::]'].includes(config.host) ? `; bound to ${config.host}, every interface` : '';
    process.stdout.write(
      `vcase-server listening on ${address} (docs: ${address}/docs${everywhere})\n` +
        `${databaseLine(config.db)}${metricsLine(server.metricsAddress)}${tracesLine(config.traces)}`,
    );
  });

program
  .command('worker')
  .description('run job workers only, against the same database')
  .option('--db <path-or-url>', 'SQLite file, or a postgres:// URL (VCASE_DB / DATABASE_URL)')
  .option('--storage <dir>', 'directory for stored files (VCASE_STORAGE_DIR)')
  .option('--workers <n>', 'job concurrency (VCASE_WORKERS, default 4)')
  .option('--metrics-port <port>', 'serve GET /metrics on this port, without credentials, for a private network (VCASE_METRICS_PORT)')
  .option('--metrics-host <host>', 'address the metrics port binds (VCASE_METRICS_HOST, default HOST or 127.0.0.1)')
  .action(async (flags: ConfigFlags) => {
    const config = loadConfig(flags);
    const tracing = await startTracing(config, pkg.version);
    const worker = await createWorker({ config, tracing: tracing !== null });
    onSignals(async () => {
      await worker.stop();
      await tracing?.shutdown();
    });
    await worker.start();
    process.stdout.write(
      `vcase-server worker running (${config.workers} concurrent jobs)\n` +
        `${databaseLine(config.db)}${metricsLine(worker.metricsAddress)}${tracesLine(config.traces)}`,
    );
  });

/** Where the metrics port listens, when there is one. */
const metricsLine = (address: string | null) => (address ? `metrics: ${address}/metrics\n` : '');
/** Traces, when the OTEL_* settings turned them on. */
const tracesLine = (traces: string) => (traces === 'none' ? '' : `traces: OpenTelemetry, ${traces} exporter\n`);

/** The database a process uses, said at start (a mistyped path would otherwise go unseen): a PostgreSQL URL without its password. */
function databaseLine(db: string): string {
  if (!isPostgresUrl(db)) return `database: SQLite file ${path.resolve(db)}\n`;
  const url = new URL(db);
  if (url.password) url.password = '***';
  return `database: PostgreSQL ${url.toString()}\n`;
}

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`${isA(Error, err) ? err.message : String(err)}\n`);
  process.exit(1);
});
