// `npm run demo`: build the packages (quietly: their output only if the build fails), start
// vcase-server (SQLite, sandbox providers) on the data of `npm start` (./.vcase), then drive a
// case with the vcase CLI: create it from the sample documents in examples/documents, process
// it, run every lookup with --watch, and print plates, both chains, tenencia and tickets. The
// server stops at the end; the case stays, so the closing hint's commands find it.
//
// --no-build skips the build (the tests run the demo on packages already built).
// VCASE_DEMO_DIR: the folder whose .vcase/ the demo uses instead of the repository's (tests).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { runQuietly } from './quietly.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dir = path.resolve(process.env.VCASE_DEMO_DIR || root);
const stateDir = path.join(dir, '.vcase');
const samples = path.join(root, 'examples', 'documents');
/** The port `npm start` takes when given none (operator-surface §1). */
const DEFAULT_PORT = 3000;
const started = Date.now();

const bold = (s) => (process.stdout.isTTY && !process.env.NO_COLOR ? `\x1b[1m${s}\x1b[0m` : s);
const step = (msg) => console.log(`\n${bold(`▸ ${msg}`)}`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** A folder as the reader finds it: relative to where the demo runs, unless it is elsewhere. */
const shown = (p) => (path.relative(process.cwd(), p).startsWith('..') ? p : path.relative(process.cwd(), p) || '.');

if (!process.argv.includes('--no-build')) {
  process.stdout.write(bold('▸ Building the packages… '));
  const build = await runQuietly('npm', ['run', 'build', '--', '--output-logs=errors-only'], { cwd: root });
  if (!build.ok) {
    console.error(`\ndemo failed: the build exited ${build.code} (its output is above)`);
    process.exit(1);
  }
  console.log(`done in ${seconds(build.ms)}`);
}

/** The port `npm start` would use (PORT, else 3000) when it is free; else one the system picks. */
function freePort(preferred) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => (preferred === 0 ? resolve(0) : resolve(freePort(0))));
    srv.listen(preferred, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}
const startPort = Number(process.env.PORT) || DEFAULT_PORT;
const port = await freePort(startPort);
const base = `http://127.0.0.1:${port}`;

step(`Starting vcase-server on ${base} (SQLite and sandbox providers, data in ${shown(stateDir)})`);
// As `npm start` runs it (same folder, same defaults), so that `npm start` finds the case later.
const server = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js'), 'start', '--port', String(port)], {
  cwd: dir,
  env: { ...process.env, VCASE_SANDBOX_LATENCY_MS: '300', VCASE_LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
// The server's own output is shown once it listens (its address, credentials); its stderr only
// when the demo fails (the stop's "SIGTERM received" is not news).
let serverOut = '';
let serverErr = '';
server.stdout.on('data', (d) => (serverOut += d));
server.stderr.on('data', (d) => (serverErr += d));

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  process.exit(code);
}
process.on('SIGINT', () => stop(130));

/** The local credentials the server keeps in .vcase/credentials.json (written on its first start). */
function localCredentials() {
  const file = path.join(stateDir, 'credentials.json');
  if (!fs.existsSync(file)) {
    throw new Error(
      `${file} is missing: the database in ${stateDir} was made without demo credentials; move ${stateDir} away to start over`,
    );
  }
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Runs the vcase CLI with the demo server's address and the local credentials. */
function vcase(args, { input, allowFail = false, env } = {}) {
  console.log(`\n$ vcase ${args.join(' ')}`);
  const res = spawnSync(process.execPath, [path.join(root, 'packages/cli/dist/main.js'), ...args], {
    cwd: dir,
    input,
    stdio: [input === undefined ? 'ignore' : 'pipe', 'inherit', 'inherit'],
    env: { ...process.env, ...env },
  });
  if (res.status !== 0 && !allowFail) throw new Error(`vcase ${args.join(' ')} exited ${res.status}`);
  return res.status;
}

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      if (i > 200 || server.exitCode !== null) throw new Error(`server did not start:\n${serverOut}${serverErr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(serverOut.trim().replace(/^/gm, '  '));
  const credentials = localCredentials();
  // A profile saved by `vcase login` would come before .vcase/credentials.json: named here.
  const env = { VCASE_BASE_URL: base, VCASE_TOKEN: credentials.token, VCASE_API_KEY: credentials.api_key };
  const run = (args, opts = {}) => vcase(args, { ...opts, env });

  // One case per run: the data stays, and a second case of the same internal_id would make
  // `vcase … DEMO-…` ask which one.
  const internalId = `DEMO-${new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}`;
  step('Create a case and upload the sample documents (CFDI invoice, tarjeta de circulación, tenencia receipt, CURP)');
  run(['cases', 'create', '--internal-id', internalId, '--status', 'processing', '--metadata', '{"numero_siniestro":"SIN-2026-0001"}']);
  // The CFDI goes in as an `invoice` (the type GET invoices lists); the rest are classified by content.
  const rows = ['factura.xml', 'tarjeta-circulacion.pdf', 'tenencia-2025.pdf', 'curp.pdf']
    .map((f) =>
      JSON.stringify({ internal_id: internalId, file: path.join(samples, f), ...(f.endsWith('.xml') ? { type: 'invoice' } : {}) }),
    )
    .join('\n');
  run(['documents', 'upload', '--from', '-', '--concurrency', '4'], { input: `${rows}\n` });

  step('Process the case: OCR, classification, extraction, plates, review status');
  run(['cases', 'process', internalId, '--watch']);
  run(['cases', 'vins', internalId]);
  run(['plates', internalId, '--watch']);

  step('Registry lookups');
  run(['rapi', internalId, '--run', '--watch']);
  run(['renapo', internalId, '--run', '--watch']);
  run(['bureau', internalId, '--run', '--watch']);
  run(['repuve', internalId, '--watch']);
  run(['pedimento', internalId, '--run', '--watch'], { allowFail: true }); // a national vehicle's invoice has no customs data
  run(['invoices', internalId, '--watch']);

  step('Tenencia and infractions of every plate');
  run(['taxes', internalId, '--run', '--watch']);
  run(['tickets', internalId, '--run', '--watch']);

  step('Plate chain and ownership chain');
  run(['chain', 'plates', internalId, '--run', '--watch']);
  run(['chain', 'ownership', internalId, '--run', '--watch']);

  step(
    `Done in ${seconds(Date.now() - started)}. The case stays in ${shown(stateDir)}/ (remove that folder to start over). Keep exploring:`,
  );
  for (const line of closingHint(internalId, credentials.base_url)) console.log(`  ${line}`);
  await stop(0);
} catch (err) {
  console.error(`\ndemo failed: ${err?.message ?? err}`);
  if (serverErr.trim()) console.error(`server output:\n${serverErr.trim().replace(/^/gm, '  ')}`);
  await stop(1);
}

/**
 * Commands to paste, each naming what it needs: `npm start` on the port the demo used (so the
 * address in .vcase/credentials.json answers), the CLI against it, the docs on that port.
 */
function closingHint(internalId, savedBaseUrl) {
  const start = port === DEFAULT_PORT ? 'npm start' : `npm start -- --port ${port}`;
  const baseUrlFlag = savedBaseUrl?.replace(/\/+$/, '') === base ? '' : ` --base-url ${base}`;
  const commands = [
    [start, `serves .vcase/ on ${base}; credentials in .vcase/credentials.json`],
    [`npx vcase report ${internalId}${baseUrlFlag}`, 'in another terminal, from this folder: the whole case on one page'],
    [`npx vcase --help`, 'every command (docs/cli.md)'],
  ];
  const width = Math.max(...commands.map(([c]) => c.length)) + 2;
  return [
    ...commands.map(([c, why]) => `${c.padEnd(width)}# ${why}`),
    `${`${base}/docs`.padEnd(width)}# the OpenAPI reference, in a browser while the server runs`,
    'docs/getting-started.md, docs/cli.md, packages/sdk/README.md',
  ];
}
