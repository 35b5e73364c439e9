import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
      await eventually(
        async () => hook.json(),
        (r) => r.length > 0,
      );
      expect(hook.json()).toEqual([{ path: '/error-processing', body: { internal_id: 'OPS-1', source: 'api' } }]);
      const detail = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}`, headers: tenant.bearer })).json();
      expect(detail.review_status).toBe('sin_documentos');
    } finally {
      await t.close();
      await hook.close();
    }
  });

  it('a file that cannot be fetched fires error-processing; with nothing fetched the review status stays', async () => {
    const hook = await startReceiver();
    const files = http.createServer((req, res) => {
      if (req.url === '/ok.pdf') return res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4 tarjeta');
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
    const t = await startTestServer();
    try {
      const tenant = await createTenant(t);
      for (const event of ['error-processing', 'services-circulo-credito', 'processing-in-review', 'processing-review-corrections']) {
        await t.admin('PUT', `/admin/companies/${tenant.companyId}/webhooks/${event}`, { url: `${hook.origin}/${event}` });
      }
      const create = async (internal_id: string, urls: string[]) => {
        const res = await t.inject({
          method: 'POST',
          url: '/v1/cases',
          headers: tenant.bearer,
          payload: { internal_id, status: 'nuevo', files: urls.map((u) => ({ url: `${base}${u}`, mime_type: 'application/pdf' })) },
        });
        expect(res.statusCode).toBe(202);
        await t.server.runner.whenIdle();
        return res.json().case_id as string;
      };
      const read = async (caseId: string) => ({
        detail: (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}`, headers: tenant.bearer })).json(),
        status: (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/status`, headers: tenant.bearer })).json(),
      });

      const gone = await create('GONE-1', ['/nope.pdf']);
      const g = await read(gone);
      expect(g.status).toMatchObject({ status: 'completed', total_files: 1, processed_files: 0, failed_files: 1 });
      expect(g.detail.review_status).toBe('sin_documentos');
      await eventually(
        async () => hook.json(),
        (r) => r.length > 0,
      );
      expect(hook.json().map((r: { path: string }) => r.path)).toEqual(['/error-processing']);

      const half = await create('HALF-1', ['/ok.pdf', '/nope.pdf']);
      const h = await read(half);
      expect(h.status).toMatchObject({ total_files: 2, processed_files: 1, failed_files: 1 });
      expect(h.detail.review_status).not.toBe('sin_documentos');
      await eventually(
        async () => hook.json(),
        (r) => r.length > 3,
      );
      // Deliveries run as jobs of their own: their order of arrival is not fixed.
      const paths = hook
        .json()
        .slice(1)
        .map((r: { path: string }) => r.path);
      expect(paths).toHaveLength(3);
      expect(paths).toEqual(expect.arrayContaining(['/error-processing', '/services-circulo-credito']));
      expect(paths.filter((p: string) => /^\/processing-(in-review|review-corrections)$/.test(p))).toHaveLength(1);
    } finally {
      await t.close();
      await hook.close();
      await new Promise((r) => files.close(r));
    }
  });
});
