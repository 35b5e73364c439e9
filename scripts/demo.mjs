// `npm run demo`: starts an embedded server (SQLite, sandbox providers) on a free port in a
// fresh directory, drives a case through the API, prints what it sees, and stops the server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-demo-'));
const port = await new Promise((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address();
    srv.close(() => resolve(port));
  });
});

const step = (msg) => console.log(`\n\x1b[1m▸ ${msg}\x1b[0m`);
const show = (value) => console.log(JSON.stringify(value, null, 2));

step(`Starting vcase-server on 127.0.0.1:${port} (data in ${stateDir})`);
const server = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js'), 'start', '--port', String(port)], {
  env: {
    ...process.env,
    VCASE_STATE_DIR: stateDir,
    VCASE_DB: path.join(stateDir, 'vcase.db'),
    VCASE_STORAGE_DIR: path.join(stateDir, 'files'),
    VCASE_SANDBOX_LATENCY_MS: '200',
    VCASE_ALLOW_PRIVATE_URLS: 'true',
    VCASE_LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
server.stdout.on('data', (d) => process.stdout.write(`  [server] ${d}`));

async function stop(code) {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(stateDir, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => stop(130));

try {
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      if (i > 100) throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const creds = JSON.parse(fs.readFileSync(path.join(stateDir, 'credentials.json'), 'utf8'));
  const api = async (method, url, body) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${creds.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json();
    console.log(`  ${method} ${url} → ${res.status}`);
    if (!res.ok) throw new Error(JSON.stringify(json));
    return json;
  };

  step('Create a case');
  const created = await api('POST', '/v1/cases', {
    internal_id: `DEMO-${Date.now()}`,
    status: 'processing',
    metadata: { numero_siniestro: 'SIN-2026-0001', tipo_afectado: 'asegurado' },
  });
  show(created);

  step('Assign it to the demo analyst');
  const assigned = await api('POST', `/v1/cases/${created.case_id}/assign`, { user_id: creds.user_id });
  show(assigned);

  step('Append business metadata');
  show(await api('POST', `/v1/cases/${created.case_id}/metadata`, { nombre_afectado: 'María López' }));

  step('Read the case and the company list');
  show(await api('GET', `/v1/cases/${created.case_id}`));
  show(await api('GET', '/v1/cases?limit=5'));

  step('Keep exploring');
  console.log(`  npm start           # a server that keeps running (credentials in .vcase/credentials.json)`);
  console.log(`  open ${base.replace(String(port), '3000')}/docs   # the OpenAPI reference`);
  await stop(0);
} catch (err) {
  console.error(`\ndemo failed: ${err instanceof Error ? err.message : err}`);
  await stop(1);
}
