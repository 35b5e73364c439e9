import { CommanderError, type Command } from 'commander';
import { expect, it } from 'vitest';
import { createProgram } from '../../src/cli.js';
import { EXIT, exitCodeFor } from '../../src/errors.js';
import { Factory } from '../../src/factory.js';
import { App, type RunFn, type RunOptions as RunFnOptions } from '../../src/kit.js';
import { runCli, stripAnsi, testContext, type RunOptions } from './harness.js';

/** One run of the CLI: args → exit code, what stdout and stderr hold (or not), and the requests sent. */
export interface RunCase {
  name: string;
  args: string[];
  opts?: RunOptions;
  code: number;
  stdout?: (string | RegExp)[];
  notStdout?: (string | RegExp)[];
  stderr?: (string | RegExp)[];
  notStderr?: string[];
  /** Every request made, as `METHOD /path`. */
  calls?: string[];
}

/** A test per row: the whole CLI runs `args` over buffers. */
export function runTable(table: RunCase[]): void {
  it.each(table.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const r = await runCli(c.args, c.opts);
    const context = `stdout:\n${r.stdout}\nstderr:\n${r.stderr}`;
    const stderr = stripAnsi(r.stderr);
    expect(r.code, context).toBe(c.code);
    for (const s of c.stdout ?? []) expectText(r.stdout, context).toHave(s);
    for (const s of c.notStdout ?? []) expectText(r.stdout, context).not.toHave(s);
    for (const s of c.stderr ?? []) expectText(stderr, context).toHave(s);
    for (const s of c.notStderr ?? []) expect(stderr, context).not.toContain(s);
    if (c.calls) expect(r.requests.map((q) => `${q.method} ${q.path}`)).toEqual(c.calls);
  });
}

/** One parse of a command's arguments and options: what its run gets, or the usage error instead. */
export interface FlagCase {
  name: string;
  args: string[];
  /** Options the run gets (those named; others may be there too; undefined: not given). */
  opts?: Record<string, unknown>;
  /** A usage error (exit 2, the run not called), with this on stderr. */
  error?: string;
}

type Register<Flags> = (parent: Command, app: App, runF: RunFn<Flags>) => unknown;

/**
 * Parses `vcase <path> <args>` with only that command registered, its run replaced by one that
 * keeps the options it is given (gh's `NewCmdX(f, runF)` tests).
 */
export async function parseFlags<Flags>(register: Register<Flags>, path: string[], args: string[]) {
  const { ctx, stderr } = testContext();
  const app = new App(ctx);
  const program = createProgram(app);
  let parent: Command = program;
  for (const name of path.slice(0, -1)) parent = parent.command(name);
  let opts: Record<string, unknown> | undefined;
  register(parent, app, async (given) => {
    opts = given as Record<string, unknown>;
  });
  try {
    await program.parseAsync([...path, ...args], { from: 'user' });
    return { code: EXIT.OK, opts, stderr: stderr.text };
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    return { code: EXIT.USAGE, opts, stderr: stderr.text };
  }
}

/** A test per row: `vcase <command> <args>` parsed by the command `register` declares. */
export function flagTable<Flags>(command: string, register: Register<Flags>, table: FlagCase[]): void {
  it.each(table.map((c) => [c.name, c] as const))(`${command}: %s`, async (_name, c) => {
    const r = await parseFlags(register, command.split(' '), c.args);
    if (c.error !== undefined) {
      expect(r.code, r.stderr).toBe(EXIT.USAGE);
      expect(r.stderr).toContain(c.error);
      expect(r.opts).toBeUndefined();
    } else {
      expect(r.code, r.stderr).toBe(EXIT.OK);
      expect(r.opts).toBeDefined();
      // An option not given is absent, and reads undefined as in the table.
      for (const [key, value] of Object.entries(c.opts ?? {})) expect(r.opts![key], key).toEqual(value);
    }
  });
}

/**
 * Calls a run function with its options as gh's tests call `closeRun(opts)`: a Factory over
 * buffers and the fake server, no parsing. A thrown error gives the exit code the CLI would.
 */
export async function callRun<Flags>(run: RunFn<Flags>, flags: Flags, opts: RunOptions = {}) {
  const { ctx, stdout, stderr, requests } = testContext(opts);
  let code: number;
  let error: unknown;
  try {
    code = (await run({ ...flags, f: new Factory(ctx, {}) } as RunFnOptions<Flags>)) ?? EXIT.OK;
  } catch (thrown) {
    error = thrown;
    code = exitCodeFor(thrown);
  }
  return { code, error, stdout: stdout.text, stderr: stderr.text, requests: requests.map((q) => `${q.method} ${q.path}`) };
}

/** `toContain` for a string, `toMatch` for a pattern, so a table row can give either. */
function expectText(actual: string, context?: string) {
  const has = (e: ReturnType<typeof expect<string>>, s: string | RegExp) => (typeof s === 'string' ? e.toContain(s) : e.toMatch(s));
  return {
    toHave: (s: string | RegExp) => has(expect(actual, context), s),
    not: { toHave: (s: string | RegExp) => has(expect(actual, context).not, s) },
  };
}
