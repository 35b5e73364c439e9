import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startReceiver } from '../helpers/receiver.js';
import {
  addProcessedDocument,
  createCase,
  createTenant,
  eventually,
  startTestServer,
  type Tenant,
  type TestServer,
} from '../helpers/testServer.js';

const VIN = '3N1CN8AE5RK812345';

describe('stored files across restarts', () => {
  it('serves files uploaded before a restart, and bytes a crashed process left unnamed disturb nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-files-restart-'));
    const upload = async (t: TestServer, tenant: Tenant, caseId: string, bytes: Buffer) => {
      const res = await t.inject({
        method: 'POST',
        url: '/v1/documents',
        headers: tenant.bearer,
        payload: { case_id: caseId, mime_type: 'application/xml', type: 'invoice', base64: bytes.toString('base64') },
      });
      expect(res.statusCode).toBe(201);
      return new URL(res.json().url).pathname;
    };
    const before = Buffer.from('<?xml version="1.0"?><cfdi:Comprobante Version="4.0" Folio="1"/>');
    const after = Buffer.from('<?xml version="1.0"?><cfdi:Comprobante Version="4.0" Folio="2"/>');
    try {
      const first = await startTestServer({}, { stateDir: dir, startWorkers: false });
      const tenant = await createTenant(first);
      const caseId = await createCase(first, tenant);
      const beforeUrl = await upload(first, tenant, caseId, before);
      const sqlite = first.server.ctx.dialect === 'sqlite';
      await first.close();
      const segmentsDir = path.join(dir, 'files', 'segments');
      expect(fs.existsSync(segmentsDir) && fs.readdirSync(segmentsDir).length).toBe(sqlite ? 1 : false);
      // A crash after a write whose transaction never committed: bytes at the end of the
      // segment that no row names (SQLite keeps small files in segments).
      for (const f of fs.existsSync(segmentsDir) ? fs.readdirSync(segmentsDir) : [])
        fs.appendFileSync(path.join(segmentsDir, f), 'bytes of an upload that never committed');

      const second = await startTestServer({}, { stateDir: dir, startWorkers: false });
      try {
        const afterUrl = await upload(second, tenant, caseId, after);
        for (const [url, bytes] of [
          [beforeUrl, before],
          [afterUrl, after],
        ] as const) {
          const file = await second.inject({ method: 'GET', url });
          expect(file.statusCode).toBe(200);
          expect(file.rawPayload.equals(bytes)).toBe(true);
        }
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('durable jobs across restarts', () => {
  it('lookups queued before a shutdown complete after the next start', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-restart-'));
    try {
      const first = await startTestServer({}, { stateDir: dir, startWorkers: false });
      const tenant = await createTenant(first);
      const caseId = await createCase(first, tenant);
      await addProcessedDocument(first, tenant, caseId, 'factura', { vin: VIN });
      const rapi = (await first.inject({ method: 'POST', url: `/v1/cases/${caseId}/rapi`, headers: tenant.bearer })).json();
      const bureau = (await first.inject({ method: 'POST', url: `/v1/cases/${caseId}/circulo-credito`, headers: tenant.bearer })).json();
      await first.close();

      const second = await startTestServer({}, { stateDir: dir });
      try {
        await second.server.runner.whenIdle();
        const r = (await second.inject({ method: 'GET', url: `/v1/cases/${caseId}/rapi`, headers: tenant.bearer })).json();
        expect(r).toMatchObject({ job_id: rapi.job_id, status: 'completed' });
        const b = (await second.inject({ method: 'GET', url: `/v1/cases/${caseId}/circulo-credito`, headers: tenant.bearer })).json();
        expect(b).toMatchObject({ status: 'completed', document: { url: expect.any(String) } });
        expect(bureau.job_id).toEqual(expect.any(String));
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a webhook delivery in flight when its worker died is not sent again (one attempt): it is recorded failed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-hook-crash-'));
    const hook = await startReceiver();
    try {
      const first = await startTestServer({}, { stateDir: dir, startWorkers: false });
      const tenant = await createTenant(first);
      await first.admin('PUT', `/admin/companies/${tenant.companyId}/webhooks/expediente-created`, { url: hook.url });
      const caseId = await createCase(first, tenant, { internal_id: 'HOOK-CRASH' });
      // The "crash": a worker claimed the delivery, may have posted it, and died holding the lease.
      const stale = new Date(Date.now() - 1000).toISOString();
      await first.server.ctx.db
        .updateTable('jobs')
        .set({ status: 'processing', attempts: 1, locked_by: 'dead-worker', lease_until: stale })
        .where('kind', '=', 'webhook.deliver')
        .execute();
      await first.close();

      const second = await startTestServer({}, { stateDir: dir });
      try {
        const log = await eventually(
          async () => (await second.admin('GET', `/admin/companies/${tenant.companyId}/webhook-deliveries?case_id=${caseId}`)).json().data,
          (rows: unknown[]) => rows.length > 0,
        );
        expect(log).toEqual([
          expect.objectContaining({
            event: 'expediente-created',
            ok: false,
            status_code: null,
            error: expect.stringMatching(/^El intento se interrumpió/),
          }),
        ]);
        await second.server.runner.whenIdle();
        expect(hook.requests).toEqual([]);
      } finally {
        await second.close();
      }
    } finally {
      await hook.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a case run whose worker kept dying is given up: its document fails, error-processing fires, the status says why', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-abandon-'));
    const hook = await startReceiver();
    try {
      const first = await startTestServer({}, { stateDir: dir, startWorkers: false });
      const tenant = await createTenant(first);
      await first.admin('PUT', `/admin/companies/${tenant.companyId}/webhooks/error-processing`, { url: hook.url });
      const caseId = await createCase(first, tenant, { internal_id: 'ABANDON-1' });
      const up = await first.inject({
        method: 'POST',
        url: '/v1/documents',
        headers: tenant.bearer,
        payload: { case_id: caseId, mime_type: 'application/pdf', base64: Buffer.from('%PDF-1.4 curp').toString('base64') },
      });
      const documentId = up.json().document_id as string;
      const { job_id } = (await first.inject({ method: 'POST', url: `/v1/cases/${caseId}/process`, headers: tenant.bearer })).json();
      // The "crashes": the run took the document over, and its worker died four times holding
      // the lease (two attempts and the two more a crash is allowed).
      await first.server.ctx.db
        .updateTable('documents')
        .set({ status: 'processing', ocr_run: `${job_id}:${documentId}` })
        .where('id', '=', documentId)
        .execute();
      const stale = new Date(Date.now() - 1000).toISOString();
      await first.server.ctx.db
        .updateTable('jobs')
        .set({ status: 'processing', attempts: 4, locked_by: 'dead-worker', lease_until: stale })
        .where('id', '=', job_id)
        .execute();
      await first.close();

      const second = await startTestServer({}, { stateDir: dir });
      try {
        const status = await eventually(
          async () => (await second.inject({ method: 'GET', url: `/v1/cases/${caseId}/status`, headers: tenant.bearer })).json(),
          (s: { status: string; message: string | null }) => s.status === 'error',
        );
        expect(status.message).toMatch(/^Se abandonó: el proceso que lo ejecutaba se detuvo 4 veces/);
        await second.server.runner.whenIdle();
        const list = (
          await second.inject({ method: 'GET', url: `/v1/documents?document_id=${documentId}`, headers: tenant.bearer })
        ).json();
        expect(list.data.map((d: { status: string }) => d.status)).toEqual(['error']);
        const detail = (await second.inject({ method: 'GET', url: `/v1/documents/${documentId}`, headers: tenant.bearer })).json();
        expect(detail.validity).toMatchObject({ document_validity: 'error', userInfo: { error: status.message } });
        await eventually(
          async () => hook.requests.length,
          (n) => n === 1,
        );
        expect(JSON.parse(hook.requests[0].body)).toMatchObject({ internal_id: 'ABANDON-1' });
      } finally {
        await second.close();
      }
    } finally {
      await hook.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a lookup in flight when its worker died is taken up again once the lease expires', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-crash-'));
    try {
      const first = await startTestServer({}, { stateDir: dir });
      const tenant = await createTenant(first);
      const caseId = await createCase(first, tenant);
      await addProcessedDocument(first, tenant, caseId, 'factura', { vin: VIN });
      await first.admin('PUT', `/admin/sandbox/fixtures/rapi/${VIN}`, { result: { tiene_reporte: false }, delay_ms: 60_000 });
      const { job_id } = (await first.inject({ method: 'POST', url: `/v1/cases/${caseId}/rapi`, headers: tenant.bearer })).json();
      await eventually(
        () => first.server.ctx.db.selectFrom('jobs').select('status').where('id', '=', job_id).executeTakeFirstOrThrow(),
        (j) => j.status === 'processing',
      );
      // The "crash": this process stops serving without releasing its claim.
      await first.server.app.close();
      const inFlight = await first.server.ctx.db.selectFrom('jobs').selectAll().where('id', '=', job_id).executeTakeFirstOrThrow();
      expect(inFlight.status).toBe('processing');
      // Time passes beyond the lease; the source answers promptly now. The claim is a dead
      // worker's: this runner, still up, would otherwise renew it on its next heartbeat.
      await first.server.ctx.db
        .updateTable('jobs')
        .set({ lease_until: new Date(Date.now() - 1000).toISOString(), locked_by: 'crashed-worker' })
        .where('id', '=', job_id)
        .execute();
      await first.server.ctx.db
        .updateTable('sandbox_fixtures')
        .set({ outcome: JSON.stringify({ result: { tiene_reporte: false } }) })
        .where('source', '=', 'rapi')
        .execute();

      const second = await startTestServer({}, { stateDir: dir });
      try {
        const r = await eventually(
          async () => (await second.inject({ method: 'GET', url: `/v1/cases/${caseId}/rapi`, headers: tenant.bearer })).json(),
          (b) => b.status === 'completed',
        );
        expect(r).toMatchObject({ job_id, status: 'completed', result: { tiene_reporte: false } });
      } finally {
        await second.close();
      }
      await first.server.runner.stop();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
