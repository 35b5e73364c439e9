import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, SqliteDriver, type DatabaseConnection, type SqliteDialectConfig } from 'kysely';
import { OWNER_DIR_MODE, ownerOnlySqliteFile } from '../../storage/ownerOnly.js';
import type { DatabaseHandle, OpenDatabaseOptions } from '../createDatabase.js';
import type { Database } from '../database.js';
import { allowDirectReads } from '../precompiled.js';
import { readsWhileUnchanged, watchWalHeader } from './unchangedReads.js';
import { BACKSTOP_CHECKPOINT_PAGES, startWalCheckpointer } from './walCheckpointer.js';

/** The SQLite database at `url` (a file path, or `:memory:` for tests), in WAL mode. */
export function openSqliteDatabase(url: string, opts: OpenDatabaseOptions): DatabaseHandle {
  const sqlite = openSqliteFile(url);
  const journal = sqlite.pragma('journal_mode = WAL', { simple: true });
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // SQLite's own lower() folds ASCII letters only; case-insensitive filters (the case list's
  // internal_id) must fold Ñ and accented capitals too. A function of the same name replaces it.
  sqlite.function('lower', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value));
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: statements }) });
  // The reads of every request (`precompiled`) run on the connection itself, answered from
  // memory until a commit of any process moves the WAL header; never while a transaction is
  // open on it. Bench rows: GET taxes, tickets and case list (docs/performance.md, rounds 5-6).
  const read = (sql: string, parameters: readonly unknown[]) => statements.prepare(sql).all(parameters) as unknown[];
  const inMemory = url === ':memory:' || url === '';
  const wal = !inMemory && journal === 'wal' ? watchWalHeader(path.resolve(url)) : null;
  const direct = wal ? readsWhileUnchanged(wal.look, read) : read;
  allowDirectReads(db, (sql, parameters) => (sqlite.inTransaction ? null : direct(sql, parameters)));
  if (inMemory) return { db, dialect: 'sqlite', stats: () => ({}), close: () => db.destroy() };
  // Checkpoints run beside the event loop; this connection's own are only a backstop.
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
  const checkpointer = startWalCheckpointer(path.resolve(url), { onError: opts.onCheckpointError });
  const walFile = `${path.resolve(url)}-wal`;
  return {
    db,
    dialect: 'sqlite',
    stats: () => {
      const lag = checkpointer.lag();
      const bytes = fs.statSync(walFile, { throwIfNoEntry: false })?.size ?? 0;
      return { wal: { bytes, lagFrames: lag.frames, lagSeconds: lag.seconds } };
    },
    close: async () => {
      await checkpointer.stop();
      await db.destroy();
      wal?.close();
    },
  };
}

/** The SQLite file at `url`, its folder made if missing; a failure names the file (the driver's own message does not). */
function openSqliteFile(url: string): SQLite.Database {
  try {
    if (url !== ':memory:' && url !== '') {
      // A folder made here holds the database alone: owner-only. One that exists is left as it is.
      fs.mkdirSync(path.dirname(path.resolve(url)), { recursive: true, mode: OWNER_DIR_MODE });
      ownerOnlySqliteFile(path.resolve(url));
    }
    return new SQLite(url);
  } catch (err) {
    const name = url === ':memory:' ? url : path.resolve(url);
    throw new Error(`cannot open the SQLite database ${name}: ${(err as Error).message}`, { cause: err });
  }
}

/**
 * Transactions begin with `BEGIN IMMEDIATE`, taking the write lock at once (waiting up to the
 * busy timeout for it). Kysely's `BEGIN` defers it to the first write, and a transaction that
 * read first then finds its snapshot stale whenever another process (an API instance, a
 * `vcase-server worker`) committed in between: SQLite answers SQLITE_BUSY at once, without
 * waiting, and the request failed with a 500. Within a process nothing changes: the one
 * connection already runs one transaction at a time.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new (class extends SqliteDriver {
      override async beginTransaction(connection: DatabaseConnection) {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      }
    })(this.#config);
  }
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew, which costs more than running most of
 * them (every HTTP row; docs/performance.md, round 1). Statements are reused by SQL text
 * instead (a bounded cache, least recently used out): Kysely runs each one to completion
 * synchronously (`all` or `run`, never `iterate` here), so a cached statement is never busy
 * when it is reused.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql);
      } else {
        stmt = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, stmt);
      return stmt;
    },
  };
}
