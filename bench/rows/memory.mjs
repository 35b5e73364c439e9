// Server memory under sustained load: RSS of a freshly started server (default workers) after
// its first 1,000 requests, then after 50,000 in all. The requests cycle through the read
// endpoints of the seeded case (REST and tRPC), so every code path a client hits is exercised.
import { loadProblems, runLoad } from '../lib/load.mjs';
import { rssBytes } from '../lib/proc.mjs';
import { notMeasured, ratioRow } from '../lib/report.mjs';
import { startVcaseServer } from '../lib/servers.mjs';

export const SPECS = {
  rss: {
    id: 'memory.server_rss',
    what: 'server RSS after 50,000 requests',
    reference: 'RSS after the first 1,000',
    target: { op: '<=', value: 1.2 },
  },
};

const MB = 1024 * 1024;
const settle = (ms) => new Promise((r) => setTimeout(r, ms));

export async function run(cfg, seeded, log) {
  const [first, total] = cfg.memRequests;
  const spec = { ...SPECS.rss, what: `server RSS after ${total.toLocaleString('en-US')} requests` };
  const server = await startVcaseServer(seeded.stateDir, { env: cfg.serverEnv });
  try {
    const id = seeded.caseId;
    const auth = { authorization: `Bearer ${seeded.creds.token}` };
    const paths = [
      `/v1/cases/${id}/taxes`,
      `/v1/cases/${id}/tickets`,
      '/v1/cases?limit=20',
      `/v1/cases/${id}`,
      `/v1/cases/${id}/plates`,
      `/trpc/listCases?input=${encodeURIComponent(JSON.stringify({ limit: 20 }))}`,
      `/trpc/getTaxes?input=${encodeURIComponent(JSON.stringify({ case_id: id }))}`,
      '/v1/cases?limit=20&offset=5000',
    ];
    const requests = paths.map((path) => ({ method: 'GET', path, headers: auth }));
    const opts = { url: server.url, connections: 10, requests };
    const startRss = rssBytes(server.pid);
    const a = await runLoad({ ...opts, amount: first });
    await settle(500);
    const afterFirst = rssBytes(server.pid);
    const b = await runLoad({ ...opts, amount: total - first });
    await settle(500);
    const afterAll = rssBytes(server.pid);
    log(
      `  RSS: start ${Math.round(startRss / MB)} MB, after ${first} ${Math.round(afterFirst / MB)} MB, ` +
        `after ${total} ${Math.round(afterAll / MB)} MB (${Math.round(b.rps)} req/s)`,
    );
    const problems = [loadProblems(a), loadProblems(b)].filter(Boolean).join('; ');
    return [
      ratioRow(spec, {
        value: afterAll / MB,
        reference: afterFirst / MB,
        unit: 'MB',
        refLabel: `RSS after ${first.toLocaleString('en-US')}`,
        note: problems || null,
        details: { rss_at_start_mb: Math.round(startRss / MB), requests: total, load_rps: Math.round(b.rps) },
      }),
    ];
  } finally {
    await server.stop();
  }
}

export const allSpecs = () => Object.values(SPECS);
export const failed = (reason) => allSpecs().map((s) => notMeasured(s, reason));
