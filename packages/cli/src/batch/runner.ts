import { createHash } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { allowedValues, errorCode, exitCodeFor, EXIT, refusedLocally, RowError, UsageError } from '../errors.js';
import type { Writer } from '../context.js';
import type { Factory } from '../factory.js';
import { Progress, type Counts } from '../ui/progress.js';
import { LineBatcher } from './lineBatcher.js';
import { readLines } from './lines.js';
import { loadDoneKeys } from './resume.js';
import { readRows, type RowFormat } from './rows.js';
import { Semaphore } from './semaphore.js';
import { batchesRunning } from './inProgress.js';
import { RowWarnings } from './rowWarnings.js';

export interface BatchOptions {
  /** A file, or `-` for stdin. */
  from: string;
  format?: RowFormat;
  concurrency: number;
  /** A previous run's NDJSON output: rows it finished are skipped. */
  resume?: string;
}

/** What one kind of batch does with a row. */
export interface BatchJob<Row> {
  /** `row`, `case`… for the progress line. */
  noun: string;
  /** Checks and normalizes a record; throws RowError('INVALID_ROW', …) when it cannot be used. */
  prepare(record: Record<string, unknown>): Row;
  /** The row's content, normalized, as the fields that define the work to do. Its hash is the row key. */
  identity(row: Row): unknown[];
  /** Does the work; returns the ids to report. */
  exec(row: Row, key: string, signal: AbortSignal): Promise<Record<string, unknown>>;
  /** What is sent as given but may be a mistake (a document type the service does not know). */
  warnings?(row: Row): string[];
  /** A line after the warnings, e.g. the values the service knows. */
  warningHint?: string;
}

/** sha256 hex of the parts, cut to `length`. */
export function digest(parts: unknown[], length = 32): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, length);
}

/** Errors after which no further row can succeed: stop reading. */
const FATAL = new Set(['AuthenticationError', 'MissingCredentialError']);
/** Row error codes of a server that could not be reached (after the SDK's own retries). */
const UNREACHABLE = new Set(['CONNECTION_ERROR', 'TIMEOUT']);
/**
 * Rows in a row that could not reach the server, or that it failed (5xx after the SDK's
 * retries), before the batch stops: it is down, not one row.
 */
const FAILING_ROWS_TO_STOP = 5;

/** How a row's error speaks of the server: it could not be reached, it failed (5xx), or neither. */
function serverTrouble(error: unknown): 'unreachable' | 'failing' | null {
  if (UNREACHABLE.has(errorCode(error))) return 'unreachable';
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' && status >= 500 && !refusedLocally(error) ? 'failing' : null;
}

/**
 * Reads rows one by one (stdin or a file), runs at most `concurrency` of them at once,
 * and writes one NDJSON result per row to stdout as each finishes:
 * `{"row", "ok", "key", "input", …ids}` or `{"row", "ok": false, "key", "input", "error": {code, message, status}}`.
 * Rows whose key a `--resume` file marks done are reported `"skipped": true` without any call.
 * Nothing is kept per row, so memory stays flat for any input size. Progress and a summary
 * go to stderr (a bar only on a terminal). Ctrl-C stops reading, aborts rows in flight (not
 * reported, so a resume redoes them) and exits 130; a refused credential stops the same way,
 * reporting the row it failed on.
 */
export async function runBatch<Row>(f: Factory, opts: BatchOptions, job: BatchJob<Row>): Promise<number> {
  batchesRunning.count++;
  try {
    return await runBatchRows(f, opts, job);
  } finally {
    batchesRunning.count--;
  }
}

async function runBatchRows<Row>(f: Factory, opts: BatchOptions, job: BatchJob<Row>): Promise<number> {
  const { ctx, io } = f;
  if (!Number.isInteger(opts.concurrency) || opts.concurrency < 1) throw new UsageError('--concurrency must be a positive integer');
  if (opts.from === '-' && ctx.isTTY.stdin) {
    const hint = 'hint: pipe rows in (`vcase … --from - < rows.csv`) or pass --from FILE';
    throw new UsageError('--from - reads rows from stdin, which is a terminal', hint);
  }
  const file = opts.from === '-' ? undefined : path.resolve(ctx.cwd, opts.from);
  if (file && !fs.existsSync(file)) throw new UsageError(`input file not found: ${opts.from}`);

  let done = new Set<string>();
  if (opts.resume) {
    const resumeFile = path.resolve(ctx.cwd, opts.resume);
    if (fs.existsSync(resumeFile)) done = await loadDoneKeys(resumeFile);
    else await io.err(`vcase: resume file ${opts.resume} not found; starting from the first row\n`);
  }

  const total = file && ctx.isTTY.stderr ? await countRecords(file) : undefined;
  const progress = new Progress(ctx.stderr, {
    tty: ctx.isTTY.stderr,
    style: io.errStyle,
    clock: ctx.clock,
    total,
    width: ctx.columns ?? 80,
    noun: job.noun,
  });
  const counts: Counts = { done: 0, ok: 0, failed: 0, skipped: 0, inFlight: 0, replayed: 0 };
  const controller = new AbortController();
  setMaxListeners(0, controller.signal); // one listener per row in flight
  const source = file ? fs.createReadStream(file) : ctx.stdin;
  // Ctrl-C also stops the read itself: an input that idles (a pipe whose writer waits) must
  // not hold the exit until its next line.
  const onAbort = () => {
    controller.abort(ctx.signal.reason);
    (source as { destroy?: () => void }).destroy?.();
  };
  if (ctx.signal.aborted) onAbort();
  else ctx.signal.addEventListener('abort', onAbort, { once: true });
  const slots = new Semaphore(opts.concurrency);
  const running = new Set<Promise<void>>();
  let fatal: unknown;
  let rowNo = 0;
  const warned = new RowWarnings();
  // Rows in a row the server could not answer, and how the last of them failed.
  let troubleInARow = 0;
  let lastTrouble: 'unreachable' | 'failing' | null = null;

  // Results and the bar on one terminal: the bar steps aside for each write of results.
  const sameTerminal = ctx.isTTY.stdout && ctx.isTTY.stderr;
  const stdout: Writer = sameTerminal
    ? { write: (chunk) => (progress.clear(), ctx.stdout.write(chunk)), once: ctx.stdout.once?.bind(ctx.stdout) }
    : ctx.stdout;
  const lines = new LineBatcher(stdout);
  const emit = (result: Record<string, unknown>) => lines.push(JSON.stringify(result));
  const finish = (ok: boolean | 'skipped') => {
    counts.done++;
    if (ok === 'skipped') counts.skipped++;
    else if (ok) counts.ok++;
    else counts.failed++;
    progress.update(counts);
  };
  // Progress also moves while nothing finishes (a slow row, an idle input): the bar redraws
  // and the log line comes every 10 s however long rows take.
  const ticker = setInterval(() => progress.update(counts), 1_000);
  ticker.unref?.();

  try {
    for await (const input of readRows(readLines(source), opts.format)) {
      if (controller.signal.aborted) break;
      const row = ++rowNo;
      if (input.error || !input.record) {
        const error = { code: 'INVALID_ROW', message: `line ${input.line}: ${input.error}` };
        await emit({ row, ok: false, input: input.text ?? null, error });
        finish(false);
        continue;
      }
      const record = input.record;
      let prepared: Row;
      try {
        prepared = job.prepare(record);
      } catch (error) {
        await emit({ row, ok: false, input: record, error: errorBody(error) });
        finish(false);
        continue;
      }
      const key = digest(job.identity(prepared));
      const warnings = job.warnings?.(prepared) ?? [];
      for (const w of warnings) warned.add(w, row);
      const noted = warnings.length ? { warnings } : {};
      if (done.has(key)) {
        await emit({ row, ok: true, skipped: true, key, input: record });
        finish('skipped');
        continue;
      }

      await slots.acquire();
      if (controller.signal.aborted) {
        slots.release();
        break;
      }
      counts.inFlight++;
      const task = (async () => {
        try {
          const ids = await job.exec(prepared, key, controller.signal);
          troubleInARow = 0;
          counts.inFlight--;
          await emit({ row, ok: true, key, input: record, ...noted, ...ids });
          if (ids.replayed === true) counts.replayed!++;
          finish(true);
        } catch (error) {
          counts.inFlight--;
          // Interrupted (Ctrl-C, or stopped by a refused credential): not reported, left for a resume.
          if (controller.signal.aborted && isAbort(error)) return;
          await emit({ row, ok: false, key, input: record, ...noted, error: errorBody(error) });
          finish(false);
          const name = (error as Error).name;
          lastTrouble = serverTrouble(error);
          troubleInARow = lastTrouble ? troubleInARow + 1 : 0;
          const stop = FATAL.has(name)
            ? error
            : troubleInARow >= FAILING_ROWS_TO_STOP
              ? new Error(
                  // The server's own words (Spanish) on a line of their own, not inside this sentence.
                  lastTrouble === 'unreachable'
                    ? `the server cannot be reached: ${troubleInARow} rows in a row failed to connect\n` +
                        `last error: ${(error as Error).message}`
                    : `the server is failing: ${troubleInARow} rows in a row got no answer but a server error\n` +
                        `last error: ${(error as Error).message}`,
                )
              : undefined;
          if (stop && !fatal) {
            fatal = stop;
            controller.abort(stop);
          }
        } finally {
          slots.release();
        }
      })();
      running.add(task);
      void task.finally(() => running.delete(task));
    }
  } catch (error) {
    // The input stream destroyed by an interrupt may end its read with an error of its own.
    if (!controller.signal.aborted) throw error;
  } finally {
    await Promise.all(running);
    clearInterval(ticker);
    await lines.end();
    ctx.signal.removeEventListener('abort', onAbort);
    (source as { destroy?: () => void }).destroy?.();
  }

  counts.inFlight = 0;
  const interrupted = ctx.signal.aborted && !fatal;
  const note = interrupted || fatal ? `; stopped early${opts.resume ? '' : ' — rerun with --resume <this output> to continue'}` : '';
  progress.finish(counts, { stopped: interrupted || !!fatal, note });
  const warnings = warned.lines();
  for (const line of warnings) await io.err(`vcase: warning: ${line}\n`);
  if (warnings.length && job.warningHint) await io.err(`hint: ${job.warningHint}\n`);
  if (fatal) {
    await io.err(`vcase: ${(fatal as Error).message}\n`);
    return exitCodeFor(fatal);
  }
  if (interrupted) return EXIT.INTERRUPTED;
  return counts.failed ? EXIT.FAILURE : EXIT.OK;
}

function errorBody(error: unknown): Record<string, unknown> {
  const e = error as { message?: string; status?: number; requestId?: string };
  const allowed = allowedValues(error);
  return {
    code: errorCode(error),
    message: e?.message ?? String(error),
    ...(e?.status && !refusedLocally(error) ? { status: e.status } : {}),
    ...(e?.requestId ? { request_id: e.requestId } : {}),
    ...(allowed ? { allowed } : {}),
  };
}

function isAbort(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return name === 'APIUserAbortError' || name === 'AbortError';
}

/** Non-blank lines of a file, less a CSV header: the total for the progress bar. */
async function countRecords(file: string): Promise<number> {
  let n = 0;
  let csv: boolean | undefined;
  for await (const line of readLines(fs.createReadStream(file))) {
    if (!line.trim()) continue;
    csv ??= !line.trimStart().startsWith('{');
    n++;
  }
  return csv ? Math.max(0, n - 1) : n;
}

/** A trimmed string field from the first of `names` that is present. */
export function field(record: Record<string, unknown>, ...names: string[]): string | undefined {
  for (const name of names) {
    const v = record[name];
    if (v === undefined || v === null) continue;
    const text = (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v)).trim();
    if (text) return text;
  }
  return undefined;
}

export function invalid(message: string): RowError {
  return new RowError('INVALID_ROW', message);
}
