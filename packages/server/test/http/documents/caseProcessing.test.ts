import { describe, expect, it } from 'vitest';
import { createCase, createTenant, startTestServer, type TestServer } from '../../helpers/testServer.js';
import { startReceiver } from '../../helpers/receiver.js';
import { setOcr } from './documentServer.js';

/** A tenant whose review-status webhooks (contract §6) post to a receiver, one path per event. */
async function tenantWithReviewHooks(w: TestServer) {
  const tenant = await createTenant(w);
  const hook = await startReceiver();
  for (const event of ['processing-in-review', 'services-circulo-credito', 'processing-review-corrections']) {
    await w.admin('PUT', `/admin/companies/${tenant.companyId}/webhooks/${event}`, { url: `${hook.origin}/${event}` });
  }
  return { tenant, hook };
}

describe('case processing end to end', () => {
  it('sandbox OCR fixture → processed document → plates → review status and webhooks', async () => {
    const w = await startTestServer();
    try {
      const { tenant, hook } = await tenantWithReviewHooks(w);
      const bytes = Buffer.from('%PDF-1.4 tarjeta de circulacion scan');
      await setOcr(w, bytes, {
        type: 'vehicle_certificate',
        text: 'TARJETA DE CIRCULACION',
        parsed_data: {
          placa: 'NXA-12-34',
          entidad: 'MEX',
          vin: '1M8GDM9AXKP042788',
          fecha_documento: '15/03/2024',
          propietario: 'Juan Pérez',
        },
      });
      await w.admin('PUT', '/admin/sandbox/fixtures/plate_portal/NXA1234', {
        plate_status: 'Vigente',
        valid_from: '15/03/2024',
        valid_until: '15/03/2029',
        previous_plate: 'MLK-98-76',
      });
      const caseId = await createCase(w, tenant, { internal_id: 'E2E-1' });
      const doc = (
        await w.inject({
          method: 'POST',
          url: '/v1/documents',
          headers: { 'x-api-key': tenant.apiKey },
          payload: { case_id: caseId, mime_type: 'application/pdf', base64: bytes.toString('base64') },
        })
      ).json();
      expect((await w.inject({ method: 'GET', url: `/v1/cases/${caseId}/status`, headers: tenant.bearer })).statusCode).toBe(404);
      expect((await w.inject({ method: 'GET', url: `/v1/cases/${caseId}/plates`, headers: tenant.bearer })).statusCode).toBe(404);
      const started = await w.inject({ method: 'POST', url: `/v1/cases/${caseId}/process`, headers: tenant.bearer });
      expect(started.statusCode).toBe(202);
      expect(started.json()).toEqual({ job_id: expect.any(String), status: 'processing' });
      await w.server.runner.whenIdle();

      const status = (await w.inject({ method: 'GET', url: `/v1/cases/${caseId}/status`, headers: tenant.bearer })).json();
      expect(status).toMatchObject({
        case_id: caseId,
        job_id: started.json().job_id,
        status: 'completed',
        total_files: 1,
        processed_files: 1,
        failed_files: 0,
      });
      const detail = (
        await w.inject({ method: 'GET', url: `/v1/documents/${doc.document_id}`, headers: { 'x-api-key': tenant.apiKey } })
      ).json();
      expect(detail.type).toBe('vehicle_certificate');
      expect(detail.parsed_data).toMatchObject({ entidad: 'MEX', vin: '1M8GDM9AXKP042788' });

      const plates = (await w.inject({ method: 'GET', url: `/v1/cases/${caseId}/plates`, headers: tenant.bearer })).json();
      expect(plates).toEqual({
        case_id: caseId,
        internal_id: 'E2E-1',
        plates: [
          {
            plate: 'NXA1234',
            entity: 'MEX',
            document_type: 'vehicle_certificate',
            document_date: '15/03/2024',
            file_id: doc.document_id,
            ocr_id: expect.any(String),
            niv: '1M8GDM9AXKP042788',
            motor_number: null,
            owner_name: 'Juan Pérez',
            plate_status: 'Vigente',
            plate_valid_from: '15/03/2024',
            plate_valid_until: '15/03/2029',
            previous_plate: 'MLK9876',
            previous_plate_lookup_status: 'found',
          },
        ],
      });
      const caseDetail = (await w.inject({ method: 'GET', url: `/v1/cases/${caseId}`, headers: tenant.bearer })).json();
      const review = caseDetail.review_status;
      expect(['nuevo', 'devuelta_correccion']).toContain(review);
      const urls = hook
        .json()
        .map((r) => r.path)
        .sort();
      expect(urls).toEqual(
        [review === 'nuevo' ? '/processing-in-review' : '/processing-review-corrections', '/services-circulo-credito'].sort(),
      );
      if (review === 'nuevo') {
        expect(hook.json().find((r) => r.path === '/processing-in-review')).toMatchObject({
          body: { status: 'en_revision', event_type: 'in-review', vehicle_id: caseId, internal_id: 'E2E-1' },
        });
      }
      // processing again without a change fires no status webhook
      hook.requests.length = 0;
      await w.inject({ method: 'POST', url: `/v1/cases/${caseId}/process`, headers: tenant.bearer });
      await w.server.runner.whenIdle();
      expect(hook.requests).toEqual([]);
      await hook.close();
    } finally {
      await w.close();
    }
  });
});

describe('processing runs of one case sent together', () => {
  it('run one after the other: one review status, one set of webhooks, no status taken back', async () => {
    const w = await startTestServer();
    try {
      const { tenant, hook } = await tenantWithReviewHooks(w);
      const bytes = Buffer.from('%PDF-1.4 factura valida');
      await setOcr(w, bytes, {
        type: 'factura',
        text: 'FACTURA',
        parsed_data: { vin: '1M8GDM9AXKP042788', rfc_emisor: 'AVM9203175R5', monto_total: 1000 },
        delay_ms: 300,
      });
      const caseId = await createCase(w, tenant);
      const up = await w.inject({
        method: 'POST',
        url: '/v1/documents',
        headers: { 'x-api-key': tenant.apiKey },
        payload: { case_id: caseId, mime_type: 'application/pdf', base64: bytes.toString('base64') },
      });
      expect(up.statusCode).toBe(201);
      const process = () => w.inject({ method: 'POST', url: `/v1/cases/${caseId}/process`, headers: tenant.bearer });
      const runs = await Promise.all([process(), process(), process()]);
      expect(runs.map((r) => r.statusCode)).toEqual([202, 202, 202]);
      await w.server.runner.whenIdle();
      const detail = (await w.inject({ method: 'GET', url: `/v1/cases/${caseId}`, headers: tenant.bearer })).json();
      expect(detail.review_status).toBe('nuevo');
      expect(
        hook
          .json()
          .map((r) => r.path)
          .sort(),
      ).toEqual(['/processing-in-review', '/services-circulo-credito']);
      await hook.close();
    } finally {
      await w.close();
    }
  });
});
