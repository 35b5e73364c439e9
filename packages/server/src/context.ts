import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock, IdGenerator } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { Dialect } from './db/createDatabase.js';
import type { GroupCommit } from './db/sqlite/groupCommit.js';
import type { JobEvents } from './jobs/events.js';
import type { MetricsHooks } from './metrics/hooks.js';
import type { FileStore } from './storage/fileStore.js';
import type { OutboundNet } from './net/outbound.js';
import type { MemoryBudget, TesseractPool } from './pipeline/index.js';
import type { PublicAddress } from './publicAddress.js';

/**
 * What services, job handlers and routes depend on. Built once in `createServer`, passed
 * down explicitly: nothing global, so tests build as many as they like.
 */
export interface ServerContext {
  db: Kysely<Database>;
  dialect: Dialect;
  config: Config;
  clock: Clock;
  /** Where clients reach this server: the base of the links it builds. */
  address: PublicAddress;
  /** Enqueues of this context, heard by its job runners (`jobs/events.ts`). */
  jobEvents: JobEvents;
  ids: IdGenerator;
  fetch: typeof fetch;
  /**
   * Requests to URLs clients gave (document downloads, webhooks) go through its dispatcher,
   * which connects only to checked addresses (`net/outbound.ts`). Read through `outboundOf(ctx)`:
   * a context made by hand without one gets one made from its config.
   */
  outbound?: OutboundNet;
  logger: FastifyBaseLogger;
  storage: FileStore;
  /** Transactions of the hot write paths, committed in groups on SQLite (`db/groupCommit.ts`). */
  writes: GroupCommit;
  /**
   * The tesseract workers and the memory budget of document reading (`VCASE_OCR_WORKERS`,
   * `VCASE_OCR_MEMORY_MB`); a context made by hand without one reads with the process's
   * shared pool and no budget.
   */
  ocr?: { pool: TesseractPool; budget: MemoryBudget };
  /** Where work reports what it did, for `/metrics` (`metrics/hooks.ts`); absent: nowhere. */
  metrics?: MetricsHooks;
}
