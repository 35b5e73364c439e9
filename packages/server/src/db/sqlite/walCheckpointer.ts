import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the checkpointer copies committed pages back into the database file. */
export const CHECKPOINT_INTERVAL_MS = 200;

/**
 * The server's own connection checkpoints only past this many WAL pages (about 40 MB): a
 * backstop for a checkpointer that has stopped or falls behind, not the normal path.
 */
export const BACKSTOP_CHECKPOINT_PAGES = 10_000;

export interface WalCheckpointer {
  /** How far the checkpoints lag: WAL frames not copied at the last one, and seconds since all were. */
  lag(): { frames: number; seconds: number };
  stop(): Promise<void>;
}

// The worker's code. It is a string, not a module of its own, so the same code runs from the
// TypeScript sources in tests and from the bundle; it loads the SQLite driver by absolute path.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
let db;
try {
  db = new SQLite(workerData.file, { fileMustExist: true });
} catch (err) {
  parentPort.postMessage({ error: String(err && err.message) });
  process.exit(1);
}
let last = '';
const checkpoint = () => {
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    // Told only when it changed: an idle database sends nothing.
    const now = r && r.log >= 0 ? r.log + ':' + r.checkpointed : '';
    if (now && now !== last) parentPort.postMessage({ log: r.log, checkpointed: r.checkpointed });
    last = now;
  } catch (err) {
    // A busy or locked database is retried on the next tick; anything else is reported.
    if (!/busy|locked/i.test(String(err && err.code))) parentPort.postMessage({ error: String(err && err.message) });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (msg) => {
  if (msg !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Checkpoints a SQLite database in WAL mode from a worker thread with its own connection.
 *
 * Without it, SQLite checkpoints inside the commit that crosses `wal_autocheckpoint` (1,000
 * pages by default): that commit copies every page written since the last checkpoint into the
 * database file and waits for an fsync, on the event loop, while every request waits. Under
 * a stream of uploads (each writes a few pages of file content) that happened several times
 * a second. Here the copying and the fsync happen beside the event loop. PASSIVE checkpoints
 * never wait for, or block, the server's readers and writers; SQLite restarts the WAL from
 * its start once a checkpoint has copied all of it.
 *
 * The caller raises its own connection's `wal_autocheckpoint` to `BACKSTOP_CHECKPOINT_PAGES`
 * so that the WAL stays bounded even if this thread stops. Durability is unchanged: a commit
 * is in the WAL before it is answered, whoever copies it later.
 * Bench row: POST /v1/documents (1.3-1.5× the uploads a second; docs/performance.md, round 4).
 */
export function startWalCheckpointer(
  file: string,
  opts: { intervalMs?: number; onError?: (message: string) => void } = {},
): WalCheckpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver, intervalMs: opts.intervalMs ?? CHECKPOINT_INTERVAL_MS },
  });
  // The checkpointer never keeps the process alive on its own.
  worker.unref();
  let lagFrames = 0;
  let caughtUpAt = Date.now();
  worker.on('message', (msg: { error?: string; log?: number; checkpointed?: number }) => {
    if (msg?.error) opts.onError?.(msg.error);
    if (typeof msg?.log === 'number' && typeof msg.checkpointed === 'number') {
      lagFrames = Math.max(0, msg.log - msg.checkpointed);
      if (lagFrames === 0) caughtUpAt = Date.now();
    }
  });
  worker.on('error', (err) => opts.onError?.(err.message));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let stopping: Promise<void> | undefined;
  return {
    lag: () => ({ frames: lagFrames, seconds: lagFrames === 0 ? 0 : (Date.now() - caughtUpAt) / 1000 }),
    stop() {
      stopping ??= (async () => {
        worker.postMessage('stop');
        // A worker stuck in a checkpoint is not waited for forever.
        const timeout = new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref());
        await Promise.race([exited, timeout]);
        await worker.terminate();
      })();
      return stopping;
    },
  };
}
