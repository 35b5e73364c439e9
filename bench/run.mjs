#!/usr/bin/env node
// `npm run bench` (after `npm run build`): measures the rows of issue 9, prints a table and
// writes bench/results.json. Every figure is a ratio against a reference measured in the same
// run on the same machine. A row that misses its target is reported, never fatal: this script
// exits 0 unless it cannot run at all. Everything listens on 127.0.0.1 only.
//
// Environment:
//   BENCH_QUICK=1         smaller, faster run (3 s loads, fewer documents and rows)
//   BENCH_DURATION=<s>    seconds of load per HTTP row (default 6; quick 3)
//   BENCH_MEMORY_SECONDS  time cap of the server-memory row (default 60; quick 20)
//   BENCH_CLI_BATCH_SECONDS  time cap of the CLI long-batch row (default 60; quick 20)
//   BENCH_ONLY=a,b        only these groups: http, memory, cli, e2e, rules, seal, stalls, accuracy, ocr_memory
//   BENCH_PROFILE=1       start servers with --cpu-prof (profiles in bench/profiles/)
//   BENCH_OUT=<file>      where to write the results (default bench/results.json)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeFailure, formatTable } from './lib/report.mjs';
import { cleanupDirs, ROOT, setServerNodeArgs } from './lib/servers.mjs';
import { prepareSeededState } from './lib/seed.mjs';
import * as accuracyRows from './rows/accuracy.mjs';
import * as cliRows from './rows/cli.mjs';
import * as e2eRows from './rows/e2e.mjs';
import * as httpRows from './rows/http.mjs';
import * as memoryRows from './rows/memory.mjs';
import * as ocrMemoryRows from './rows/ocrMemory.mjs';
import * as rulesRows from './rows/rules.mjs';
import * as sealRows from './rows/seal.mjs';
import * as stallRows from './rows/stalls.mjs';

const env = process.env;
const quick = ['1', 'true', 'yes'].includes(String(env.BENCH_QUICK ?? '').toLowerCase());
const num = (v, d) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : d);
const profileDir = path.join(ROOT, 'bench', 'profiles');

const cfg = {
  quick,
  duration: num(env.BENCH_DURATION, quick ? 3 : 6),
  warmup: quick ? 1 : 2,
  connections: 50,
  bulkCases: 10_000,
  richPlates: 20,
  memRequests: quick ? [1_000, 10_000] : [1_000, 50_000],
  memMaxSeconds: num(env.BENCH_MEMORY_SECONDS, quick ? 20 : 60),
  versionRuns: quick ? 5 : 11,
  cliUploadFiles: quick ? 500 : 2_000,
  cliBatchRows: quick ? [1_000, 10_000] : [1_000, 100_000],
  cliBatchMaxSeconds: num(env.BENCH_CLI_BATCH_SECONDS, quick ? 20 : 60),
  e2eDocs: quick ? 100 : 500,
  e2eTimeoutS: quick ? 60 : 240,
  rulePlates: [10, 100, 1_000],
  rulesMinMs: quick ? 150 : 400,
  serverEnv: {},
};
if (env.BENCH_PROFILE) setServerNodeArgs(['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);

const GROUPS = [
  { name: 'http', title: 'HTTP throughput vs a bare Fastify route', mod: httpRows, seeded: true },
  { name: 'memory', title: 'server memory under load', mod: memoryRows, seeded: true },
  { name: 'cli', title: 'CLI', mod: cliRows, seeded: false },
  { name: 'e2e', title: 'end-to-end document processing', mod: e2eRows, seeded: false },
  { name: 'rules', title: 'taxes + tickets rules scaling', mod: rulesRows, seeded: false },
  { name: 'seal', title: 'CFDI seal check cost', mod: sealRows, seeded: false },
  { name: 'stalls', title: 'one large or hostile request vs GET /health', mod: stallRows, seeded: false },
  { name: 'accuracy', title: 'document reading accuracy on the project corpus', mod: accuracyRows, seeded: false },
  { name: 'ocr_memory', title: 'peak memory reading large scans', mod: ocrMemoryRows, seeded: false },
];
const only = env.BENCH_ONLY
  ? new Set(
      env.BENCH_ONLY.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
  : null;

const log = (line) => process.stderr.write(`${line}\n`);
const started = Date.now();
const rows = [];

async function main() {
  if (env.BENCH_PROFILE) fs.mkdirSync(profileDir, { recursive: true });
  log(
    `vcase bench${quick ? ' (quick)' : ''}: ${os.cpus().length} CPUs, Node ${process.version}, ` +
      `${cfg.duration} s per HTTP row, ${cfg.connections} connections`,
  );
  let seeded = null;
  let seedError = null;
  for (const group of GROUPS) {
    if (only && !only.has(group.name)) continue;
    log(`\n▸ ${group.title}`);
    const t = Date.now();
    try {
      if (group.seeded && !seeded && !seedError) {
        try {
          seeded = await prepareSeededState(cfg, log);
        } catch (err) {
          seedError = err;
        }
      }
      if (group.seeded && seedError) throw new Error(`seeding failed: ${seedError.message}`);
      rows.push(...(await group.mod.run(cfg, seeded, log)));
    } catch (err) {
      const reason = describeFailure(err);
      log(`  ${group.name} not measured: ${reason}`);
      rows.push(...group.mod.failed(reason.slice(0, 500)));
    }
    log(`  (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  }
}

try {
  await main();
} catch (err) {
  log(`bench: ${describeFailure(err, { stack: true })}`);
} finally {
  cleanupDirs();
}

const results = {
  generated_at: new Date().toISOString(),
  quick,
  seconds: Math.round((Date.now() - started) / 100) / 10,
  machine: {
    cpus: os.cpus().length,
    cpu_model: os.cpus()[0]?.model ?? null,
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
  },
  config: {
    http_seconds_per_row: cfg.duration,
    connections: cfg.connections,
    bulk_cases: cfg.bulkCases,
    rich_case_plates: cfg.richPlates,
    memory_requests: cfg.memRequests,
    memory_max_seconds: cfg.memMaxSeconds,
    cli_batch_max_seconds: cfg.cliBatchMaxSeconds,
    cli_upload_files: cfg.cliUploadFiles,
    cli_batch_rows: cfg.cliBatchRows,
    e2e_documents: cfg.e2eDocs,
    rule_plates: cfg.rulePlates,
    only: only ? [...only] : null,
  },
  rows,
  summary: {
    meets: rows.filter((r) => r.status === 'meets').length,
    misses: rows.filter((r) => r.status === 'misses').length,
    report: rows.filter((r) => r.status === 'report').length,
    not_measured: rows.filter((r) => r.status === 'not measured').length,
  },
};
const out = path.resolve(env.BENCH_OUT ?? path.join(ROOT, 'bench', 'results.json'));
fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
process.stdout.write(`\n${formatTable(rows)}\n\n`);
process.stdout.write(
  `${results.summary.meets} meet, ${results.summary.misses} miss, ${results.summary.report} report only, ` +
    `${results.summary.not_measured} not measured — ${results.seconds} s. Results: ${path.relative(process.cwd(), out) || out}\n`,
);
process.exit(0);
