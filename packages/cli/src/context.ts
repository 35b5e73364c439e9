import type { Vcase, VcaseOptions } from '@vcase/sdk';

/** A place text goes to: a process stream, or a buffer in tests. */
export interface Writer {
  write(chunk: string): boolean;
  /** Present on real streams: called once the buffer drained after `write` returned false. */
  once?(event: 'drain', listener: () => void): unknown;
}

/** Options the CLI gives the SDK client (credentials already resolved). */
export type ClientOptions = Pick<VcaseOptions, 'baseURL' | 'token' | 'apiKey' | 'adminToken' | 'timeoutMs' | 'maxRetries' | 'logger'>;

/** The SDK client, as commands see it. */
export type Client = Vcase;

/** A choice of an interactive list. */
export interface Choice<T> {
  name: string;
  value: T;
  description?: string;
}

/** Interactive questions; only asked when stdin and stdout are terminals. */
export interface Prompter {
  /** A searchable list: `source` is called with what the user typed so far. */
  search<T>(message: string, source: (term: string | undefined, signal: AbortSignal) => Promise<Choice<T>[]>): Promise<T>;
  select<T>(message: string, choices: Choice<T>[]): Promise<T>;
  confirm(message: string, defaultValue?: boolean): Promise<boolean>;
  input(message: string, options?: { default?: string; required?: boolean }): Promise<string>;
  password(message: string): Promise<string>;
}

/**
 * Everything a command may touch. `main.ts` builds the real one from `process`; tests build
 * one over buffers, with a fake client and a scripted prompter. Commands never use
 * `console`, `process.exit` or `process.env` directly.
 */
export interface Context {
  stdout: Writer;
  stderr: Writer;
  stdin: AsyncIterable<string | Uint8Array>;
  isTTY: { stdin: boolean; stdout: boolean; stderr: boolean };
  /** Terminal width when stdout is a terminal. */
  columns?: number;
  env: Record<string, string | undefined>;
  cwd: string;
  homedir: string;
  prompter: Prompter;
  createClient(options: ClientOptions): Promise<Client>;
  /** Milliseconds since the epoch. */
  clock(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Aborted on Ctrl-C: commands stop cleanly. */
  signal: AbortSignal;
}

/** Writes, waiting for the stream to drain when it asks to (so big outputs stay in flat memory). */
export async function write(out: Writer, chunk: string): Promise<void> {
  if (out.write(chunk) || !out.once) return;
  await new Promise<void>((resolve) => out.once!('drain', resolve));
}

/** Prompts are allowed only when a person is at both ends. */
export function isInteractive(ctx: Context): boolean {
  return ctx.isTTY.stdin && ctx.isTTY.stdout;
}
