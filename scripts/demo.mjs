// `npm run demo`: start an embedded server (SQLite, sandbox providers) on a free port in a
// fresh directory, then drive a case with the vcase CLI: create it from the sample documents
// in examples/documents, process it, run every lookup with --watch, and print plates, both
// chains, tenencia and tickets. Stops the server and removes its directory at the end.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-demo-'));
const samples = path.join(root, 'examples', 'documents');
const started = Date.now();
const port = await new Promise((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address();
    srv.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;

const bold = (s) => (process.stdout.isTTY && !process.env.NO_COLOR ? `\x1b[1m${s}\x1b[0m` : s);
const step = (msg) => console.log(`\n${bold(`▸ ${msg}`)}`);

step(`Starting vcase-server on ${base} (SQLite and sandbox providers in ${stateDir})`);
const server = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js'), 'start', '--port', String(port)], {
  cwd: stateDir,
  env: {
    ...process.env,
    VCASE_STATE_DIR: path.join(stateDir, '.vcase'),
    VCASE_DB: path.join(stateDir, '.vcase', 'vcase.db'),
    VCASE_STORAGE_DIR: path.join(stateDir, '.vcase', 'files'),
    VCASE_SANDBOX_LATENCY_MS: '300',
    VCASE_LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let serverOut = '';
server.stdout.on('data', (d) => (serverOut += d));

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  fs.rmSync(stateDir, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => stop(130));

/** Runs the vcase CLI next to the server's .vcase directory (it reads the demo credentials there). */
function vcase(args, { input, allowFail = false } = {}) {
  console.log(`\n$ vcase ${args.join(' ')}`);
  const res = spawnSync(process.execPath, [path.join(root, 'packages/cli/dist/main.js'), ...args], {
    cwd: stateDir,
    input,
    stdio: [input === undefined ? 'ignore' : 'pipe', 'inherit', 'inherit'],
    env: { ...process.env, VCASE_BASE_URL: base },
  });
  if (res.status !== 0 && !allowFail) throw new Error(`vcase ${args.join(' ')} exited ${res.status}`);
  return res.status;
}

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      if (i > 200 || server.exitCode !== null) throw new Error(`server did not start:\n${serverOut}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(serverOut.trim().replace(/^/gm, '  '));

  const internalId = `DEMO-${new Date().toISOString().slice(0, 10)}`;
  step('Create a case and upload the sample documents (CFDI invoice, tarjeta de circulación, tenencia receipt, CURP)');
  vcase(['cases', 'create', '--internal-id', internalId, '--status', 'processing', '--metadata', '{"numero_siniestro":"SIN-2026-0001"}']);
  // The CFDI goes in as an `invoice` (the type GET invoices lists); the rest are classified by content.
  const rows = ['factura.xml', 'tarjeta-circulacion.pdf', 'tenencia-2025.pdf', 'curp.pdf']
    .map((f) => JSON.stringify({ internal_id: internalId, file: path.join(samples, f), ...(f.endsWith('.xml') ? { type: 'invoice' } : {}) }))
    .join('\n');
  vcase(['documents', 'upload', '--from', '-', '--concurrency', '4'], { input: `${rows}\n` });

  step('Process the case: OCR, classification, extraction, plates, review status');
  vcase(['cases', 'process', internalId, '--watch']);
  vcase(['cases', 'vins', internalId]);
  vcase(['plates', internalId, '--watch']);

  step('Registry lookups');
  vcase(['rapi', internalId, '--run', '--watch']);
  vcase(['renapo', internalId, '--run', '--watch']);
  vcase(['bureau', internalId, '--run', '--watch']);
  vcase(['repuve', internalId, '--watch']);
  vcase(['pedimento', internalId, '--run', '--watch'], { allowFail: true }); // a national vehicle's invoice has no customs data
  vcase(['invoices', internalId, '--watch']);

  step('Tenencia and infractions of every plate');
  vcase(['taxes', internalId, '--run', '--watch']);
  vcase(['tickets', internalId, '--run', '--watch']);

  step('Plate chain and ownership chain');
  vcase(['chain', 'plates', internalId, '--run', '--watch']);
  vcase(['chain', 'ownership', internalId, '--run', '--watch']);

  step(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s. Keep exploring:`);
  console.log('  npm start                          # a server that keeps running; credentials in .vcase/credentials.json');
  console.log(`  npx vcase report ${internalId}       # the whole case on one page (run next to .vcase/)`);
  console.log('  open http://127.0.0.1:3000/docs    # the OpenAPI reference');
  console.log('  docs/getting-started.md, docs/cli.md, packages/sdk/README.md');
  await stop(0);
} catch (err) {
  console.error(`\ndemo failed: ${err?.message ?? err}`);
  await stop(1);
}
