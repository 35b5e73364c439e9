// Start a RAPI lookup and wait for it with an overall deadline and Ctrl-C support.
// Usage: node poll-with-deadline.mjs <case_id>
import { Vcase } from '@vcase/sdk';

const caseId = process.argv[2];
if (!caseId) throw new Error('usage: node poll-with-deadline.mjs <case_id>');
const vcase = new Vcase();
const abort = new AbortController();
process.once('SIGINT', () => abort.abort());

try {
  const result = await vcase.cases.runRapi(caseId, {
    timeoutMs: 30_000, // give up after 30 s overall
    intervalMs: 250,
    backoff: 1.5,
    maxIntervalMs: 2_000,
    signal: abort.signal,
    onProgress: (snapshot) => process.stderr.write(`rapi: ${snapshot.status}\n`),
  });
  console.log(JSON.stringify({ status: result.status, result: result.result }));
} catch (err) {
  // The lookup outlived our time budget: show what it last said before giving up.
  if (err?.name === 'WaitTimeoutError') console.error('no final answer in time; last answer:', err.snapshot);
  throw err;
}
