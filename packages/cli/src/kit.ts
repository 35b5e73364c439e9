import { InvalidArgumentError, type Command } from 'commander';
import { FileReadError } from '@vcase/sdk';
import type { Context } from './context.js';
import { EXIT, UsageError } from './errors.js';
import { Factory, type GlobalOptions } from './factory.js';
import { MAX_PAGE_SIZE } from './pageLimit.js';

/** What a run function gets: its arguments and options by name, the global options, and the factory. */
export type RunOptions<Flags> = Flags & GlobalOptions & { f: Factory };

/** A command's run: returns the exit code (default 0) or throws. Tests register a command with their own. */
export type RunFn<Flags> = (opts: RunOptions<Flags>) => Promise<number | void>;

/** What command modules get when they register: the context, and where the exit code goes. */
export class App {
  exitCode: number = EXIT.OK;
  /** The factory of the command that ran (its server address names connection errors). */
  factory?: Factory;
  constructor(
    readonly ctx: Context,
    /** The program as `vcase --help` shows it, each command by its summary (docs-reference prints it). */
    readonly summaryProgram?: () => Command,
  ) {}

  /**
   * A commander action: a Factory from the merged options, and `run` with those options and
   * the positional arguments by name (`[case]` is `case`; `<token>` of `admin tokens revoke`
   * stands over the global `--token` there, which the factory has).
   */
  action<Flags>(run: RunFn<Flags>) {
    return async (...params: unknown[]) => {
      const cmd = params[params.length - 1] as Command;
      const options = cmd.optsWithGlobals() as GlobalOptions;
      const args = cmd.registeredArguments.map((a, i) => {
        const value = params[i];
        return [a.name(), Array.isArray(value) ? value.join(' ') : (value as string | undefined)] as const;
      });
      const f = (this.factory = new Factory(this.ctx, options));
      const code = await run({ ...options, ...Object.fromEntries(args), f } as RunOptions<Flags>);
      this.exitCode = typeof code === 'number' ? code : EXIT.OK;
    };
  }
}

/** `--json`, and `--ndjson` for lists. */
export function outputOptions(cmd: Command, opts: { list?: boolean } = {}): Command {
  cmd.option('--json', 'print the API response body as JSON');
  if (opts.list) cmd.option('--ndjson', 'stream every item as one JSON line, fetching pages as it goes');
  return cmd;
}

/** A paged list's `--limit` (its default `limit`), `--offset` and `--all`, with `--json` and `--ndjson`. */
export function listOptions(cmd: Command, limit: number): Command {
  cmd
    .option('--limit <n>', `page size (max ${MAX_PAGE_SIZE}; a larger one is capped, with a note)`, positiveInt, limit)
    .option('--offset <n>', 'items to skip', nonNegativeInt, 0)
    .option('--all', 'every page (the table, or one --json body); --ndjson always streams every page');
  return outputOptions(cmd, { list: true });
}

export interface OutputFlags {
  json?: boolean;
  ndjson?: boolean;
}

export interface WatchFlags extends OutputFlags {
  run?: boolean;
  watch?: boolean;
  timeout?: number;
  interval?: number;
}

/** `--run` (start the lookup), `--watch` (poll until it settles), and the polling knobs. */
export function watchOptions(cmd: Command, text: { run?: string; watch: string }): Command {
  if (text.run) cmd.option('--run', text.run);
  cmd
    .option('--watch', text.watch)
    .option('--timeout <seconds>', 'with --watch: give up after this long (exit 5)', positiveInt, 300)
    .option('--interval <ms>', 'with --watch: first polling interval (grows 1.5x, up to 10 s)', positiveInt, 1000);
  return outputOptions(cmd);
}

export function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('must be a positive integer');
  return n;
}

export function nonNegativeInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('must be a non-negative integer');
  return n;
}

/** The JSON object `text` holds, or null when it holds anything else. */
export function jsonObjectOf(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** An argument's text: the value itself, or the content of the file named after `@`. */
export async function textArg(ctx: Context, value: string): Promise<string> {
  if (!value.startsWith('@')) return value;
  const fs = await import('node:fs/promises');
  const path = await import('node:path');
  const file = path.resolve(ctx.cwd, value.slice(1));
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(FileReadError.of(value, error).message);
  }
}

/** A JSON object given inline, or `@file` to read it from a file. */
export async function jsonObjectArg(ctx: Context, value: string, what: string): Promise<Record<string, unknown>> {
  const text = await textArg(ctx, value);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError(`${what} is not valid JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new UsageError(`${what} must be a JSON object`);
  return parsed as Record<string, unknown>;
}
