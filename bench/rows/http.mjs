// HTTP throughput rows: the vcase server (own process, API only) against a bare Fastify
// hello-world route (own process), both loaded by autocannon from this process at the same
// connection count. The reference is measured between the rows; each row is compared with the
// mean of the reference measured right before and right after it. The upload's target is set
// against a durable upload reference (bench/lib/durable-upload-server.mjs) instead.
import { randomBytes } from 'node:crypto';
import { combineLoads, loadProblems, runLoad, warm } from '../lib/load.mjs';
import { notMeasured, ratioRow } from '../lib/report.mjs';
import { cpuSeconds } from '../lib/proc.mjs';
import { startDurableUploadServer, startHelloServer, startVcaseServer } from '../lib/servers.mjs';

/**
 * Slices of a pair (tRPC / REST, upload / durable upload, metrics on / off): each side runs
 * this many times, alternating (at most 1 per second of load, autocannon's shortest run).
 * One-second slices: this machine's speed moves within a two-second slice by more than the
 * two channels differ (round 13).
 */
const PAIR_SLICES = 6;

export const SPECS = {
  taxes: {
    id: 'http.taxes',
    what: 'GET /v1/cases/{id}/taxes, 20 plates, req/s @50 conn',
    reference: 'Fastify hello-world req/s',
    target: { op: '>=', value: 0.3 },
  },
  tickets: {
    id: 'http.tickets',
    what: 'GET /v1/cases/{id}/tickets, 20 plates, req/s @50 conn',
    reference: 'Fastify hello-world req/s',
    target: { op: '>=', value: 0.3 },
  },
  cases: {
    id: 'http.cases',
    what: 'GET /v1/cases page of 20, 10,000 cases, req/s @50 conn',
    reference: 'Fastify hello-world req/s',
    target: { op: '>=', value: 0.3 },
  },
  upload: {
    id: 'http.upload',
    what: 'POST /v1/documents 20 KB base64, SQLite, vs a durable upload, req/s @50 conn',
    reference: 'Fastify + better-sqlite3: same body check, one durable insert, req/s, measured next to it',
    target: { op: '>=', value: 0.6 },
  },
  uploadHello: {
    // The upload row of round 13 and before, kept so that history stays comparable.
    id: 'http.upload_hello',
    what: 'POST /v1/documents 20 KB base64, SQLite, vs hello-world, req/s @50 conn',
    reference: 'Fastify hello-world req/s',
    target: null,
  },
  ceilingGet: {
    id: 'http.ceiling_get',
    what: 'ceiling: the same Fastify answering a cached body the size of the taxes answer',
    reference: 'Fastify hello-world req/s',
    target: null,
  },
  ceilingPost: {
    id: 'http.ceiling_post',
    what: 'ceiling: the same Fastify parsing the 20 KB upload body, storing nothing',
    reference: 'Fastify hello-world req/s',
    target: null,
  },
  trpcCases: {
    id: 'trpc.cases',
    what: 'tRPC listCases vs REST GET /v1/cases, req/s',
    reference: 'REST req/s, measured next to it',
    target: { op: '>=', value: 0.8 },
  },
  trpcTaxes: {
    id: 'trpc.taxes',
    what: 'tRPC getTaxes vs REST GET /v1/cases/{id}/taxes, req/s',
    reference: 'REST req/s, measured next to it',
    target: { op: '>=', value: 0.8 },
  },
  metricsTaxes: {
    id: 'http.metrics_taxes',
    what: 'GET taxes with metrics (request timing, /metrics) vs without (VCASE_METRICS=false), req/s',
    reference: 'the same request on a server without metrics, measured next to it',
    // The cost of metrics must stay within this machine's noise (a few per cent).
    target: { op: '>=', value: 0.95 },
  },
};

/** Runs `fn` with two instances on the seeded database, metrics on and off (`VCASE_METRICS=false`). */
async function metricsPair(seeded, cfg, fn) {
  const on = await startVcaseServer(seeded.stateDir, { workers: 0, env: cfg.serverEnv });
  const off = await startVcaseServer(seeded.stateDir, { workers: 0, env: { ...cfg.serverEnv, VCASE_METRICS: 'false' } }).catch(
    async (err) => {
      await on.stop();
      throw err;
    },
  );
  try {
    return await fn(on, off);
  } finally {
    await off.stop();
    await on.stop();
  }
}

const trpcUrl = (base, proc, input) => `${base}/trpc/${proc}?input=${encodeURIComponent(JSON.stringify(input))}`;

export async function run(cfg, seeded, log) {
  const rows = [];
  const api = await startVcaseServer(seeded.stateDir, { workers: 0, env: cfg.serverEnv });
  const hello = await startHelloServer();
  const durable = await startDurableUploadServer().catch(async (err) => {
    await hello.stop();
    await api.stop();
    throw err;
  });
  try {
    const auth = { authorization: `Bearer ${seeded.creds.token}` };
    const base = { connections: cfg.connections, duration: cfg.duration };
    // Server CPU time per request is measured alongside req/s: on a shared machine it drifts
    // far less than throughput does, so the CPU ratio is a second, steadier reading.
    const loadWithCpu = async (opts, pid) => {
      const cpu0 = cpuSeconds(pid);
      const r = await runLoad({ ...base, ...opts });
      const cpu1 = cpuSeconds(pid);
      r.cpuSeconds = cpu0 !== null && cpu1 !== null ? cpu1 - cpu0 : null;
      return r;
    };
    const report = (label, r) => {
      r.cpuUsPerReq = r.cpuSeconds !== null && r.total > 0 ? (r.cpuSeconds * 1e6) / r.total : null;
      const cpu = r.cpuUsPerReq === null ? '' : `, ${Math.round(r.cpuUsPerReq)} µs CPU/req`;
      log(
        `  ${label}: ${Math.round(r.rps)} req/s (p50 ${r.latencyP50} ms, p99 ${r.latencyP99} ms${cpu})` +
          `${loadProblems(r) ? ` — ${loadProblems(r)}` : ''}`,
      );
      return r;
    };
    const measure = async (label, opts, pid = api.pid) => {
      await warm({ ...base, ...opts }, cfg.warmup);
      return report(label, await loadWithCpu(opts, pid));
    };
    // A tRPC call and its REST twin are compared with each other: measured one after the
    // other, a drift of the shared machine between the two runs read as a difference of the
    // channels (a quick run once read 0.77, the next 1.1). They run in alternating slices
    // instead (REST, tRPC, REST, tRPC, …: the same total time each), and each sums its slices.
    // Each side names its server's pid when the two are different processes (the metrics row).
    const measurePair = async ([labelA, optsA, pidA = api.pid], [labelB, optsB, pidB = api.pid]) => {
      await warm({ ...base, ...optsA }, cfg.warmup);
      await warm({ ...base, ...optsB }, cfg.warmup);
      const slices = Math.max(1, Math.min(PAIR_SLICES, Math.floor(cfg.duration)));
      const parts = [[], []];
      const pids = [pidA, pidB];
      for (let i = 0; i < slices; i++) {
        for (const [k, opts] of [optsA, optsB].entries())
          parts[k].push(await loadWithCpu({ ...opts, duration: cfg.duration / slices }, pids[k]));
      }
      return [report(labelA, combineLoads(parts[0])), report(labelB, combineLoads(parts[1]))];
    };
    // The reference is measured between the rows, so each row is compared with the reference
    // measured just before and just after it: a shared machine drifts within a run.
    const reference = () => measure('reference', { url: `${hello.url}/` }, hello.pid);
    const refs = [await reference()];

    const taxesUrl = `${api.url}/v1/cases/${seeded.caseId}/taxes`;
    const [taxes, trpcTaxes] = await measurePair(
      ['GET taxes', { url: taxesUrl, headers: auth }],
      ['tRPC getTaxes', { url: trpcUrl(api.url, 'getTaxes', { case_id: seeded.caseId }), headers: auth }],
    );
    refs.push(await reference());
    const tickets = await measure('GET tickets', { url: `${api.url}/v1/cases/${seeded.caseId}/tickets`, headers: auth });
    refs.push(await reference());
    const [cases, trpcCases] = await measurePair(
      ['GET /v1/cases', { url: `${api.url}/v1/cases?limit=20`, headers: auth }],
      ['tRPC listCases', { url: trpcUrl(api.url, 'listCases', { limit: 20 }), headers: auth }],
    );
    refs.push(await reference());

    // 20 KB of file content (15,000 random bytes → 20,000 base64 characters), one body for all.
    const body = JSON.stringify({
      case_id: seeded.uploadCaseId,
      mime_type: 'application/pdf',
      type: 'certificate_title',
      base64: randomBytes(15_000).toString('base64'),
    });
    const json = { 'content-type': 'application/json' };
    const [upload, durableUpload] = await measurePair(
      ['POST /v1/documents', { url: `${api.url}/v1/documents`, method: 'POST', headers: { ...auth, ...json }, body }],
      ['durable upload reference', { url: `${durable.url}/documents`, method: 'POST', headers: json, body }, durable.pid],
    );
    refs.push(await reference());
    // What Fastify and the loopback alone allow at these sizes: how far a row could go at best.
    const ceilingGet = await measure('ceiling GET', { url: `${hello.url}/sized?bytes=${seeded.shape.taxes_bytes}` }, hello.pid);
    refs.push(await reference());
    const ceilingPost = await measure('ceiling POST', { url: `${hello.url}/parse`, method: 'POST', headers: json, body }, hello.pid);
    refs.push(await reference());

    // Metrics on and off: two fresh instances of one database, started together and loaded in
    // alternating slices (a ratio of neighbours, like the tRPC rows). Fresh both: a process
    // loaded for the rows above answers faster than one just started, whatever it runs.
    const [withMetrics, withoutMetrics] = await metricsPair(seeded, cfg, async (on, off) =>
      measurePair(
        ['GET taxes, metrics on', { url: `${on.url}/v1/cases/${seeded.caseId}/taxes`, headers: auth }, on.pid],
        ['GET taxes, metrics off', { url: `${off.url}/v1/cases/${seeded.caseId}/taxes`, headers: auth }, off.pid],
      ),
    );

    const mean = (a, b) => (a !== null && b !== null ? (a + b) / 2 : null);
    const cpuRatio = (r, other) => (other && r.cpuUsPerReq ? Math.round((other / r.cpuUsPerReq) * 1000) / 1000 : null);
    /** A row against the references measured right before (`refs[at]`) and right after it. */
    const helloRow = (spec, r, at, extra = {}) => {
      if (r.ok < r.total / 2) return notMeasured(spec, `most requests failed: ${loadProblems(r)}`);
      const [before, after] = [refs[at], refs[at + 1]];
      const ref = (before.rps + after.rps) / 2;
      const refCpu = mean(before.cpuUsPerReq, after.cpuUsPerReq);
      const drift =
        Math.abs(before.rps - after.rps) / ref > 0.15
          ? `the reference moved ${Math.round(before.rps)} → ${Math.round(after.rps)} req/s around this row (shared machine); ` +
            'their mean is used'
          : null;
      return ratioRow(spec, {
        value: r.rps,
        reference: ref,
        unit: 'req/s',
        note: [loadProblems(r), drift].filter(Boolean).join('; ') || null,
        details: {
          cpu_ratio: cpuRatio(r, refCpu),
          server_cpu_us_per_req: r.cpuUsPerReq === null ? null : Math.round(r.cpuUsPerReq),
          reference_cpu_us_per_req: refCpu === null ? null : Math.round(refCpu),
          latency_p50_ms: r.latencyP50,
          latency_p99_ms: r.latencyP99,
          requests: r.total,
          reference_before_rps: Math.round(before.rps),
          reference_after_rps: Math.round(after.rps),
          ...extra,
        },
      });
    };
    /** `rpc` against `rest`, measured in alternating slices; `names` label the two in the details (default tRPC, REST). */
    const pair = (spec, rpc, rest, names = { on: 'trpc', off: 'rest' }) => {
      if (rpc.ok < rpc.total / 2 || rest.ok < rest.total / 2) {
        return notMeasured(spec, `most requests failed: ${loadProblems(rpc) ?? loadProblems(rest)}`);
      }
      return ratioRow(spec, {
        value: rpc.rps,
        reference: rest.rps,
        unit: 'req/s',
        note: [loadProblems(rpc), loadProblems(rest)].filter(Boolean).join('; ') || null,
        details: {
          cpu_ratio: cpuRatio(rpc, rest.cpuUsPerReq),
          [`${names.on}_cpu_us_per_req`]: rpc.cpuUsPerReq === null ? null : Math.round(rpc.cpuUsPerReq),
          [`${names.off}_cpu_us_per_req`]: rest.cpuUsPerReq === null ? null : Math.round(rest.cpuUsPerReq),
          [`${names.on}_p99_ms`]: rpc.latencyP99,
          [`${names.off}_p99_ms`]: rest.latencyP99,
        },
      });
    };
    rows.push(helloRow(SPECS.taxes, taxes, 0));
    rows.push(helloRow(SPECS.tickets, tickets, 1));
    rows.push(helloRow(SPECS.cases, cases, 2));
    rows.push(pair(SPECS.upload, upload, durableUpload, { on: 'upload', off: 'durable_reference' }));
    rows.push(helloRow(SPECS.uploadHello, upload, 3, { body_bytes: body.length, workers: 0 }));
    rows.push(helloRow(SPECS.ceilingGet, ceilingGet, 4, { body_bytes: seeded.shape.taxes_bytes }));
    rows.push(helloRow(SPECS.ceilingPost, ceilingPost, 5, { body_bytes: body.length }));
    rows.push(pair(SPECS.trpcCases, trpcCases, cases));
    rows.push(pair(SPECS.trpcTaxes, trpcTaxes, taxes));
    rows.push(pair(SPECS.metricsTaxes, withMetrics, withoutMetrics, { on: 'metrics_on', off: 'metrics_off' }));
    return rows;
  } finally {
    await durable.stop();
    await hello.stop();
    await api.stop();
  }
}

export const allSpecs = () => Object.values(SPECS);
export const failed = (reason) => allSpecs().map((s) => notMeasured(s, reason));
