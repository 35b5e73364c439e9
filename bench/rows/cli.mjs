// CLI rows: start-up time, batch upload throughput against autocannon posting the same
// bodies, and the CLI's peak memory over a long NDJSON batch (against an instant stub API).
// A row the CLI cannot run (dist missing, command absent, rows failing) is "not measured"
// with the reason; the other rows still run.
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { cliEnv, cliUnavailable, runCliBatch, writeSmallFiles } from '../lib/cliBatch.mjs';
import { loadProblems, runLoad } from '../lib/load.mjs';
import { describeFailure, notMeasured, ratioRow } from '../lib/report.mjs';
import { CLI_MAIN, createCredentials, freshStateDir, startStubServer, startVcaseServer } from '../lib/servers.mjs';

export const SPECS = {
  version: {
    id: 'cli.version',
    what: '`vcase --version` wall time',
    reference: '`node -e 0` wall time',
    target: { op: '<=', value: 2.0 },
  },
  fullStart: {
    id: 'cli.full_start',
    what: '`vcase --help` wall time (loads every command, the SDK and its schemas)',
    reference: '`node -e 0` wall time',
    target: null,
  },
  upload: {
    id: 'cli.upload',
    what: '`vcase documents upload --from -`, 2,000 small files @8, rows/s',
    reference: 'autocannon, same bodies @8',
    target: { op: '>=', value: 0.7 },
  },
  memory: {
    id: 'cli.batch_rss',
    what: 'CLI peak RSS, batch of 100,000 NDJSON rows (stub server)',
    reference: 'peak RSS, batch of 1,000 rows',
    target: { op: '<=', value: 1.5 },
  },
};

const MB = 1024 * 1024;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function versionRow(cfg, log) {
  const spec = SPECS.version;
  if (!fs.existsSync(CLI_MAIN)) return [notMeasured(spec, `${path.relative(process.cwd(), CLI_MAIN)} is missing (CLI not built)`)];
  const time = (args) => {
    const t = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 30_000 });
    return { ms: Number(process.hrtime.bigint() - t) / 1e6, status: r.status, out: r.stdout + r.stderr };
  };
  time(['-e', '0']);
  const probe = time([CLI_MAIN, '--version']); // warms the file cache
  if (probe.status !== 0) return [notMeasured(spec, `vcase --version exited ${probe.status}: ${probe.out.trim().slice(0, 200)}`)];
  time([CLI_MAIN, '--help']);
  const node = [];
  const cli = [];
  const help = [];
  for (let i = 0; i < cfg.versionRuns; i++) {
    node.push(time(['-e', '0']).ms);
    cli.push(time([CLI_MAIN, '--version']).ms);
    help.push(time([CLI_MAIN, '--help']).ms);
  }
  log(
    `  --version: median ${median(cli).toFixed(1)} ms, --help ${median(help).toFixed(1)} ms, ` +
      `vs node -e 0 ${median(node).toFixed(1)} ms (${cfg.versionRuns} runs each)`,
  );
  return [
    ratioRow(spec, {
      value: median(cli),
      reference: median(node),
      unit: 'ms',
      details: {
        runs: cfg.versionRuns,
        cli_ms: cli.map((v) => Math.round(v)),
        node_ms: node.map((v) => Math.round(v)),
        output: probe.out.trim(),
      },
    }),
    // Report only: `--version` alone is answered before the rest of the CLI loads; every
    // other command pays for the whole start, shown here.
    ratioRow(SPECS.fullStart, {
      value: median(help),
      reference: median(node),
      unit: 'ms',
      details: { runs: cfg.versionRuns, cli_ms: help.map((v) => Math.round(v)), node_ms: node.map((v) => Math.round(v)) },
    }),
  ];
}

async function uploadRow(cfg, log, work) {
  const n = cfg.cliUploadFiles;
  const concurrency = 8;
  const spec = {
    ...SPECS.upload,
    what: `\`vcase documents upload --from -\`, ${n.toLocaleString('en-US')} small files @${concurrency}, rows/s`,
  };
  const server = await startVcaseServer(freshStateDir('cli-upload'), { workers: 0, env: cfg.serverEnv });
  try {
    const creds = await createCredentials(server, 'CLI bench');
    const { case_id: caseId } = await creds.api('POST', '/v1/cases', { internal_id: 'BENCH-CLI-UPLOAD', status: 'nuevo' });
    const files = writeSmallFiles(path.join(work, 'upload-files'), n);
    const bodies = files.map((f) =>
      JSON.stringify({ case_id: caseId, base64: fs.readFileSync(f).toString('base64'), mime_type: 'application/pdf' }),
    );
    const headers = { 'x-api-key': creds.apiKey, 'content-type': 'application/json', accept: 'application/json' };
    // Same bodies, same concurrency, each with its own Idempotency-Key as the CLI sends.
    const runId = randomUUID();
    let i = 0;
    const acOpts = (amount) => ({
      url: server.url,
      connections: concurrency,
      amount,
      requests: [
        {
          method: 'POST',
          path: '/v1/documents',
          setupRequest: (req) => {
            const k = i++;
            return { ...req, headers: { ...headers, 'idempotency-key': `bench-${runId}-${k}` }, body: bodies[k % bodies.length] };
          },
        },
      ],
    });
    await runLoad(acOpts(Math.min(200, n)));
    const ac = await runLoad(acOpts(n));
    log(
      `  autocannon: ${n} uploads in ${ac.seconds.toFixed(2)} s → ${Math.round(ac.rps)} rows/s` +
        (loadProblems(ac) ? ` — ${loadProblems(ac)}` : ''),
    );

    const env = cliEnv(work, { VCASE_BASE_URL: server.url, VCASE_API_KEY: creds.apiKey });
    const cli = await runCliBatch({ rows: files.map((file) => ({ case_id: caseId, file })), env, cwd: work, concurrency });
    if (cli.ok === 0) {
      return notMeasured(spec, `the CLI uploaded no row (exit ${cli.code}): ${cli.firstError ?? cli.stderr.trim().slice(0, 300)}`);
    }
    const rowsPerS = cli.ok / (cli.wallMs / 1000);
    log(`  CLI: ${cli.ok}/${n} rows ok in ${(cli.wallMs / 1000).toFixed(2)} s → ${Math.round(rowsPerS)} rows/s (exit ${cli.code})`);
    const notes = [];
    if (cli.failed) notes.push(`${cli.failed} CLI rows failed, first: ${cli.firstError}`);
    if (loadProblems(ac)) notes.push(`autocannon: ${loadProblems(ac)}`);
    return ratioRow(spec, {
      value: rowsPerS,
      reference: ac.rps,
      unit: 'rows/s',
      note: notes.join('; ') || null,
      details: {
        rows: n,
        cli_seconds: cli.wallMs / 1000,
        autocannon_seconds: ac.seconds,
        cli_exit: cli.code,
        cli_peak_rss_mb: cli.peakRss ? cli.peakRss / MB : null,
      },
    });
  } finally {
    await server.stop();
  }
}

async function memoryRow(cfg, log, work) {
  const [small, large] = cfg.cliBatchRows;
  const stub = await startStubServer();
  try {
    const files = writeSmallFiles(path.join(work, 'batch-files'), 100, 1024);
    const env = cliEnv(work, { VCASE_BASE_URL: stub.url, VCASE_API_KEY: 'bench-stub-key', VCASE_TOKEN: 'bench-stub-token' });
    // Distinct rows (one case_id each), generated lazily: the input never sits in memory.
    const rows = (count) => ({
      *[Symbol.iterator]() {
        for (let i = 0; i < count; i++) yield { case_id: randomUUID(), file: files[i % files.length] };
      },
    });
    const a = await runCliBatch({ rows: rows(small), env, cwd: work, concurrency: 8 });
    if (a.ok === 0)
      return notMeasured(SPECS.memory, `the CLI uploaded no row (exit ${a.code}): ${a.firstError ?? a.stderr.trim().slice(0, 300)}`);
    const b = await runCliBatch({ rows: rows(large), env, cwd: work, concurrency: 8, maxSeconds: cfg.cliBatchMaxSeconds });
    log(
      `  CLI batch: ${small} rows peak ${(a.peakRss / MB).toFixed(1)} MB (${a.ok} ok, ${(a.wallMs / 1000).toFixed(1)} s); ` +
        `${b.fed} rows peak ${(b.peakRss / MB).toFixed(1)} MB (${b.ok} ok, ${(b.wallMs / 1000).toFixed(1)} s)`,
    );
    const spec = { ...SPECS.memory, what: `CLI peak RSS, batch of ${b.fed.toLocaleString('en-US')} NDJSON rows (stub server)` };
    const notes = [];
    if (b.fed < large) {
      notes.push(
        `time cap of ${cfg.cliBatchMaxSeconds} s reached after ${b.fed.toLocaleString('en-US')} ` +
          `of ${large.toLocaleString('en-US')} rows (${Math.round(b.ok / (b.wallMs / 1000))} rows/s)`,
      );
    }
    if (a.failed || b.failed) notes.push(`${a.failed + b.failed} rows failed, first: ${a.firstError ?? b.firstError}`);
    if (b.code !== 0 && b.code !== null) notes.push(`exit ${b.code}`);
    if (b.signal) notes.push(`killed by ${b.signal}`);
    return ratioRow(spec, {
      value: b.peakRss / MB,
      reference: a.peakRss / MB,
      unit: 'MB',
      refLabel: `peak RSS, ${small.toLocaleString('en-US')} rows`,
      note: notes.join('; ') || null,
      details: {
        rows: b.fed,
        rows_planned: large,
        rows_ok: b.ok,
        seconds: b.wallMs / 1000,
        rows_per_s: b.ok / (b.wallMs / 1000),
        small_rows: small,
        small_seconds: a.wallMs / 1000,
      },
    });
  } finally {
    await stub.stop();
  }
}

export async function run(cfg, _seeded, log) {
  const work = freshStateDir('cli');
  const rows = await versionRow(cfg, log);
  const unavailable = cliUnavailable();
  for (const [spec, fn] of [
    [SPECS.upload, uploadRow],
    [SPECS.memory, memoryRow],
  ]) {
    if (unavailable) {
      rows.push(notMeasured(spec, unavailable));
      continue;
    }
    try {
      rows.push(await fn(cfg, log, work));
    } catch (err) {
      rows.push(notMeasured(spec, `failed: ${describeFailure(err)}`));
    }
  }
  return rows;
}

export const allSpecs = () => Object.values(SPECS);
export const failed = (reason) => allSpecs().map((s) => notMeasured(s, reason));
