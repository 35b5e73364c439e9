import { setMaxListeners } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import tty from 'node:tty';
import { batchesRunning } from './batch/inProgress.js';
import { run } from './cli.js';
import type { Context } from './context.js';
import { inquirerPrompter } from './prompter.js';

/** The one file that touches the real process: streams, env, signals, exit (loaded by `main.ts`). */

const controller = new AbortController();
// Every request in flight listens on it (a report reads 14 resources at once; a batch runs N rows).
setMaxListeners(0, controller.signal);
let interrupts = 0;
process.on('SIGINT', () => {
  // First Ctrl-C: stop cleanly (abort polls and requests, finish batch bookkeeping). Second: now.
  if (++interrupts > 1) process.exit(130);
  controller.abort(new Error('interrupted'));
});
process.on('SIGPIPE', () => {});
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    // `vcase cases list | head`: the reader left, all is well. A batch cut short is not.
    if (batchesRunning.count === 0) process.exit(0);
    try {
      const why = 'vcase: the output was closed before the batch finished; rows not reported may not have run';
      fs.writeSync(2, `${why} — rerun with --resume\n`);
    } catch {
      // stderr is gone too
    }
    process.exit(1);
  });
}

const ctx: Context = {
  stdout: process.stdout,
  stderr: process.stderr,
  // process.stdin is created on first use only (keeps `vcase --version` quick).
  get stdin() {
    return process.stdin;
  },
  isTTY: { stdin: tty.isatty(0), stdout: tty.isatty(1), stderr: tty.isatty(2) },
  columns: process.stdout.columns,
  env: process.env,
  cwd: process.cwd(),
  homedir: os.homedir(),
  prompter: inquirerPrompter({ input: () => process.stdin, output: () => process.stdout, signal: controller.signal }),
  async createClient(options) {
    const [{ Vcase }, { nodeTransport }] = await Promise.all([import('@vcase/sdk'), import('@vcase/sdk/node')]);
    return new Vcase({ ...options, transport: nodeTransport() });
  },
  clock: Date.now,
  sleep: (ms, signal) => delay(ms, undefined, { signal }),
  signal: controller.signal,
};

const code = await run(process.argv.slice(2), ctx);
// Let stdout and stderr drain before leaving (they may be pipes).
await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
await new Promise<void>((resolve) => process.stderr.write('', () => resolve()));
process.exit(code);
