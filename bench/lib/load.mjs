// autocannon, promisified and summarised: successful responses per second (non-2xx and
// errors are counted apart and never inflate the rate), latency percentiles.
import autocannon from 'autocannon';

/**
 * Runs one autocannon load. `opts` are autocannon's (url, connections, duration or amount,
 * method, headers, body, requests…). Always bounded: a `duration` or an `amount` is required.
 */
export function runLoad(opts) {
  if (!opts.duration && !opts.amount) throw new Error('runLoad needs a duration or an amount');
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const instance = autocannon(
      {
        connections: 50,
        pipelining: 1,
        timeout: 10,
        // A stuck run must not hold the machine: hard stop after 3× the planned time.
        ...opts,
      },
      (err, result) => {
        clearTimeout(guard);
        if (err) return reject(err);
        // Up to the last response: autocannon itself only stops on its 1 s sampling tick.
        const wallS = Number((lastResponse ?? process.hrtime.bigint()) - started) / 1e9;
        const ok = result['2xx'] ?? 0;
        // With `amount`, the run lasts as long as it takes; with `duration`, that duration.
        const seconds = opts.amount ? wallS : result.duration || wallS;
        resolve({
          rps: ok / seconds,
          ok,
          total: result.requests.total,
          non2xx: result.non2xx ?? 0,
          errors: result.errors ?? 0,
          timeouts: result.timeouts ?? 0,
          seconds,
          latencyP50: result.latency.p50,
          latencyP99: result.latency.p99,
          statusCodes: result.statusCodeStats,
        });
      },
    );
    let lastResponse = null;
    instance.on('response', () => {
      lastResponse = process.hrtime.bigint();
    });
    const limitS = opts.duration ? opts.duration * 3 + 10 : 600;
    const guard = setTimeout(() => instance.stop(), limitS * 1000);
  });
}

/** A short unmeasured load so the target's JIT and caches are warm before the measured one. */
export async function warm(opts, seconds) {
  if (seconds > 0) await runLoad({ ...opts, duration: seconds, amount: undefined });
}

/** Problems worth flagging on a row: any non-2xx answer or socket error. */
export function loadProblems(r) {
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad === 0) return null;
  const codes = Object.entries(r.statusCodes ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, s]) => `${code}×${s.count}`)
    .join(', ');
  return `${r.non2xx} non-2xx${codes ? ` (${codes})` : ''}, ${r.errors} errors, ${r.timeouts} timeouts of ${r.total}`;
}

/** One load result from the slices of one URL: counts and times summed, latencies the worst slice's. */
export function combineLoads(parts) {
  const sum = (k) => parts.reduce((a, r) => a + r[k], 0);
  const seconds = sum('seconds');
  const cpu = parts.every((r) => r.cpuSeconds !== null) ? sum('cpuSeconds') : null;
  const statusCodes = {};
  for (const r of parts) {
    for (const [code, st] of Object.entries(r.statusCodes ?? {})) statusCodes[code] = { count: (statusCodes[code]?.count ?? 0) + st.count };
  }
  return {
    rps: sum('ok') / seconds,
    ok: sum('ok'),
    total: sum('total'),
    non2xx: sum('non2xx'),
    errors: sum('errors'),
    timeouts: sum('timeouts'),
    seconds,
    latencyP50: Math.max(...parts.map((r) => r.latencyP50)),
    latencyP99: Math.max(...parts.map((r) => r.latencyP99)),
    statusCodes,
    cpuSeconds: cpu,
  };
}
