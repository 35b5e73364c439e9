import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.js';
import { migrationProvider } from './migrations/index.js';
import { openSqliteDatabase } from './sqlite/openSqlite.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The figures `/metrics` reads at each scrape. */
  stats(): DatabaseStats;
  close(): Promise<void>;
}

/** PostgreSQL: the connection pool. SQLite on a file: the write-ahead log and its checkpoints. */
export interface DatabaseStats {
  pool?: { total: number; idle: number; waiting: number };
  wal?: { bytes: number; lagFrames: number; lagSeconds: number };
}

/**
 * Opens the database named by `url`: a `postgres://` URL selects PostgreSQL, anything else
 * is a SQLite file path (`:memory:` for an in-memory database, used by tests).
 */
export interface OpenDatabaseOptions {
  onCheckpointError?: (message: string) => void;
  /**
   * PostgreSQL: an idle pooled connection the server closed (restart, failover,
   * `pg_terminate_backend`, `idle_session_timeout`). The pool drops it and opens another on
   * demand; without a listener the pool's 'error' event would end the process.
   */
  onConnectionLost?: (err: Error) => void;
  /** PostgreSQL: how long a statement may take, on the server and as seen by the client. */
  queryTimeoutMs?: number;
}

/** A PostgreSQL connection not made in this long fails the request instead of waiting on. */
export const PG_CONNECT_TIMEOUT_MS = 10_000;
/** A PostgreSQL statement running this long is cancelled (the longest an API request may wait on one). */
export const PG_QUERY_TIMEOUT_MS = 30_000;

/** A `postgres://` (or `postgresql://`) URL selects PostgreSQL; anything else is a SQLite file. */
export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//i.test(url);

export function openDatabase(url: string, opts: OpenDatabaseOptions = {}): DatabaseHandle {
  if (isPostgresUrl(url)) {
    const queryTimeout = opts.queryTimeoutMs ?? PG_QUERY_TIMEOUT_MS;
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      // The server cancels a statement that runs too long; the client gives up a little later
      // on one whose answer never comes (a server or network that stopped answering).
      statement_timeout: queryTimeout,
      query_timeout: queryTimeout + 5_000,
      keepAlive: true,
    });
    pool.on('error', (err) => opts.onConnectionLost?.(err));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const stats = () => ({ pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } });
    return { db, dialect: 'postgres', stats, close: () => db.destroy() };
  }
  return openSqliteDatabase(url, opts);
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}
