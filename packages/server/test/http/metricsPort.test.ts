import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createServer, createWorker } from '../../src/server.js';
import { listeningConfig, startTestServer } from '../helpers/testServer.js';
import { parseMetrics, sample } from '../helpers/scrape.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
function stateDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-metrics-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
const ADMIN = { authorization: 'Bearer listening-test-admin-token' };

describe('--metrics-port', () => {
  it('serves /metrics there alone, without credentials; the API port no longer does', async () => {
    const server = await createServer({ config: listeningConfig(stateDir(), { metricsPort: 0 }) });
    cleanups.push(() => server.stop());
    const api = await server.start();
    const metrics = server.metricsAddress;
    expect(metrics).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(metrics).not.toBe(api);

    const scraped = await fetch(`${metrics}/metrics`);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseMetrics(await scraped.text());
    expect(samples.has('vcase_jobs{kind="document.process",state="queued"}')).toBe(true);

    const onApi = await fetch(`${api}/metrics`, { headers: ADMIN });
    expect(onApi.status).toBe(404);
    expect(await onApi.json()).toEqual({ error: { code: null, message: 'Ruta no encontrada: GET /metrics' } });
    // The API's own requests are still timed, and shown on the metrics port.
    const after = parseMetrics(await (await fetch(`${metrics}/metrics`)).text());
    expect(sample(after, 'vcase_http_request_duration_seconds_count', { route: 'unmatched', method: 'GET', status_class: '4xx' })).toBe(1);

    const elsewhere = await fetch(`${metrics}/health`);
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toEqual({ error: { code: null, message: 'Ruta no encontrada: GET /health' } });
  });

  it('a worker process serves its own metrics there: its job runs and the shared job table', async () => {
    const dir = stateDir();
    const worker = await createWorker({ config: listeningConfig(dir, { metricsPort: 0, workers: 1 }) });
    cleanups.push(() => worker.stop());
    await worker.start();
    expect(worker.metricsAddress).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${worker.metricsAddress}/metrics`);
    expect(res.status).toBe(200);
    const samples = parseMetrics(await res.text());
    expect(sample(samples, 'vcase_jobs', { kind: 'webhook.deliver', state: 'queued' })).toBe(0);
    expect(samples.has('vcase_job_oldest_queued_age_seconds{kind="lookup.rapi"}')).toBe(true);
    expect([...samples.keys()].some((k) => k.startsWith('nodejs_eventloop_lag_seconds{'))).toBe(true);
    const address = worker.metricsAddress;
    await worker.stop();
    // Stopped with the worker.
    await expect(fetch(`${address}/metrics`)).rejects.toThrow();
    expect(worker.metricsAddress).toBeNull();
  });

  it('without --metrics-port a worker listens nowhere', async () => {
    const worker = await createWorker({ config: listeningConfig(stateDir(), { workers: 1 }) });
    cleanups.push(() => worker.stop());
    await worker.start();
    expect(worker.metricsAddress).toBeNull();
  });
});

describe('VCASE_METRICS=false', () => {
  it('serves no /metrics and times nothing', async () => {
    const t = await startTestServer({ metrics: false });
    cleanups.push(() => t.close());
    expect(t.server.metrics).toBeNull();
    expect(t.server.ctx.metrics).toBeUndefined();
    const res = await t.admin('GET', '/metrics');
    expect(res.statusCode).toBe(404);
  });

  it('refuses a metrics port with the metrics switched off, naming both settings', () => {
    expect(() => loadConfig({ metricsPort: '9464' }, { VCASE_METRICS: 'false' })).toThrow(
      /--metrics-port \/ VCASE_METRICS_PORT: .*VCASE_METRICS=false/,
    );
    expect(loadConfig({}, { VCASE_METRICS_PORT: '9464', VCASE_METRICS_HOST: '10.0.0.5' })).toMatchObject({
      metrics: true,
      metricsPort: 9464,
      metricsHost: '10.0.0.5',
    });
    expect(() => loadConfig({}, { VCASE_METRICS: 'maybe' })).toThrow(/VCASE_METRICS: use true or false/);
  });
});
