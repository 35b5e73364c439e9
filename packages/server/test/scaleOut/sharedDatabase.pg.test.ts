import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEEDS_BUILD, NEEDS_POSTGRES, needs } from '../../../../vitest.needs.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/createDatabase.js';
import { DOCUMENT_PROCESS_JOB, WEBHOOK_DELIVER_JOB } from '../../src/jobs/kinds.js';
import { startReceiver } from '../helpers/receiver.js';
import { killServers, remoteClient, serverBuilt, spawnServer, type ServerProcess } from '../helpers/serverProcesses.js';
import { createCase, createTenant, eventually, postgresDatabaseFor, type ServerClient, type Tenant } from '../helpers/testServer.js';

// Scale-out on one PostgreSQL database (docs/operator-guide.md, "PostgreSQL and scaling"):
// `vcase-server start` and `vcase-server worker` processes of the build, each with its own
// state and storage folders, sharing nothing but the database and the secrets.
const pgUrl = process.env.VCASE_TEST_PG_URL;
const runnable = () => (pgUrl ? needs(serverBuilt, NEEDS_BUILD) : needs(false, NEEDS_POSTGRES));
const ADMIN_TOKEN = 'scale-out-admin-token';

/** A fresh database and the settings every process of it shares; `spawn` starts one with its own folders. */
async function fleet(label: string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `vcase-${label}-`));
  const pg = (await postgresDatabaseFor(root))!;
  const db: DatabaseHandle = openDatabase(pg.url);
  let n = 0;
  const spawn = (command: 'start' | 'worker', env: Record<string, string> = {}) => {
    const own = path.join(root, `${command}-${++n}`);
    return spawnServer(
      command,
      {
        DATABASE_URL: pg.url,
        VCASE_STATE_DIR: own,
        VCASE_STORAGE_DIR: path.join(own, 'files'),
        VCASE_ADMIN_TOKEN: ADMIN_TOKEN,
        VCASE_JWT_SECRET: 'scale-out-jwt-secret',
        VCASE_LOG_LEVEL: process.env.VCASE_TEST_LOG_LEVEL ?? 'silent',
        VCASE_SANDBOX_LATENCY_MS: '0',
        VCASE_ALLOW_PRIVATE_URLS: 'true',
        VCASE_WORKERS: '2',
        HOST: '127.0.0.1',
        PORT: '0',
        ...env,
      },
      command === 'start' ? ['--no-bootstrap'] : [],
    );
  };
  /** Files any process wrote under its storage folder. */
  const storedOnDisk = () =>
    (fs.readdirSync(root, { recursive: true }) as string[]).filter(
      (p) => p.split(path.sep).includes('files') && fs.statSync(path.join(root, p)).isFile(),
    );
  return {
    db: db.db,
    spawn,
    storedOnDisk,
    async close() {
      await killServers();
      await db.close();
      await pg.drop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

const jobsOf = (db: DatabaseHandle['db'], kind: string) => db.selectFrom('jobs').selectAll().where('kind', '=', kind).execute();
/** The process that holds or last held a job: its `locked_by` is `host:pid:random`. */
const pidOf = (lockedBy: string | null) => Number(lockedBy?.split(':')[1]);

// Processes of their own, on a 2-core CI machine running other suites: generous timeouts.
describe('two API instances and a worker on one PostgreSQL database', { timeout: 60_000, ...runnable() }, () => {
  let f: Awaited<ReturnType<typeof fleet>>;
  let a: ServerProcess, b: ServerProcess, w: ServerProcess;
  let onA: ServerClient, onB: ServerClient;
  let acme: Tenant;
  beforeAll(async () => {
    f = await fleet('scale');
    // The first start migrates the new database; the others then start together.
    a = await f.spawn('start');
    [b, w] = await Promise.all([f.spawn('start'), f.spawn('worker')]);
    onA = remoteClient(a.url!, ADMIN_TOKEN);
    onB = remoteClient(b.url!, ADMIN_TOKEN);
    acme = await createTenant(onA);
  });
  afterAll(() => f?.close());

  it('runs each job once, whichever of the three processes claims it', async () => {
    const receiver = await startReceiver();
    try {
      expect(
        (await onB.admin('PUT', `/admin/companies/${acme.companyId}/webhooks/expediente-created`, { url: receiver.url })).statusCode,
      ).toBe(200);
      const created = Array.from({ length: 24 }, (_, i) => `ONCE-${i}`);
      await Promise.all(created.map((internal_id, i) => createCase(i % 2 ? onB : onA, acme, { internal_id })));
      const jobs = await eventually(
        () => jobsOf(f.db, WEBHOOK_DELIVER_JOB),
        (js) => js.length === created.length && js.every((j) => j.status === 'completed'),
      );
      expect(jobs.every((j) => j.attempts === 1)).toBe(true);
      // Every event reached the receiver once: no delivery twice, none lost.
      const delivered = receiver.json().map((r) => (r.body as { internal_id: string }).internal_id);
      expect(delivered).toHaveLength(created.length);
      expect(delivered.sort()).toEqual([...created].sort());
      // The API instances claim what they enqueue at once; the worker what it finds when it polls.
      const runners = new Set(jobs.map((j) => pidOf(j.locked_by)));
      expect([...runners].every((pid) => [a.pid, b.pid, w.pid].includes(pid))).toBe(true);
      expect(runners.size).toBeGreaterThanOrEqual(2);
    } finally {
      await onB.admin('DELETE', `/admin/companies/${acme.companyId}/webhooks/expediente-created`);
      await receiver.close();
    }
  });

  it('answers on one instance what was written on the other at once (read-cache revisions)', async () => {
    const caseId = await createCase(onA, acme, { internal_id: 'REV-1' });
    const metadata = () => onB.inject({ method: 'GET', url: `/v1/cases/${caseId}/metadata`, headers: acme.bearer });
    const listed = async () =>
      (await onB.inject({ method: 'GET', url: '/v1/cases?limit=100', headers: acme.bearer }))
        .json()
        .data.map((c: { case_id: string }) => c.case_id);
    // B computes and keeps its answers...
    expect((await metadata()).json()).toEqual((await metadata()).json());
    const before = await listed();
    expect(before).toContain(caseId);
    // ...A writes, and B's next answers follow, with no wait.
    expect(
      (await onA.inject({ method: 'POST', url: `/v1/cases/${caseId}/metadata`, headers: acme.bearer, payload: { poliza: 'P-77' } }))
        .statusCode,
    ).toBe(200);
    expect(JSON.stringify((await metadata()).json())).toContain('P-77');
    const later = await createCase(onA, acme, { internal_id: 'REV-2' });
    expect(await listed()).toContain(later);
    expect((await onA.inject({ method: 'DELETE', url: `/v1/cases/${caseId}`, headers: acme.bearer })).statusCode).toBe(200);
    expect((await onB.inject({ method: 'GET', url: `/v1/cases/${caseId}`, headers: acme.bearer })).statusCode).toBe(404);
    expect(await listed()).not.toContain(caseId);
  });

  it('refuses an API key on every instance once one has revoked it', async () => {
    const key = (await onA.admin('POST', `/admin/companies/${acme.companyId}/api-keys`, { name: 'revocable' })).json();
    const caseId = await createCase(onA, acme);
    const upload = (on: ServerClient) =>
      on.inject({
        method: 'POST',
        url: '/v1/documents',
        headers: { 'x-api-key': key.api_key },
        payload: { case_id: caseId, mime_type: 'application/xml', base64: Buffer.from('<a/>').toString('base64') },
      });
    expect((await upload(onB)).statusCode).toBe(201);
    expect((await onA.admin('DELETE', `/admin/api-keys/${key.key_id}`)).statusCode).toBe(204);
    const refused = await upload(onB);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe('API key inválida o revocada');
    expect((await upload(onA)).statusCode).toBe(401);
  });

  it('serves on each instance the files uploaded through the other, from the database alone', async () => {
    const caseId = await createCase(onA, acme);
    const small = Buffer.from('<?xml version="1.0"?><cfdi:Comprobante Version="4.0"/>');
    // Over the database's inline limit (256 KiB) and over one chunk (1 MiB): stored in chunk rows.
    const large = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1_500_000, 'x')]);
    const uploads: [ServerClient, ServerClient, Buffer, string][] = [
      [onA, onB, small, 'application/xml'],
      [onB, onA, large, 'application/pdf'],
      [onA, onB, large, 'application/pdf'],
    ];
    for (const [to, from, bytes, mime] of uploads) {
      const up = await to.inject({
        method: 'POST',
        url: '/v1/documents',
        headers: acme.bearer,
        payload: { case_id: caseId, mime_type: mime, base64: bytes.toString('base64') },
      });
      expect(up.statusCode).toBe(201);
      const { pathname } = new URL(up.json().url);
      const served = await fetch(new URL(pathname, from === onA ? a.url! : b.url!));
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    }
    expect(f.storedOnDisk()).toEqual([]);
  });
});

describe('a worker killed mid-job', { timeout: 120_000, ...runnable() }, () => {
  afterAll(killServers);
  it('keeps its job while it lives; once its lease has run out, another worker runs the job', async () => {
    const f = await fleet('killed');
    try {
      const api = await f.spawn('start', { VCASE_WORKERS: '0' });
      // The doomed worker's sandbox OCR waits ten minutes; its 1.5 s lease is renewed meanwhile.
      const doomed = await f.spawn('worker', { VCASE_SANDBOX_LATENCY_MS: '600000', VCASE_JOB_LEASE_MS: '1500', VCASE_WORKERS: '1' });
      const onApi = remoteClient(api.url!, ADMIN_TOKEN);
      const tenant = await createTenant(onApi);
      const bytes = Buffer.from('a scan processed twice');
      const sha = createHash('sha256').update(bytes).digest('hex');
      const parsed = { curp: 'PEPJ800101HDFRRN09' };
      expect(
        (await onApi.admin('PUT', `/admin/sandbox/fixtures/ocr/${sha}`, { type: 'curp', text: 'CURP', parsed_data: parsed })).statusCode,
      ).toBe(200);
      const caseId = await createCase(onApi, tenant);
      const up = await onApi.inject({
        method: 'POST',
        url: '/v1/documents',
        headers: tenant.bearer,
        payload: { case_id: caseId, mime_type: 'image/png', base64: bytes.toString('base64') },
      });
      expect(up.statusCode).toBe(201);
      const documentId = up.json().document_id as string;
      const job = async () => (await jobsOf(f.db, DOCUMENT_PROCESS_JOB)).find((j) => JSON.stringify(j.payload).includes(documentId));
      await eventually(job, (j) => j?.status === 'processing' && pidOf(j.locked_by) === doomed.pid);

      // Another worker, ready at once: it leaves alone a job whose lease is being renewed.
      const heir = await f.spawn('worker');
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(await job()).toMatchObject({ status: 'processing', attempts: 1 });
      expect(pidOf((await job())!.locked_by)).toBe(doomed.pid);

      await doomed.kill();
      // The lease is 1.5 s and the heir polls every second: 20 s is margin for a loaded machine, not the lease.
      const done = await eventually(job, (j) => j?.status === 'completed', 20_000);
      expect(done).toMatchObject({ attempts: 2 });
      expect(pidOf(done!.locked_by)).toBe(heir.pid);
      const doc = (await onApi.inject({ method: 'GET', url: `/v1/documents/${documentId}`, headers: tenant.bearer })).json();
      expect(doc).toMatchObject({ json_ocr: { source: 'ocr_fixture' }, parsed_data: parsed });
      expect(await f.db.selectFrom('documents').select('status').where('id', '=', documentId).executeTakeFirst()).toEqual({
        status: 'processed',
      });
    } finally {
      await f.close();
    }
  });
});
