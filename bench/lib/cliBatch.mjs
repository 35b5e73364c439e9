// Running the built CLI for the bench rows: whether it can run a batch upload, an isolated
// environment for it, small files to upload, and a batch upload fed NDJSON on stdin with its
// peak memory (bench/rows/cli.mjs).
import { randomBytes, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { runMeasured } from './proc.mjs';
import { CLI_MAIN } from './servers.mjs';

const PRELOAD = path.join(path.dirname(new URL(import.meta.url).pathname), 'maxrss-preload.cjs');

/** Why the CLI cannot run a batch upload, or null when it can. */
export function cliUnavailable() {
  if (!fs.existsSync(CLI_MAIN)) return `${path.relative(process.cwd(), CLI_MAIN)} is missing (CLI not built)`;
  const help = spawnSync(process.execPath, [CLI_MAIN, 'documents', 'upload', '--help'], { encoding: 'utf8', timeout: 30_000 });
  if (help.status !== 0 || !/--from/.test(help.stdout + help.stderr)) {
    return 'the built CLI has no `documents upload --from` command';
  }
  return null;
}

/** An isolated environment for the CLI: no saved profile, no local credentials, no TTY. */
export function cliEnv(home, extra) {
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), NO_COLOR: '1', ...extra };
  for (const k of ['VCASE_TOKEN', 'VCASE_API_KEY', 'VCASE_BASE_URL', 'VCASE_PROFILE', 'VCASE_ADMIN_TOKEN'])
    if (!(k in extra)) delete env[k];
  return env;
}

/** Small distinct files (PDF header + random text), `n` of them, in `dir`. */
export function writeSmallFiles(dir, n, bytes = 2048) {
  fs.mkdirSync(dir, { recursive: true });
  const files = [];
  for (let i = 0; i < n; i++) {
    const file = path.join(dir, `doc-${String(i).padStart(6, '0')}.pdf`);
    fs.writeFileSync(
      file,
      Buffer.concat([
        Buffer.from('%PDF-1.4\n% bench\n'),
        Buffer.from(
          randomBytes(bytes)
            .toString('base64')
            .slice(0, bytes - 17),
        ),
      ]),
    );
    files.push(file);
  }
  return files;
}

/** Runs a batch upload, feeding `rows` (an iterable of objects) as NDJSON on stdin. */
export async function runCliBatch({ rows, env, cwd, concurrency, maxSeconds = Infinity }) {
  const maxRssFile = path.join(cwd, `maxrss-${randomUUID()}`);
  let ok = 0;
  let failed = 0;
  let firstError = null;
  let fed = 0;
  // Rows are produced as the CLI reads them (stdin back-pressure), and the input ends early
  // when the time cap is reached: the CLI then finishes the rows it has and exits.
  const deadline = Date.now() + maxSeconds * 1000;
  const input = Readable.from(
    (function* () {
      for (const row of rows) {
        if (Date.now() > deadline) return;
        fed++;
        yield `${JSON.stringify(row)}\n`;
      }
    })(),
  );
  const r = await runMeasured(process.execPath, [CLI_MAIN, 'documents', 'upload', '--from', '-', '--concurrency', String(concurrency)], {
    cwd,
    env: { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --require ${PRELOAD}`.trim(), BENCH_MAXRSS_FILE: maxRssFile },
    inputStream: input,
    timeoutMs: 600_000,
    onLine: (line) => {
      if (!line.trim()) return;
      if (line.includes('"ok":true')) ok++;
      else {
        failed++;
        firstError ??= line.slice(0, 300);
      }
    },
  });
  let peak = r.peakRss;
  try {
    const own = Number(fs.readFileSync(maxRssFile, 'utf8'));
    if (own > 0) peak = own;
  } catch {
    // preload could not write: keep the sampled figure
  }
  return { ...r, ok, failed, firstError, fed, peakRss: peak };
}
