import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { manualClock, timeOrderedIds, type Clock } from '../../src/clock.js';
import { configSchema, type Config } from '../../src/config.js';
import type { ServerContext } from '../../src/context.js';
import { migrateToLatest, openDatabase } from '../../src/db/createDatabase.js';
import { createGroupCommit } from '../../src/db/sqlite/groupCommit.js';
import { createJobEvents } from '../../src/jobs/events.js';
import { publicAddress } from '../../src/publicAddress.js';
import { localFileStore } from '../../src/storage/fileStore.js';

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** A pino logger that keeps its lines for assertions instead of printing them. */
export function captureLogger(): { logger: FastifyBaseLogger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger: logger as FastifyBaseLogger, lines };
}

export interface TestContext {
  ctx: ServerContext;
  lines: LogLine[];
  close(): Promise<void>;
}

/** A context on a migrated database: in memory unless `file` is given. */
export async function createTestContext(
  opts: { file?: string; clock?: Clock; config?: Partial<Config>; migrate?: boolean } = {},
): Promise<TestContext> {
  const handle = openDatabase(opts.file ?? ':memory:');
  if (opts.migrate !== false) await migrateToLatest(handle.db);
  const { logger, lines } = captureLogger();
  const config = configSchema.parse({ allowPrivateUrls: true, environment: 'test', ...opts.config });
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-files-'));
  const ctx: ServerContext = {
    db: handle.db,
    dialect: handle.dialect,
    config,
    clock: opts.clock ?? manualClock(),
    address: publicAddress(config),
    jobEvents: createJobEvents(),
    ids: timeOrderedIds,
    fetch: globalThis.fetch,
    logger,
    storage: localFileStore(filesDir),
    writes: createGroupCommit(handle.db, handle.dialect),
  };
  const close = async () => {
    await handle.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  };
  return { ctx, lines, close };
}

export function tempDbFile(): { file: string; cleanup(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-jobs-'));
  return { file: path.join(dir, 'jobs.db'), cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A promise with its resolver, for handlers a test releases by hand. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Waits (briefly, polling) until `check` holds; for states another task reaches. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}
