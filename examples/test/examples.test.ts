import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { needs, NEEDS_BUILD } from '../../vitest.needs.ts';
import { createCase, createTenant, startTestServer, type Tenant, type TestServer } from '../../packages/server/test/helpers/testServer.js';
import { createProvider } from '../http-provider.mjs';
import { createReceiver } from '../webhook-receiver.mjs';

const run = promisify(execFile);
const here = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const cliDist = path.resolve(here, '../packages/cli/dist/main.js');
const sdkDist = path.resolve(here, '../packages/sdk/dist/index.js');

let t: TestServer;
let baseURL: string;
let tenant: Tenant;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  t = await startTestServer();
  baseURL = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
  tenant = await createTenant(t);
  env = { ...process.env, VCASE_BASE_URL: baseURL, VCASE_TOKEN: tenant.token, VCASE_API_KEY: tenant.apiKey, NO_COLOR: '1' };
});
afterAll(() => t?.close());

const node = (file: string, args: string[] = []) =>
  run(process.execPath, [path.join(here, file), ...args], { env, cwd: here, timeout: 60_000 });

describe('SDK examples (built SDK)', needs(fs.existsSync(sdkDist), NEEDS_BUILD), () => {
  it('sdk-quickstart creates a case from the sample documents and finds the VIN and plate', async () => {
    const { stdout } = await node('sdk-quickstart.mjs');
    const out = JSON.parse(stdout.trim().split('\n').pop() as string);
    expect(out).toMatchObject({
      processing: 'completed',
      primary_vin: '3N1CN8AE5RK812345',
      plates: expect.arrayContaining(['NXA1234 (MEX)']),
    });
  });

  it('poll-with-deadline waits for a RAPI lookup', async () => {
    const caseId = await createCase(t, tenant);
    const up = await t.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: { 'x-api-key': tenant.apiKey },
      payload: { case_id: caseId, mime_type: 'application/pdf', base64: 'JVBERi0=' },
    });
    await t.inject({
      method: 'PATCH',
      url: `/v1/documents/${up.json().document_id}/ocr`,
      headers: { 'x-api-key': tenant.apiKey },
      payload: { type: 'factura', parsed_data: { vin: '3N1CN8AE5RK812345' } },
    });
    const { stdout } = await node('poll-with-deadline.mjs', [caseId]);
    expect(JSON.parse(stdout)).toMatchObject({ status: 'completed' });
  });

  it('list-cases walks every page', async () => {
    for (let i = 0; i < 3; i++) await createCase(t, tenant);
    const { stdout, stderr } = await node('list-cases.mjs');
    const count = Number(/(\d+) cases/.exec(stderr)?.[1]);
    expect(count).toBeGreaterThanOrEqual(3);
    expect(stdout.trim().split('\n')).toHaveLength(count);
  });
});

describe('webhook receiver example', () => {
  it('verifies signatures, refuses forged deliveries, and applies repeated and out-of-order notices as state', async () => {
    const { server, state, refused, secrets } = createReceiver({ secrets: [] });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    try {
      const registered = await t.admin('PUT', `/admin/companies/${tenant.companyId}/webhooks/expediente-created`, {
        url,
        template: { vehicle_id: '{{expedientData.vehicle_id}}', review_status: '{{expedientData.review_status}}' },
      });
      secrets.push(registered.json().signing_secret);
      const caseId = await createCase(t, tenant, { internal_id: 'HOOK-1' });
      await t.server.runner.whenIdle();
      await new Promise((r) => setTimeout(r, 50));
      expect(state.get(caseId)).toMatchObject({
        vehicle_id: caseId,
        review_status: 'sin_documentos',
        webhook_id: expect.stringMatching(/^msg_/),
      });

      // Someone who knows the URL but not the secret.
      const forged = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': 'msg_forged',
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': 'v1,Zm9yZ2Vk',
        },
        body: JSON.stringify({ vehicle_id: caseId, review_status: 'nuevo' }),
      });
      expect(forged.status).toBe(401);
      expect(refused).toEqual(['no_matching_signature']);
      expect(state.get(caseId)).toMatchObject({ review_status: 'sin_documentos' });
    } finally {
      await t.admin('DELETE', `/admin/companies/${tenant.companyId}/webhooks/expediente-created`);
      await new Promise((r) => server.close(r));
    }
  });
});

describe('http provider example', () => {
  it('answers a server started with VCASE_PROVIDERS=http', async () => {
    const provider = createProvider();
    await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
    const providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/lookup`;
    const withHttp = await startTestServer({ providers: 'http', providerHttpUrl: providerUrl });
    try {
      const other = await createTenant(withHttp);
      const caseId = await createCase(withHttp, other);
      const up = await withHttp.inject({
        method: 'POST',
        url: '/v1/documents',
        headers: { 'x-api-key': other.apiKey },
        payload: { case_id: caseId, mime_type: 'application/pdf', base64: 'JVBERi0=' },
      });
      await withHttp.inject({
        method: 'PATCH',
        url: `/v1/documents/${up.json().document_id}/ocr`,
        headers: { 'x-api-key': other.apiKey },
        payload: { type: 'factura', parsed_data: { vin: '3N1CN8AE5RK812345' } },
      });
      await withHttp.inject({ method: 'POST', url: `/v1/cases/${caseId}/rapi`, headers: other.bearer });
      await withHttp.server.runner.whenIdle();
      const rapi = (await withHttp.inject({ method: 'GET', url: `/v1/cases/${caseId}/rapi`, headers: other.bearer })).json();
      expect(rapi).toMatchObject({ status: 'completed', result: { niv: '3N1CN8AE5RK812345', tiene_reporte: false } });
    } finally {
      await withHttp.close();
      await new Promise((r) => provider.close(r));
    }
  });
});

describe('batch upload pipeline example (find | jq | vcase)', needs(fs.existsSync(cliDist), NEEDS_BUILD), () => {
  /** Runs batch-upload.sh for `internalId` over the sample documents, in a scratch folder. */
  async function batchUpload(internalId: string) {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-batch-'));
    onTestFinished(() => fs.rmSync(work, { recursive: true, force: true }));
    const child = spawn('bash', [path.join(here, 'batch-upload.sh'), internalId, path.join(here, 'documents')], {
      env: { ...env, VCASE_BIN: `${process.execPath} ${cliDist}` },
      cwd: work,
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const code = await new Promise((r) => child.on('close', r));
    return { code, out, err };
  }

  it('uploads every sample document to the case named by internal_id', async () => {
    const caseId = await createCase(t, tenant, { internal_id: 'BATCH-EX-1' });
    const { code, out, err } = await batchUpload('BATCH-EX-1');
    expect(code, err).toBe(0);
    expect(out).toContain('4 uploaded');
    const docs = (await t.inject({ method: 'GET', url: `/v1/documents?case_id=${caseId}`, headers: tenant.bearer })).json();
    expect(docs.pagination.total).toBe(4);
  });

  it('reports the rows that failed on stderr and exits 1', async () => {
    const { code, out, err } = await batchUpload('NO-SUCH-CASE');
    expect(code, err).toBe(1);
    expect(err).toMatch(/failed: row 1 \S+: no active case with internal_id "NO-SUCH-CASE"/);
    expect(out).toContain('0 uploaded');
  });
});
