import { describe, expect, it } from 'vitest';
import { RAPI_MESSAGES } from '@vcase/shared';
import { addProcessedDocument, createCase, createTenant, eventually, startTestServer } from '../../helpers/testServer.js';
import { VIN, t, acme, get, post, caseWithVin, useTenantServer } from './lookupServer.js';

useTenantServer();

describe('RAPI (contract §4.4)', () => {
  it('POST looks up the primary VIN; GET returns the result', async () => {
    await t.admin('PUT', `/admin/sandbox/fixtures/rapi/${VIN}`, { result: { tiene_reporte: false, reportes: [] } });
    const { caseId } = await caseWithVin();
    const start = await post(`/v1/cases/${caseId}/rapi`);
    expect(start.statusCode).toBe(202);
    expect(start.json()).toEqual({ job_id: expect.any(String), vin: VIN, status: 'pending' });
    await t.server.runner.whenIdle();
    const res = await get(`/v1/cases/${caseId}/rapi`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      case_id: caseId,
      job_id: start.json().job_id,
      result: { tiene_reporte: false, reportes: [] },
      status: 'completed',
      message: null,
    });
  });

  it('a fixture keyed by the VIN in lowercase answers the lookup (keys stored as lookups ask)', async () => {
    const put = await t.admin('PUT', `/admin/sandbox/fixtures/rapi/${VIN.toLowerCase()}`, {
      result: { tiene_reporte: true, reportes: ['FGR'] },
    });
    expect(put.json().key).toBe(VIN);
    const { caseId } = await caseWithVin();
    await post(`/v1/cases/${caseId}/rapi`);
    await t.server.runner.whenIdle();
    expect((await get(`/v1/cases/${caseId}/rapi`)).json().result).toEqual({ tiene_reporte: true, reportes: ['FGR'] });
  });

  it('plate fixture keys are stored as lookups ask: uppercase, without separators, entity after the colon', async () => {
    const keys: [string, string, string][] = [
      ['plate_portal', 'abc-1234', 'ABC1234'],
      ['tickets', 'abc 1234:cmx', 'ABC1234:CMX'],
      ['tenencia', 'ABC.1234:mex', 'ABC1234:MEX'],
    ];
    for (const [source, key, stored] of keys) {
      const put = await t.admin(
        'PUT',
        `/admin/sandbox/fixtures/${source}/${encodeURIComponent(key)}`,
        source === 'plate_portal' ? { not_found: true } : source === 'tickets' ? { infractions: [] } : { years: [] },
      );
      expect(put.statusCode).toBe(200);
      expect(put.json().key).toBe(stored);
    }
    const listed = (await t.admin('GET', '/admin/sandbox/fixtures'))
      .json()
      .data.map((f: { source: string; key: string }) => `${f.source}/${f.key}`);
    expect(listed).toEqual(expect.arrayContaining(keys.map(([source, , stored]) => `${source}/${stored}`)));
  });

  it('400 without a primary VIN; 404 for a missing case; 404 with neither a case job nor a query', async () => {
    const caseId = await createCase(t, acme);
    expect((await post(`/v1/cases/${caseId}/rapi`)).statusCode).toBe(400);
    expect((await post(`/v1/cases/${crypto.randomUUID()}/rapi`)).statusCode).toBe(404);
    expect((await get(`/v1/cases/${caseId}/rapi`)).statusCode).toBe(404);
    expect((await get(`/v1/cases/not-a-uuid/rapi`)).statusCode).toBe(400);
  });

  it('a lookup POST takes no body and reads none: broken JSON answers as no body would', async () => {
    const caseId = await createCase(t, acme);
    const bare = await post(`/v1/cases/${caseId}/rapi`);
    for (const [type, payload] of [
      ['application/json', 'xx'],
      ['text/plain', 'hola'],
      ['application/json', '{"vin":"X"}'],
    ]) {
      const res = await t.inject({
        method: 'POST',
        url: `/v1/cases/${caseId}/rapi`,
        headers: { ...acme.bearer, 'content-type': type },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(bare.json());
    }
    expect(bare.json().error.code).toBeNull();
  });

  it('while the case is queued or processing, GET answers 200 with the case job and the contract messages', async () => {
    const idle = await startTestServer({}, { startWorkers: false });
    try {
      const tenant = await createTenant(idle);
      const caseId = await createCase(idle, tenant);
      const job = (await idle.inject({ method: 'POST', url: `/v1/cases/${caseId}/process`, headers: tenant.bearer })).json();
      const pending = await idle.inject({ method: 'GET', url: `/v1/cases/${caseId}/rapi`, headers: tenant.bearer });
      expect(pending.statusCode).toBe(200);
      expect(pending.json()).toEqual({
        job_id: job.job_id,
        result: null,
        status: 'pending',
        message: 'El caso aún no está siendo procesado.',
      });
      await idle.server.ctx.db.updateTable('jobs').set({ status: 'processing' }).where('id', '=', job.job_id).execute();
      const processing = (await idle.inject({ method: 'GET', url: `/v1/cases/${caseId}/rapi`, headers: tenant.bearer })).json();
      expect(processing).toEqual({
        job_id: job.job_id,
        result: null,
        status: 'processing',
        message: 'El caso está en procesamiento; la información de RAPI puede completarse en background.',
      });
    } finally {
      await idle.close();
    }
  });

  it('case processing fills RAPI in the background; without a VIN GET reports the finished case job', async () => {
    const vin = '3VWFE21C04M000001';
    await t.admin('PUT', `/admin/sandbox/fixtures/rapi/${vin}`, { result: { tiene_reporte: true } });
    const withVin = await createCase(t, acme);
    await addProcessedDocument(t, acme, withVin, 'factura', { vin });
    await post(`/v1/cases/${withVin}/process`);
    await t.server.runner.whenIdle();
    const filled = (await get(`/v1/cases/${withVin}/rapi`)).json();
    expect(filled).toEqual({
      case_id: withVin,
      job_id: expect.any(String),
      result: { tiene_reporte: true },
      status: 'completed',
      message: null,
    });
    // Processing again with the same VIN and a good answer does not query again.
    await post(`/v1/cases/${withVin}/process`);
    await t.server.runner.whenIdle();
    expect((await get(`/v1/cases/${withVin}/rapi`)).json().job_id).toBe(filled.job_id);

    const noVin = await createCase(t, acme);
    const job = (await post(`/v1/cases/${noVin}/process`)).json();
    await t.server.runner.whenIdle();
    const res = await get(`/v1/cases/${noVin}/rapi`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ job_id: job.job_id, result: null, status: 'completed', message: null });
  });

  it('slow sources keep only their own lookups in flight: others finish meanwhile', async () => {
    const slowVins = [
      '1HGCM82633A000001',
      '1HGCM82633A000002',
      '1HGCM82633A000003',
      '1HGCM82633A000004',
      '1HGCM82633A000005',
      '1HGCM82633A000006',
    ];
    const slowCases = [];
    for (const vin of slowVins) {
      await t.admin('PUT', `/admin/sandbox/fixtures/rapi/${vin}`, { result: { tiene_reporte: false }, delay_ms: 2_500 });
      const caseId = await createCase(t, acme);
      await addProcessedDocument(t, acme, caseId, 'factura', { vin });
      expect((await post(`/v1/cases/${caseId}/rapi`)).statusCode).toBe(202);
      slowCases.push(caseId);
    }
    const quickVin = '1HGCM82633A000007';
    await t.admin('PUT', `/admin/sandbox/fixtures/rapi/${quickVin}`, { result: { tiene_reporte: true }, delay_ms: 0 });
    const quick = await createCase(t, acme);
    await addProcessedDocument(t, acme, quick, 'factura', { vin: quickVin });
    await post(`/v1/cases/${quick}/rapi`);
    // More slow lookups than workers are in flight; the quick one still completes at once.
    await eventually(
      async () => (await get(`/v1/cases/${quick}/rapi`)).json(),
      (b) => b.status === 'completed',
      1_500,
    );
    expect((await get(`/v1/cases/${slowCases[0]}/rapi`)).json().status).toBe('processing');
    await t.server.runner.whenIdle();
    for (const caseId of slowCases) expect((await get(`/v1/cases/${caseId}/rapi`)).json().status).toBe('completed');
  });

  it('an in-flight lookup reads pending/processing, a failing source ends in error after retries', async () => {
    const vin = '3N1AB7AP5KY123456';
    await t.admin('PUT', `/admin/sandbox/fixtures/rapi/${vin}`, { error: 'timeout del proveedor' });
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'factura', { vin });
    await post(`/v1/cases/${caseId}/rapi`);
    const first = (await get(`/v1/cases/${caseId}/rapi`)).json();
    expect(['pending', 'processing']).toContain(first.status);
    const done = await eventually(
      async () => (await get(`/v1/cases/${caseId}/rapi`)).json(),
      (b) => b.status === 'error',
    );
    // The source's own error text is not published (it can name internals); the reason is generic.
    expect(done).toMatchObject({ status: 'error', result: null, message: RAPI_MESSAGES.SOURCE_ERROR });
  });
});
