import { describe, expect, it } from 'vitest';
import { addProcessedDocument, createCase } from '../../helpers/testServer.js';
import { VIN, t, acme, get, post, caseWithVin, useTenantServer } from './lookupServer.js';

useTenantServer();

describe('pedimento (contract §4.4, §2.8)', () => {
  it('400 without a primary VIN, 400 listing the missing OCR fields', async () => {
    const bare = await createCase(t, acme);
    expect((await post(`/v1/cases/${bare}/pedimento`)).statusCode).toBe(400);
    const { caseId } = await caseWithVin({ aduana: 'NUEVO LAREDO' });
    const res = await post(`/v1/cases/${caseId}/pedimento`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('ano_vehiculo');
    expect(res.json().error.message).not.toContain('aduana,');
    expect(res.json().error.details).toEqual({ missing_fields: ['ano_vehiculo'] });
    // Customs fields on a title do not count: the primary document is the invoice.
    const titled = await createCase(t, acme);
    await addProcessedDocument(t, acme, titled, 'certificate_title', {
      vin: VIN,
      aduana: '47',
      ano_vehiculo: 2004,
      placa: 'NXA1234',
      entidad: 'MEX',
    });
    const noInvoice = await post(`/v1/cases/${titled}/pedimento`);
    expect(noInvoice.statusCode).toBe(400);
    expect(noInvoice.json().error.details).toEqual({ missing_fields: ['aduana', 'ano_vehiculo'] });
  });

  it('202 pending, then GET with the result; 404 before any query', async () => {
    const { caseId } = await caseWithVin({ aduana: 'NUEVO LAREDO', ano_vehiculo: 2019, pedimento: '19  24  3456  9001234' });
    expect((await get(`/v1/cases/${caseId}/pedimento`)).statusCode).toBe(404);
    await t.admin('PUT', `/admin/sandbox/fixtures/pedimento/${VIN}`, {
      data: { pedimento: '19  24  3456  9001234', aduana: 'NUEVO LAREDO', vin: VIN },
    });
    const start = await post(`/v1/cases/${caseId}/pedimento`);
    expect(start.statusCode).toBe(202);
    expect(start.json()).toEqual({ job_id: expect.any(String), status: 'pending' });
    await t.server.runner.whenIdle();
    expect((await get(`/v1/cases/${caseId}/pedimento`)).json()).toEqual({
      case_id: caseId,
      job_id: start.json().job_id,
      status: 'completed',
      source: 'processing_jobs',
      result: { success: true, data: { pedimento: '19  24  3456  9001234', aduana: 'NUEVO LAREDO', vin: VIN } },
    });
  });
});

describe('pedimento while the lookup runs', () => {
  it('result is still the §2.8 object, without data', async () => {
    const vin = '3VWFE21C04M000077';
    await t.admin('PUT', `/admin/sandbox/fixtures/pedimento/${vin}`, { data: { pedimento: '24 47 3456 4000888' }, delay_ms: 1_000 });
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'factura', { vin, aduana: '47', ano_vehiculo: 2020 });
    const start = (await post(`/v1/cases/${caseId}/pedimento`)).json();
    const running = (await get(`/v1/cases/${caseId}/pedimento`)).json();
    expect(running).toMatchObject({
      job_id: start.job_id,
      status: expect.stringMatching(/^(pending|processing)$/),
      result: { success: false, data: null },
    });
    await t.server.runner.whenIdle();
    expect((await get(`/v1/cases/${caseId}/pedimento`)).json().result).toEqual({
      success: true,
      data: { pedimento: '24 47 3456 4000888' },
    });
  });
});
