import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InjectOptions } from 'fastify';
import type { ServerClient } from './testServer.js';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const BIN = path.join(PACKAGE_DIR, 'bin/vcase-server.js');

/** The command runs the build (`npm test` builds first): without one, tests of processes skip. */
export const serverBuilt = fs.existsSync(path.join(PACKAGE_DIR, 'dist/main.js'));

export interface ServerProcess {
  pid: number;
  /** Where a `start` process listens (null for a worker). */
  url: string | null;
  /** SIGTERM, the operator's stop: running jobs finish or are handed back. Resolves at exit. */
  stop(): Promise<void>;
  /** SIGKILL: the process dies where it stands, its claims and connections left behind. */
  kill(): Promise<void>;
}

const running = new Set<ServerProcess>();

/**
 * Runs `vcase-server start` or `vcase-server worker` with `env` on top of the test's own, and
 * resolves once it has said which database it uses (the last line it prints at start).
 */
export function spawnServer(command: 'start' | 'worker', env: Record<string, string>, args: string[] = []): Promise<ServerProcess> {
  const child = spawn(process.execPath, [BIN, command, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
    running.delete(proc);
  };
  const proc: ServerProcess = { pid: child.pid!, url: null, stop: () => signal('SIGTERM'), kill: () => signal('SIGKILL') };
  running.add(proc);
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d));
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      void proc.kill();
      reject(new Error(`vcase-server ${command} ${why}\nstdout: ${out}\nstderr: ${err}`));
    };
    const timer = setTimeout(() => fail('did not start within 60 s'), 60_000);
    const early = (code: number | null) => fail(`exited with ${code}`);
    child.once('exit', early);
    child.stdout.on('data', (d: Buffer) => {
      out += d;
      if (!/^database: /m.test(out)) return;
      clearTimeout(timer);
      child.off('exit', early);
      proc.url = /listening on (\S+)/.exec(out)?.[1] ?? null;
      resolve(proc);
    });
  });
}

/** Kills every process `spawnServer` started that is still running (a test's `afterAll`). */
export async function killServers(): Promise<void> {
  await Promise.all([...running].map((p) => p.kill()));
}

/** A server in another process, driven over HTTP the way `app.inject` drives a test server. */
export function remoteClient(url: string, adminToken: string): ServerClient {
  const inject = async (opts: InjectOptions) => {
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string> | undefined) };
    let body: string | undefined;
    if (opts.payload !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof opts.payload === 'string' ? opts.payload : JSON.stringify(opts.payload);
    }
    const res = await fetch(new URL(String(opts.url), url), { method: opts.method ?? 'GET', headers, body });
    const text = await res.text();
    return { statusCode: res.status, body: text, json: () => JSON.parse(text) };
  };
  return {
    inject,
    admin: (method, route, payload) =>
      inject({ method, url: route, payload: payload as InjectOptions['payload'], headers: { authorization: `Bearer ${adminToken}` } }),
  };
}
