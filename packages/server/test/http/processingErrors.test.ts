import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addProcessedDocument, createCase, createTenant, eventually, startTestServer } from '../helpers/testServer.js';
import { startReceiver } from '../helpers/receiver.js';

describe('case processing that fails operationally (contract §6 error-processing)', () => {
  it('fires error-processing, leaves the review status, and reports the job as error', async () => {
    const hook = await startReceiver();
    const t = await startTestServer();
    try {
      const tenant = await createTenant(t);
      for (const event of ['error-processing', 'services-circulo-credito', 'processing-in-review']) {
        await t.admin('PUT', `/admin/companies/${tenant.companyId}/webhooks/${event}`, { url: `${hook.origin}/${event}` });
      }
      const caseId = await createCase(t, tenant, { internal_id: 'OPS-1' });
      await addProcessedDocument(t, tenant, caseId, 'factura', { vin: '3N1CN8AE5RK812345' });
      // An operational fault: the table processing writes plates to is gone.
      await sql`drop table case_plates`.execute(t.server.ctx.db);
      const { job_id } = (await t.inject({ method: 'POST', url: `/v1/cases/${caseId}/process`, headers: tenant.bearer })).json();
      const status = await eventually(
        async () => (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/status`, headers: tenant.bearer })).json(),
        (s) => s.status === 'error',
      );
      expect(status).toMatchObject({ job_id, status: 'error', message: expect.any(String) });
      await t.server.runner.whenIdle();
      await eventually(async () => hook.json(), (r) => r.length > 0);
      expect(hook.json()).toEqual([{ path: '/error-processing', body: { internal_id: 'OPS-1', source: 'api' } }]);
      const detail = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}`, headers: tenant.bearer })).json();
      expect(detail.review_status).toBe('sin_documentos');
    } finally {
      await t.close();
      await hook.close();
    }
  });
});
