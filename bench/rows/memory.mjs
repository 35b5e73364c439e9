// Server memory under sustained load: RSS of a freshly started server (default workers) after
// its first 1,000 requests, then after 50,000 in all (or as many as fit in the time cap). The
// requests cycle through the read endpoints of the seeded case (REST and tRPC).
import { loadProblems, runLoad } from '../lib/load.mjs';
import { rssBytes } from '../lib/proc.mjs';
import { notMeasured, ratioRow } from '../lib/report.mjs';
import { getServerNodeArgs, startVcaseServer } from '../lib/servers.mjs';

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
  const [first, target] = cfg.memRequests;
  // --trace-gc prints the live heap after every full collection ("Mark-Compact a (b) -> c (d) MB"):
  // that figure, unlike RSS, only climbs when memory is retained.
  const liveAfterGc = [];
  let pending = '';
  const onStdout = (text) => {
    const lines = (pending + text).split('\n');
    pending = lines.pop();
    for (const line of lines) {
      const m = /Mark-Compact[^\d]*[\d.]+ \([\d.]+\) -> ([\d.]+) \(/.exec(line);
      if (m) liveAfterGc.push({ at: Date.now(), mb: Number(m[1]) });
    }
  };
  // SIGUSR2 makes the server write a heap snapshot (into its state directory, removed with it),
  // which runs a full collection first: the live heap it leaves is what is really retained.
  const server = await startVcaseServer(seeded.stateDir, {
    env: cfg.serverEnv,
    nodeArgs: [...getServerNodeArgs(), '--trace-gc', '--heapsnapshot-signal=SIGUSR2'],
    onStdout,
  });
  async function forcedFullGc() {
    const seen = liveAfterGc.length;
    process.kill(server.pid, 'SIGUSR2');
    const until = Date.now() + 20_000;
    while (liveAfterGc.length === seen && Date.now() < until) await settle(100);
    await settle(1_000); // the snapshot may collect twice; the last figure is the one left
    return liveAfterGc.length > seen ? liveAfterGc.at(-1).mb : null;
  }
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
    const mb = () => rssBytes(server.pid) / MB;
    const startRss = mb();
    const problems = [];
    const a = await runLoad({ ...opts, amount: first });
    if (loadProblems(a)) problems.push(loadProblems(a));
    await settle(500);
    const afterFirst = mb();
    const firstPhaseEnd = Date.now();
    // The rest in chunks, RSS read after each: a leak shows as a steady climb. Bounded in
    // time too (cfg.memMaxSeconds): on a slow or busy machine the row stops early and says so.
    const curve = [{ requests: first, rss_mb: Math.round(afterFirst) }];
    const chunk = Math.max(1_000, Math.round((target - first) / 8));
    const deadline = Date.now() + cfg.memMaxSeconds * 1000;
    let done = first;
    let rps = 0;
    while (done < target && Date.now() < deadline) {
      const r = await runLoad({ ...opts, amount: Math.min(chunk, target - done) });
      done += r.total;
      rps = r.rps;
      if (loadProblems(r)) problems.push(loadProblems(r));
      curve.push({ requests: done, rss_mb: Math.round(mb()) });
    }
    await settle(500);
    const afterAll = mb();
    const capped = done < target;
    // Live heap after full GCs: the last one by the end of the first phase (else the first
    // ones of the sustained phase) against one forced after the last request (else the last
    // natural ones). RSS readings are all taken before it.
    const sustained = liveAfterGc.filter((g) => g.at > firstPhaseEnd);
    const avg = (xs) => (xs.length ? Math.round((xs.reduce((t, g) => t + g.mb, 0) / xs.length) * 10) / 10 : null);
    const liveEarly = liveAfterGc.filter((g) => g.at <= firstPhaseEnd).at(-1)?.mb ?? avg(sustained.slice(0, 3));
    const liveLate = (await forcedFullGc()) ?? avg(sustained.slice(-3));
    log(
      `  RSS: start ${Math.round(startRss)} MB, after ${first} ${Math.round(afterFirst)} MB, ` +
        `after ${done} ${Math.round(afterAll)} MB (${Math.round(rps)} req/s)` +
        `${capped ? ` — stopped at the ${cfg.memMaxSeconds} s cap` : ''}; ` +
        `live heap after full GC ${liveEarly ?? '?'} → ${liveLate ?? '?'} MB ` +
        `(${sustained.length} full GCs under load, one forced at the end)`,
    );
    if (liveEarly !== null && liveLate !== null) {
      // Judged per request, not in percent: the early figure can come from before the bounded
      // caches (statements, answers, tokens) filled, and those add a few MB once. A leak grows
      // with the requests: 100 B each is 100 KB per 1,000 requests.
      const perThousandKb = ((liveLate - liveEarly) * 1024) / ((done - first) / 1000);
      const verdict = perThousandKb < 100 ? 'flat: RSS growth is V8 sizing its heap, not retained memory' : 'growing: memory is retained';
      problems.unshift(
        `live heap after full GC ${liveEarly} → ${liveLate} MB from the first ${first.toLocaleString('en-US')} requests to the end, ` +
          `${Math.max(0, Math.round(perThousandKb))} KB per 1,000 requests (${verdict})`,
      );
    }
    if (capped)
      problems.unshift(
        `time cap of ${cfg.memMaxSeconds} s reached after ${done.toLocaleString('en-US')} of ${target.toLocaleString('en-US')} requests`,
      );
    const spec = { ...SPECS.rss, what: `server RSS after ${done.toLocaleString('en-US')} requests` };
    return [
      ratioRow(spec, {
        value: afterAll,
        reference: afterFirst,
        unit: 'MB',
        refLabel: `RSS after ${first.toLocaleString('en-US')}`,
        note: problems.join('; ') || null,
        details: {
          rss_at_start_mb: Math.round(startRss),
          requests: done,
          requests_planned: target,
          load_rps: Math.round(rps),
          live_heap_after_gc_early_mb: liveEarly,
          live_heap_after_gc_late_mb: liveLate,
          full_gcs: sustained.length,
          curve,
        },
      }),
    ];
  } finally {
    await server.stop();
  }
}

export const allSpecs = () => Object.values(SPECS);
export const failed = (reason) => allSpecs().map((s) => notMeasured(s, reason));
