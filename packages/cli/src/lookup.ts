import type { RequestOptions, WaitOptions } from '@vcase/sdk';
import { CliError, describeError, EXIT, exitCodeFor } from './errors.js';
import type { WatchFlags } from './kit.js';
import type { Context } from './context.js';
import type { Factory } from './factory.js';
import { startSpinner } from './ui/spinner.js';
import type { Style } from './ui/style.js';

/** How one asynchronous thing is started, read, waited for and shown. */
export interface LookupSpec<Body, Start = unknown> {
  /** e.g. `RAPI lookup`. */
  what: string;
  /** POST that starts it (for `--run`). */
  start?: (options: RequestOptions) => Promise<Start>;
  /** The GET. */
  read: (options: RequestOptions) => Promise<Body>;
  /** The SDK's `waitFor…` (for `--watch`). */
  wait: (options: WaitOptions<Body>) => Promise<Body>;
  /** A settled body that ended in error (exit 5 when watched). */
  failed?: (body: Body) => boolean;
  /** Spinner text for a snapshot. */
  progress?: (body: Body) => string;
  render: (body: Body, style: Style) => string;
  /**
   * What the piped rows cannot carry (a block's status and message, e.g. tickets found none):
   * written to stderr when stdout is not a terminal, so the pipe keeps only rows.
   */
  blockNotes?: (body: Body) => string[];
  /** Shown after `--run` without `--watch`. */
  started?: (start: Start) => string;
  /** How to follow it up, e.g. `vcase rapi <case> --watch`. */
  followUp?: string;
  /** The GET answers 404 until the first run (plates, registry lookups): such a 404 gets a `--run` hint. */
  missingUntilRun?: boolean;
}

/**
 * The shared flow of lookup commands: `--run` starts it; `--watch` polls until it settles
 * (spinner on a terminal's stderr; Ctrl-C aborts the poll); otherwise the GET is read once.
 * Exit 5 when a watched lookup settles in error or the wait times out.
 */
export async function runLookup<Body, Start>(f: Factory, spec: LookupSpec<Body, Start>, flags: WatchFlags): Promise<number> {
  const { io, signal, ctx } = f;
  if (flags.run && spec.start) {
    const started = await spec.start({ signal });
    if (!flags.watch) {
      if (flags.json) await io.json(started);
      else {
        await io.out((spec.started?.(started) ?? `Started ${spec.what}.`) + '\n');
        if (spec.followUp && ctx.isTTY.stderr) await io.err(`Follow it with: ${spec.followUp}\n`);
      }
      return EXIT.OK;
    }
  }
  if (!flags.watch) {
    let body: Body;
    try {
      body = await spec.read({ signal });
    } catch (error) {
      throw notRunYet(spec, error);
    }
    await print(f, spec, body, flags);
    return EXIT.OK;
  }

  const text = `Waiting for ${spec.what}`;
  const spinner = startSpinner(ctx.stderr, { enabled: ctx.isTTY.stderr, style: io.errStyle, clock: ctx.clock, text });
  let body: Body;
  try {
    body = await spec.wait({
      signal,
      timeoutMs: (flags.timeout ?? 300) * 1000,
      intervalMs: flags.interval ?? 1000,
      // Just started: a 404 means "not readable yet", for as long as we wait. Watched without
      // --run, a 404 of something that exists only once run means it never ran: said at once.
      ...(flags.run ? { notFoundGraceMs: Number.POSITIVE_INFINITY } : spec.missingUntilRun ? { notFoundGraceMs: 0 } : {}),
      onProgress: (snapshot) => spinner.update(`${spec.what}: ${spec.progress?.(snapshot) ?? 'waiting'}`),
    });
  } catch (error) {
    spinner.stop();
    const snapshot = (error as { snapshot?: Body; name?: string }).snapshot;
    if ((error as { name?: string }).name === 'WaitTimeoutError' && snapshot !== undefined) {
      await print(f, spec, snapshot, flags);
    }
    throw flags.run ? error : notRunYet(spec, error);
  }
  spinner.stop();
  await print(f, spec, body, flags);
  if (spec.failed?.(body)) {
    await io.err(`vcase: ${spec.what} ended in error\n`);
    return EXIT.LOOKUP;
  }
  return EXIT.OK;
}

/** A 404 of something that exists only once run (plates, registry lookups), with the --run hint; other errors as they are. */
function notRunYet(spec: { missingUntilRun?: boolean }, error: unknown): unknown {
  if (!spec.missingUntilRun || exitCodeFor(error) !== EXIT.NOT_FOUND) return error;
  const hint = 'hint: if the case exists, this has not been run for it yet: start it with --run';
  return new CliError(describeError(error), EXIT.NOT_FOUND, hint);
}

async function print<Body>(f: Factory, spec: Pick<LookupSpec<Body>, 'render' | 'blockNotes'>, body: Body, flags: WatchFlags) {
  const { io } = f;
  if (flags.json) return io.json(body);
  await io.out(spec.render(body, io.style));
  if (!io.style.tty) for (const note of spec.blockNotes?.(body) ?? []) await io.err(`vcase: ${note}\n`);
}

/**
 * Keeps waiting, within the same deadline, while `done` says a settled body is not final
 * yet. For SDK rules that settle earlier than an analyst wants (tickets: the contract's
 * root `completed` already holds while some plates are still `processing`).
 */
export async function waitUntil<Body>(
  ctx: Pick<Context, 'clock' | 'sleep'>,
  what: string,
  wait: (options: WaitOptions<Body>) => Promise<Body>,
  done: (body: Body) => boolean,
  options: WaitOptions<Body>,
): Promise<Body> {
  const start = ctx.clock();
  const timeoutMs = options.timeoutMs ?? 300_000;
  let slept = 0;
  let interval = options.intervalMs ?? 1000;
  const elapsed = () => Math.max(ctx.clock() - start, slept);
  for (;;) {
    const body = await wait({ ...options, timeoutMs: Math.max(1, timeoutMs - elapsed()) });
    if (done(body)) return body;
    const left = timeoutMs - elapsed();
    if (left <= 0) {
      const { WaitTimeoutError } = await import('@vcase/sdk');
      throw new WaitTimeoutError(what, body, elapsed());
    }
    const pause = Math.min(interval, left);
    await ctx.sleep(pause, options.signal);
    slept += pause;
    interval = Math.min(Math.round(interval * (options.backoff ?? 1.5)), options.maxIntervalMs ?? 10_000);
  }
}
