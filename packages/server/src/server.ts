import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from './app.js';
import { loadOrCreateSecret } from './auth/secrets.js';
import { createTokenSigner } from './auth/tokens.js';
import { bootstrapDemo } from './bootstrap.js';
import { timeOrderedIds, systemClock, type Clock, type IdGenerator } from './clock.js';
import type { Config } from './config.js';
import type { ServerContext } from './context.js';
import { migrateToLatest, openDatabase } from './db/createDatabase.js';
import { jobHandlers } from './jobHandlers.js';
import { MemoryBudget, TesseractPool } from './pipeline/index.js';
import { createJobEvents } from './jobs/events.js';
import { createJobRunner } from './jobs/jobRunner.js';
import { publicAddress } from './publicAddress.js';
import { createGroupCommit } from './db/sqlite/groupCommit.js';
import { createTelemetry, listenForMetrics, type MetricsListener, type ServerMetrics } from './metrics/index.js';
import { bothHooks, SPAN_HOOKS, tracedHandlers } from './tracing/index.js';
import { API_PUBLIC_URL, readSetting, writeSetting } from './repositories/settings.repository.js';
import { localFileStore } from './storage/fileStore.js';
import { SEGMENTS_DIR, segmentFiles } from './storage/segmentFiles.js';
import { tieredFileStore } from './storage/tieredFileStore.js';
import { fetch as undiciFetch } from 'undici';
import { outboundNet } from './net/outbound.js';
import type { LookupAll } from './net/publicUrl.js';

export interface CreateServerOptions {
  config: Config;
  clock?: Clock;
  ids?: IdGenerator;
  fetch?: typeof fetch;
  /** How names of outbound URLs are resolved (the system's resolver; injected in tests). */
  resolve?: LookupAll;
  logger?: FastifyBaseLogger;
  strictResponses?: boolean;
  /** The process registered a tracer provider (`startTracing`): requests, jobs and their work become spans. */
  tracing?: boolean;
}

export interface VcaseServer {
  app: FastifyInstance;
  ctx: ServerContext;
  runner: ReturnType<typeof createJobRunner>;
  /** Null when metrics are switched off (`VCASE_METRICS=false`). */
  metrics: ServerMetrics | null;
  /** `http://host:port` of the metrics port once started with `--metrics-port`, else null. */
  metricsAddress: string | null;
  adminToken: string;
  /** True when this start generated the admin token (it is printed once). */
  adminTokenCreated: boolean;
  /** Demo credentials when `start()` bootstrapped an empty database (null until then). */
  bootstrapped: Awaited<ReturnType<typeof bootstrapDemo>>;
  /** Listens on the configured host and port and starts the workers. */
  start(): Promise<string>;
  /** Graceful: stop accepting, finish or release claimed jobs, close the database. */
  stop(): Promise<void>;
}

/** Opens and migrates the database and builds the context everything else depends on. */
export async function createContext(opts: CreateServerOptions) {
  const { config } = opts;
  const logger = opts.logger ?? (pino({ level: config.logLevel }) as FastifyBaseLogger);
  const handle = openDatabase(config.db, {
    onCheckpointError: (message) => logger.error({ err: message }, 'SQLite checkpoint failed'),
    onConnectionLost: (err) => logger.warn({ err }, 'PostgreSQL closed an idle connection; the pool opens another when needed'),
  });
  await migrateToLatest(handle.db);
  const writes = createGroupCommit(handle.db, handle.dialect);
  const clock = opts.clock ?? systemClock();
  const metrics = config.metrics
    ? createTelemetry({ db: handle.db, clock, logger, jobKinds: Object.keys(jobHandlers), databaseStats: handle.stats })
    : null;
  const ctx: ServerContext = {
    db: handle.db,
    dialect: handle.dialect,
    config,
    clock,
    address: publicAddress(config),
    jobEvents: createJobEvents(),
    ids: opts.ids ?? timeOrderedIds,
    // undici's own fetch, to go with its dispatcher (`outbound`).
    fetch: opts.fetch ?? (undiciFetch as unknown as typeof fetch),
    outbound: outboundNet(config.allowPrivateUrls, opts.resolve),
    logger,
    writes,
    storage: tieredFileStore({
      disk: localFileStore(config.storageDir),
      db: handle.db,
      writes,
      clock,
      // One machine's SQLite: small files' content goes to segment files beside the large
      // files. PostgreSQL keeps every file in the database every instance shares.
      segments: handle.dialect === 'sqlite' ? segmentFiles(path.join(config.storageDir, SEGMENTS_DIR)) : undefined,
      largeInDatabase: handle.dialect === 'postgres',
    }),
    metrics: opts.tracing ? (metrics ? bothHooks(metrics.hooks, SPAN_HOOKS) : SPAN_HOOKS) : metrics?.hooks,
    ocr: { pool: new TesseractPool({ size: config.ocrWorkers }), budget: new MemoryBudget(config.ocrMemoryMb * 1024 * 1024) },
  };
  const handlers = opts.tracing ? tracedHandlers(jobHandlers) : jobHandlers;
  return { ctx, handle, metrics, metricsPort: metricsPort(ctx, metrics), handlers };
}

/** The metrics-only listener of `--metrics-port`, started and stopped with the process. */
function metricsPort(ctx: ServerContext, metrics: ServerMetrics | null) {
  const { config } = ctx;
  let listener: MetricsListener | null = null;
  return {
    get address() {
      return listener?.address ?? null;
    },
    async start() {
      if (!metrics || config.metricsPort === undefined || listener) return;
      listener = await listenForMetrics(metrics, { port: config.metricsPort, host: config.metricsHost ?? config.host, logger: ctx.logger });
    },
    async stop() {
      await listener?.close();
      listener = null;
    },
  };
}

/** Wires database, app and workers. Never listens on its own: `start()` does. */
export async function createServer(opts: CreateServerOptions): Promise<VcaseServer> {
  const { config } = opts;
  const { ctx, handle, metrics, metricsPort, handlers } = await createContext(opts);
  const adminToken = loadOrCreateSecret(config.stateDir, 'admin-token', config.adminToken);
  const jwtSecret = loadOrCreateSecret(config.stateDir, 'jwt-secret', config.jwtSecret);

  const app = await buildApp({
    ctx,
    adminToken: adminToken.value,
    jwtSecret: jwtSecret.value,
    strictResponses: opts.strictResponses,
    metrics,
    tracing: opts.tracing,
  });
  const runner = createJobRunner({ ctx, handlers, concurrency: config.workers, leaseMs: config.jobLeaseMs });

  let stopped = false;
  const server: VcaseServer = {
    app,
    ctx,
    runner,
    metrics,
    get metricsAddress() {
      return metricsPort.address;
    },
    adminToken: adminToken.value,
    adminTokenCreated: adminToken.created,
    bootstrapped: null,
    async start() {
      const address = await app.listen({ port: config.port, host: config.host });
      await metricsPort.start();
      // With port 0 the system picked the port: the links built from now on name the real one.
      const bound = app.server.address();
      if (bound && typeof bound === 'object') ctx.address.listening(bound.port);
      // Worker processes, which listen nowhere, build links to this address (`followApiAddress`).
      await writeSetting(ctx.db, API_PUBLIC_URL, ctx.address.baseUrl);
      server.bootstrapped = await bootstrapDemo(ctx, createTokenSigner(jwtSecret.value));
      if (config.workers > 0) runner.start();
      return address;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await app.close();
      await metricsPort.stop();
      await runner.stop();
      await handle.close();
      ctx.storage.close?.();
      await ctx.outbound?.dispatcher.close();
      await ctx.ocr?.pool.close();
    },
  };
  return server;
}

/** Workers only, against the same database (`vcase-server worker`). */
export async function createWorker(opts: CreateServerOptions) {
  const { config } = opts;
  const { ctx, handle, metrics, metricsPort, handlers } = await createContext(opts);
  const runner = createJobRunner({ ctx, handlers, concurrency: Math.max(1, config.workers), leaseMs: config.jobLeaseMs });
  const address = followApiAddress(ctx);
  // The runner's timers never hold the process open (an API server's listening socket does).
  // A worker process has nothing else: it holds itself open from start() until stop().
  let keepAlive: NodeJS.Timeout | undefined;
  let stopped = false;
  return {
    ctx,
    runner,
    address,
    metrics,
    /** `http://host:port` of `--metrics-port` once started, else null (a worker serves metrics nowhere else). */
    get metricsAddress() {
      return metricsPort.address;
    },
    async start() {
      await address.follow();
      // stop() may have run while the address was read: a stopped worker stays stopped.
      if (stopped) return;
      await metricsPort.start();
      if (stopped) return void (await metricsPort.stop());
      runner.start();
      keepAlive ??= setInterval(() => {}, 60_000);
    },
    async stop() {
      // A second stop (tests, a signal during shutdown) has nothing left to close.
      if (stopped) return;
      stopped = true;
      clearInterval(keepAlive);
      keepAlive = undefined;
      address.stop();
      await metricsPort.stop();
      await runner.stop();
      await handle.close();
      ctx.storage.close?.();
      await ctx.outbound?.dispatcher.close();
      await ctx.ocr?.pool.close();
    },
  };
}

/** How often a worker reads the API's address again (an API restarted on another port). */
const FOLLOW_API_ADDRESS_MS = 15_000;

/**
 * A worker listens nowhere, so its own host and port name no server: without
 * `VCASE_PUBLIC_URL`, the links it builds (webhook `url_exp` without `VCASE_WEB_URL`, file URLs
 * in chains) take the address the last API instance to start recorded in the database, read at
 * start and every 15 s. With `VCASE_PUBLIC_URL` set, that is used as is.
 */
function followApiAddress(ctx: ServerContext) {
  const { configured } = ctx.address;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const read = async () => {
    try {
      const recorded = await readSetting(ctx.db, API_PUBLIC_URL);
      if (recorded) ctx.address.follow(recorded);
    } catch (err) {
      ctx.logger.warn({ err }, 'could not read the API address; links keep the last one known');
    }
  };
  return {
    async follow() {
      if (configured || timer || stopped) return;
      await read();
      if (stopped) return;
      timer = setInterval(() => void read(), FOLLOW_API_ADDRESS_MS).unref();
    },
    /** Whether it reads the address again from time to time. */
    get following() {
      return timer !== undefined;
    },
    stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
    },
  };
}
