#!/usr/bin/env node
// Measures `vcase documents upload --from -` on many rows against a fake server that answers
// at once: rows per second and the CLI's peak resident memory (Linux /proc).
//   node scripts/bench-batch.mjs [rows=100000] [concurrency=16] [csv|ndjson]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rows = Number(process.argv[2] ?? 100_000);
const concurrency = Number(process.argv[3] ?? 16);
const format = process.argv[4] ?? 'ndjson';
const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const CASE = '3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b';

let uploads = 0;
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    if (req.method === 'POST' && req.url === '/v1/documents') {
      uploads++;
      res.writeHead(201, { 'content-type': 'application/json' });
      const document_id = `00000000-0000-4000-8000-${String(uploads).padStart(12, '0')}`;
      return res.end(JSON.stringify({ document_id, url: 'http://files/x.pdf' }));
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { code: null, message: 'not found' } }));
  });
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const baseURL = `http://127.0.0.1:${server.address().port}`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-bench-'));
fs.writeFileSync(path.join(dir, 'a.pdf'), '%PDF-1.4 bench');

const child = spawn(process.execPath, [main, 'documents', 'upload', '--from', '-', '--concurrency', String(concurrency)], {
  cwd: dir,
  env: { ...process.env, VCASE_BASE_URL: baseURL, VCASE_TOKEN: 't', VCASE_API_KEY: 'k', XDG_CONFIG_HOME: dir },
  stdio: ['pipe', 'pipe', 'pipe'],
});
let peakKb = 0;
const sample = setInterval(() => {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'));
    if (m) peakKb = Math.max(peakKb, Number(m[1]));
  } catch {
    // the child has exited between two samples
  }
}, 100);
const samples = [];
let results = 0;
let pending = '';
child.stdout.on('data', (chunk) => {
  pending += chunk;
  const lines = pending.split('\n');
  pending = lines.pop();
  results += lines.length;
  if (results % 10_000 < lines.length) samples.push([results, peakKb]);
});
let stderr = '';
child.stderr.on('data', (c) => (stderr += c));

const started = Date.now();
// Stream the rows (never held in memory here either), honouring backpressure.
(async () => {
  if (format === 'csv') child.stdin.write('case_id,file,type\n');
  for (let i = 0; i < rows; i++) {
    const line =
      format === 'csv' ? `${CASE},a.pdf,invoice-${i}\n` : JSON.stringify({ case_id: CASE, file: 'a.pdf', type: `invoice-${i}` }) + '\n';
    if (!child.stdin.write(line)) await new Promise((r) => child.stdin.once('drain', r));
  }
  child.stdin.end();
})();
const code = await new Promise((r) => child.on('exit', r));
clearInterval(sample);
server.close();
const secs = (Date.now() - started) / 1000;
const mb = (kb) => +(kb / 1024).toFixed(1);
const summary = { rows, format, concurrency, exit: code, results, uploads, seconds: secs, rows_per_s: Math.round(rows / secs) };
console.log(JSON.stringify({ ...summary, peak_rss_mb: mb(peakKb), rss_by_results: samples.map(([n, kb]) => [n, mb(kb)]) }));
if (code !== 0) console.error(stderr.slice(-2000));
fs.rmSync(dir, { recursive: true, force: true });
