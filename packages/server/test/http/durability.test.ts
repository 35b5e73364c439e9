import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startReceiver } from '../helpers/receiver.js';
import { addProcessedDocument, createCase, createTenant, eventually, startTestServer } from '../helpers/testServer.js';

const VIN = '3N1CN8AE5RK812345';

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
        expect(log).toEqual([expect.objectContaining({ event: 'expediente-created', ok: false, status_code: null, error: expect.stringMatching(/^El intento se interrumpió/) })]);
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
      // Time passes beyond the lease; the source answers promptly now.
      await first.server.ctx.db.updateTable('jobs').set({ lease_until: new Date(Date.now() - 1000).toISOString() }).where('id', '=', job_id).execute();
      await first.server.ctx.db.updateTable('sandbox_fixtures').set({ outcome: JSON.stringify({ result: { tiene_reporte: false } }) }).where('source', '=', 'rapi').execute();

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
