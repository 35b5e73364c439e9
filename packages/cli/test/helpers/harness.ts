import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Vcase } from '@vcase/sdk';
import { afterAll } from 'vitest';
import { run } from '../../src/cli.js';
import type { Choice, ClientOptions, Context, Prompter, Writer } from '../../src/context.js';

/** A Writer that keeps everything in memory. */
export class BufferWriter implements Writer {
  text = '';
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}

/** A BufferWriter that is full after every write until it drains on the next turn, like a pipe whose reader is slow. */
export class SlowWriter extends BufferWriter {
  writes = 0;
  /** Between a write and its drain. */
  full = false;
  private listeners: (() => void)[] = [];
  override write(chunk: string): boolean {
    super.write(chunk);
    this.writes++;
    this.full = true;
    setImmediate(() => {
      this.full = false;
      this.listeners.splice(0).forEach((fn) => fn());
    });
    return false;
  }
  once(_event: 'drain', listener: () => void): this {
    this.listeners.push(listener);
    return this;
  }
}

export interface Request {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

export type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
/**
 * A route answers a request: a fixed reply, or a function (called per request, e.g. to change
 * answers over time); a function may take real time, and move the fake clock with `advance`.
 */
export type Route = Reply | ((req: Request, n: number, advance: (ms: number) => void) => Reply | Promise<Reply>);
/** `'GET /v1/cases/ID/plates'` → route. Unrouted requests answer 404 with the contract error body. */
export type Routes = Record<string, Route>;

/** A fetch that serves `routes` and records every request: the SDK runs for real on top of it. */
export function fakeFetch(routes: Routes, log: Request[], advance: (ms: number) => void = () => {}): typeof fetch {
  const counts = new Map<string, number>();
  return (async (input: string | URL | globalThis.Request, init?: RequestInit) => {
    const req = new globalThis.Request(input, init);
    const url = new URL(req.url);
    const text = await req.text();
    const headers = Object.fromEntries(req.headers.entries());
    const record: Request = {
      method: req.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams.entries()),
      body: text ? JSON.parse(text) : undefined,
      headers,
    };
    log.push(record);
    const key = `${req.method} ${url.pathname}`;
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    const route = routes[key];
    const unrouted = { status: 404, body: { error: { code: null, message: `no route for ${key}` } } };
    const reply: Reply = route === undefined ? unrouted : typeof route === 'function' ? await route(record, n, advance) : route;
    const status = reply.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(reply.body ?? {}), {
      status,
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-test', ...reply.headers },
    });
  }) as typeof fetch;
}

/** Answers given in order; a missing answer fails the test loudly. */
export class ScriptedPrompter implements Prompter {
  readonly asked: string[] = [];
  /** The choices of every select, in order (what a person would read). */
  readonly offered: Choice<unknown>[][] = [];
  constructor(private readonly answers: unknown[] = []) {}
  private next<T>(message: string): T {
    this.asked.push(message);
    if (!this.answers.length) throw new Error(`unexpected prompt: ${message}`);
    return this.answers.shift() as T;
  }
  /** An answer is the index of a choice, a value, or `{ term, pick }`: a typed filter, then the choice at `pick` (0: what Enter takes). */
  async search<T>(message: string, source: (term: string | undefined, signal: AbortSignal) => Promise<Choice<T>[]>): Promise<T> {
    const answer = this.next<number | T | { term: string; pick: number }>(message);
    const typed = typeof answer === 'object' && answer !== null && 'term' in answer ? answer : null;
    const choices = await source(typed?.term, new AbortController().signal);
    if (typed) return choices[typed.pick]!.value;
    return typeof answer === 'number' ? choices[answer]!.value : (answer as T);
  }
  async select<T>(message: string, choices: Choice<T>[]): Promise<T> {
    this.offered.push(choices);
    const answer = this.next<number>(message);
    return choices[answer]!.value;
  }
  async confirm(message: string): Promise<boolean> {
    return this.next<boolean>(message);
  }
  async input(message: string): Promise<string> {
    return this.next<string>(message);
  }
  async password(message: string): Promise<string> {
    return this.next<string>(message);
  }
}

export interface RunOptions {
  routes?: Routes;
  /** All three streams are terminals. */
  tty?: boolean;
  isTTY?: Partial<Context['isTTY']>;
  env?: Record<string, string | undefined>;
  /** Text on stdin, or a stream (e.g. one that stays open, like an idle pipe). */
  stdin?: string | Readable;
  answers?: unknown[];
  cwd?: string;
  columns?: number;
  signal?: AbortSignal;
  /** Where stdout goes (default: an always-ready buffer). */
  stdout?: BufferWriter;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  requests: Request[];
  clientOptions: ClientOptions[];
  prompter: ScriptedPrompter;
}

export const BASE_URL = 'http://vcase.test';
export const CREDS = { VCASE_BASE_URL: BASE_URL, VCASE_TOKEN: 'tok', VCASE_API_KEY: 'key' };

/** A context over buffers: the real SDK on a fake fetch, instant sleeps on a fake clock, scripted answers. */
export function testContext(opts: RunOptions = {}) {
  const stdout = opts.stdout ?? new BufferWriter();
  const stderr = new BufferWriter();
  const requests: Request[] = [];
  const clientOptions: ClientOptions[] = [];
  const prompter = new ScriptedPrompter(opts.answers);
  let now = Date.UTC(2026, 0, 15, 12, 0, 0);
  const clock = () => now;
  const sleep = async (ms: number) => {
    now += ms;
  };
  const home = opts.cwd ?? emptyDir();
  const ctx: Context = {
    stdout,
    stderr,
    stdin: typeof opts.stdin === 'object' ? opts.stdin : Readable.from(opts.stdin === undefined ? [] : [opts.stdin]),
    isTTY: { stdin: !!opts.tty, stdout: !!opts.tty, stderr: !!opts.tty, ...opts.isTTY },
    columns: opts.columns ?? 120,
    env: { XDG_CONFIG_HOME: path.join(home, 'xdg'), ...CREDS, ...opts.env },
    cwd: home,
    homedir: home,
    prompter,
    async createClient(options) {
      clientOptions.push(options);
      const advance = (ms: number) => void (now += ms);
      const fetch = fakeFetch(opts.routes ?? {}, requests, advance);
      return new Vcase({ ...options, fetch, sleep, now: clock, maxRetries: 0 });
    },
    clock,
    sleep,
    signal: opts.signal ?? new AbortController().signal,
  };
  return { ctx, stdout, stderr, requests, clientOptions, prompter };
}

/** Runs `vcase args…` in memory (see `testContext`). */
export async function runCli(args: string[], opts: RunOptions = {}): Promise<RunResult> {
  const { ctx, stdout, stderr, requests, clientOptions, prompter } = testContext(opts);
  const code = await run(args, ctx);
  return { code, stdout: stdout.text, stderr: stderr.text, requests, clientOptions, prompter };
}

const madeDirs: string[] = [];
// Every directory a test file made is removed when the file's tests end.
afterAll(() => {
  for (const dir of madeDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

export function emptyDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-cli-test-'));
  madeDirs.push(dir);
  return dir;
}

export const ANSI = /\x1b\[[0-9;]*m/;
export const stripAnsi = (s: string) => s.replace(/\x1b\[[0-9;]*[mK]|\r/g, '');
