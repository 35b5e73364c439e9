// One client must never stall the others (issue 27, item 1): the latency of GET /health, polled
// one request after another, while a single large or hostile request is in flight, against the
// same polling with nothing else going on. Also the time of GET …/metadata of a case whose
// metadata is at its total limit. Every figure is the worst /health answer seen, in ms.
import http from 'node:http';
import { notMeasured, ratioRow, reportRow } from '../lib/report.mjs';
import { createCredentials, freshStateDir, startVcaseServer } from '../lib/servers.mjs';

export const SPECS = {
  metadataBomb: {
    id: 'stalls.metadata_key_bomb',
    what: 'worst /health latency during POST …/metadata of 28 MB, 1.7 M keys',
    reference: 'worst /health latency, idle',
  },
  uploadBomb: {
    id: 'stalls.upload_key_bomb',
    what: 'worst /health latency during POST /v1/documents of 27 MB, 1.6 M keys',
    reference: 'worst /health latency, idle',
  },
  trpcBomb: {
    id: 'stalls.trpc_key_bomb',
    what: 'worst /health latency during tRPC appendCaseMetadata of 28 MB, 1.7 M keys',
    reference: 'worst /health latency, idle',
  },
  upload: {
    id: 'stalls.upload_20mb',
    what: 'worst /health latency during a valid 20 MB upload',
    reference: 'worst /health latency, idle',
  },
  fullMetadata: {
    id: 'stalls.get_full_metadata',
    what: 'GET …/metadata of a case at its 512 KB total, median ms',
    reference: null,
  },
};

const keys = (n) => Array.from({ length: n }, (_, i) => `"k${i}":1`).join(',');

/** Sends `body` on a connection of its own; resolves with the status and the time it took. */
function send(url, method, path, headers, body) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      `${url}${path}`,
      { method, headers: { ...headers, 'content-type': 'application/json', 'content-length': body.length } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      },
    );
    req.on('error', (err) => resolve({ status: `error ${err.code ?? err.message}`, ms: performance.now() - started }));
    req.end(body);
  });
}

/** Polls /health one request after another until `until` settles; the latencies in ms. */
async function pollHealth(url, until) {
  let done = false;
  until.finally(() => (done = true));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies = [];
  while (!done) {
    const started = performance.now();
    await new Promise((resolve) => http.get(`${url}/health`, { agent }, (res) => res.resume().on('end', resolve)).on('error', resolve));
    latencies.push(performance.now() - started);
  }
  agent.destroy();
  return latencies;
}

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

export async function run(cfg, _seeded, log) {
  const server = await startVcaseServer(freshStateDir('stalls'), { workers: 0 });
  try {
    const creds = await createCredentials(server);
    const bearer = { authorization: `Bearer ${creds.token}` };
    const { case_id: caseId } = await creds.api('POST', '/v1/cases', { internal_id: 'BENCH-STALLS', status: 'nuevo' });
    const idle = await pollHealth(server.url, new Promise((r) => setTimeout(r, 2_000)));
    const idleWorst = Math.max(...idle);
    log(`  idle: worst ${idleWorst.toFixed(1)} ms over ${idle.length} polls`);

    const attacks = [
      [SPECS.metadataBomb, 'POST', `/v1/cases/${caseId}/metadata`, bearer, Buffer.from(`{${keys(1_700_000)}}`)],
      [
        SPECS.uploadBomb,
        'POST',
        '/v1/documents',
        { 'x-api-key': creds.apiKey },
        Buffer.from(`{"case_id":"${caseId}","mime_type":"application/pdf",${keys(1_600_000)}}`),
      ],
      [SPECS.trpcBomb, 'POST', '/trpc/appendCaseMetadata', bearer, Buffer.from(`{"case_id":"${caseId}","body":{${keys(1_700_000)}}}`)],
      [
        SPECS.upload,
        'POST',
        '/v1/documents',
        { 'x-api-key': creds.apiKey },
        Buffer.from(
          JSON.stringify({
            case_id: caseId,
            mime_type: 'application/pdf',
            base64: Buffer.alloc(20 * 1000 * 1000, 0x25).toString('base64'),
          }),
        ),
      ],
    ];
    const rows = [];
    for (const [spec, method, path, headers, body] of attacks) {
      const request = send(server.url, method, path, headers, body);
      const latencies = await pollHealth(server.url, request);
      const answer = await request;
      const worst = Math.max(...latencies);
      log(
        `  ${spec.id}: ${answer.status} in ${answer.ms.toFixed(0)} ms; ` +
          `/health worst ${worst.toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms`,
      );
      rows.push(
        ratioRow(spec, {
          value: worst,
          reference: idleWorst,
          unit: 'ms',
          details: {
            status: answer.status,
            request_ms: answer.ms,
            body_mb: body.length / 1e6,
            polls: latencies.length,
            p50_ms: quantile(latencies, 0.5),
            p99_ms: quantile(latencies, 0.99),
          },
        }),
      );
    }

    // A case filled to its metadata total: 8 entries of ~60 KB.
    const { case_id: fullCase } = await creds.api('POST', '/v1/cases', { internal_id: 'BENCH-FULL-META', status: 'nuevo' });
    for (let i = 0; i < 8; i++) await creds.api('POST', `/v1/cases/${fullCase}/metadata`, { [`nota${i}`]: 'x'.repeat(60 * 1024) });
    const times = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await creds.api('GET', `/v1/cases/${fullCase}/metadata`);
      times.push(performance.now() - started);
    }
    log(`  GET full metadata: median ${quantile(times, 0.5).toFixed(1)} ms`);
    rows.push(reportRow(SPECS.fullMetadata, { value: quantile(times, 0.5), unit: 'ms', details: { worst_ms: Math.max(...times) } }));
    return rows;
  } finally {
    await server.stop();
  }
}

export const failed = (reason) => Object.values(SPECS).map((s) => notMeasured(s, reason));
