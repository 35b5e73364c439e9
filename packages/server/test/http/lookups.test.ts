import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAPI_MESSAGES } from '@vcase/shared';
import { extractText } from 'unpdf';
import { bureauReportPdf } from '../../src/services/lookups/bureau.service.js';
import {
  addProcessedDocument,
  createCase,
  createTenant,
  eventually,
  startTestServer,
  type Tenant,
  type TestServer,
} from '../helpers/testServer.js';

const VIN = '1M8GDM9AXKP042788';
let t: TestServer;
let acme: Tenant;

beforeAll(async () => {
  t = await startTestServer();
  acme = await createTenant(t);
});
afterAll(() => t.close());

const get = (url: string, tenant = acme) => t.inject({ method: 'GET', url, headers: tenant.bearer });
const post = (url: string, tenant = acme) => t.inject({ method: 'POST', url, headers: tenant.bearer });

async function caseWithVin(extra: Record<string, unknown> = {}) {
  const caseId = await createCase(t, acme);
  const fileId = await addProcessedDocument(t, acme, caseId, 'factura', { vin: VIN, ...extra });
  return { caseId, fileId };
}

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
    expect(res.json()).toEqual({ case_id: caseId, job_id: start.json().job_id, result: { tiene_reporte: false, reportes: [] }, status: 'completed', message: null });
  });

  it('a fixture keyed by the VIN in lowercase answers the lookup (keys stored as lookups ask)', async () => {
    const put = await t.admin('PUT', `/admin/sandbox/fixtures/rapi/${VIN.toLowerCase()}`, { result: { tiene_reporte: true, reportes: ['FGR'] } });
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
      const put = await t.admin('PUT', `/admin/sandbox/fixtures/${source}/${encodeURIComponent(key)}`, source === 'plate_portal' ? { not_found: true } : source === 'tickets' ? { infractions: [] } : { years: [] });
      expect(put.statusCode).toBe(200);
      expect(put.json().key).toBe(stored);
    }
    const listed = (await t.admin('GET', '/admin/sandbox/fixtures')).json().data.map((f: { source: string; key: string }) => `${f.source}/${f.key}`);
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
    for (const [type, payload] of [['application/json', 'xx'], ['text/plain', 'hola'], ['application/json', '{"vin":"X"}']]) {
      const res = await t.inject({ method: 'POST', url: `/v1/cases/${caseId}/rapi`, headers: { ...acme.bearer, 'content-type': type }, payload });
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
      expect(pending.json()).toEqual({ job_id: job.job_id, result: null, status: 'pending', message: 'El caso aún no está siendo procesado.' });
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
    expect(filled).toEqual({ case_id: withVin, job_id: expect.any(String), result: { tiene_reporte: true }, status: 'completed', message: null });
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
    const slowVins = ['1HGCM82633A000001', '1HGCM82633A000002', '1HGCM82633A000003', '1HGCM82633A000004', '1HGCM82633A000005', '1HGCM82633A000006'];
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
    await eventually(async () => (await get(`/v1/cases/${quick}/rapi`)).json(), (b) => b.status === 'completed', 1_500);
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
    const done = await eventually(async () => (await get(`/v1/cases/${caseId}/rapi`)).json(), (b) => b.status === 'error');
    // The source's own error text is not published (it can name internals); the reason is generic.
    expect(done).toMatchObject({ status: 'error', result: null, message: RAPI_MESSAGES.SOURCE_ERROR });
  });
});

describe('RENAPO (contract §4.4, §2.10)', () => {
  it('takes the CURP by document-type priority and returns person and probative data', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'ine', { curp: 'BOXW310820HNERXN08' });
    await addProcessedDocument(t, acme, caseId, 'curp', { curp: 'HEGG560427MVZRRL04' });
    await t.admin('PUT', '/admin/sandbox/fixtures/renapo/HEGG560427MVZRRL04', {
      person: { first_name: 'GLORIA', paternal_surname: 'HERNANDEZ', maternal_surname: 'GARCIA', birth_date: '27/04/1956', sex: 'MUJER', curp_status: 'AN' },
      probative_doc_url: 'https://example.com/acta.pdf',
      probative_doc_data: { registration_year: '1956', state: 'VERACRUZ' },
    });
    const start = await post(`/v1/cases/${caseId}/renapo`);
    expect(start.statusCode).toBe(202);
    expect(start.json()).toEqual({ job_id: expect.any(String), curp: 'HEGG560427MVZRRL04', status: 'pending' });
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/renapo`)).json();
    expect(body).toMatchObject({ case_id: caseId, source: 'renapo', status: 'completed', query_count: 1, completed_count: 1 });
    expect(body.data).toMatchObject({ job_id: start.json().job_id, status: 'completed', curp: 'HEGG560427MVZRRL04', probative_doc_url: 'https://example.com/acta.pdf' });
    expect(body.data.person).toMatchObject({ first_name: 'GLORIA', birth_date: '27/04/1956', birth_state: null });
    expect(Object.keys(body.data.person)).toHaveLength(12);
    expect(body.data.probative_doc_data).toMatchObject({ registration_year: '1956', state: 'VERACRUZ', foja: null });
  });

  it('while the query is in flight, data.status is pending like the top level (§2.10 states only)', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'curp', { curp: 'PEPJ800101HDFRRN09' });
    await t.admin('PUT', '/admin/sandbox/fixtures/renapo/PEPJ800101HDFRRN09', { delay_ms: 1_500, person: { first_name: 'JUAN' } });
    expect((await post(`/v1/cases/${caseId}/renapo`)).statusCode).toBe(202);
    const body = (await get(`/v1/cases/${caseId}/renapo`)).json();
    expect(body.status).toBe('pending');
    expect(body.data).toMatchObject({ status: 'pending', person: null, probative_doc_data: null });
    await t.server.runner.whenIdle();
    expect((await get(`/v1/cases/${caseId}/renapo`)).json().data.status).toBe('completed');
  });

  it('asks about any CURP-shaped value by type priority, and publishes birth_date as DD/MM/YYYY', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'id_front', { curp: 'AAAA800101HDFRRN01' });
    await addProcessedDocument(t, acme, caseId, 'curp', { curp: 'BBBB900203HDFRRN02' });
    await addProcessedDocument(t, acme, caseId, 'ine', { curp: 'NO-ES-CURP' });
    await t.admin('PUT', '/admin/sandbox/fixtures/renapo/BBBB900203HDFRRN02', { person: { first_name: 'JUAN', birth_date: '1990-02-03' } });
    const start = await post(`/v1/cases/${caseId}/renapo`);
    expect(start.json()).toMatchObject({ curp: 'BBBB900203HDFRRN02', status: 'pending' });
    await t.server.runner.whenIdle();
    expect((await get(`/v1/cases/${caseId}/renapo`)).json().data.person).toMatchObject({ first_name: 'JUAN', birth_date: '03/02/1990' });
  });

  it('400 without a CURP, 404 before any query', async () => {
    const caseId = await createCase(t, acme);
    expect((await post(`/v1/cases/${caseId}/renapo`)).statusCode).toBe(400);
    expect((await get(`/v1/cases/${caseId}/renapo`)).statusCode).toBe(404);
  });
});

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
    await addProcessedDocument(t, acme, titled, 'certificate_title', { vin: VIN, aduana: '47', ano_vehiculo: 2004, placa: 'NXA1234', entidad: 'MEX' });
    const noInvoice = await post(`/v1/cases/${titled}/pedimento`);
    expect(noInvoice.statusCode).toBe(400);
    expect(noInvoice.json().error.details).toEqual({ missing_fields: ['aduana', 'ano_vehiculo'] });
  });

  it('202 pending, then GET with the result; 404 before any query', async () => {
    const { caseId } = await caseWithVin({ aduana: 'NUEVO LAREDO', ano_vehiculo: 2019, pedimento: '19  24  3456  9001234' });
    expect((await get(`/v1/cases/${caseId}/pedimento`)).statusCode).toBe(404);
    await t.admin('PUT', `/admin/sandbox/fixtures/pedimento/${VIN}`, { data: { pedimento: '19  24  3456  9001234', aduana: 'NUEVO LAREDO', vin: VIN } });
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
    expect(running).toMatchObject({ job_id: start.job_id, status: expect.stringMatching(/^(pending|processing)$/), result: { success: false, data: null } });
    await t.server.runner.whenIdle();
    expect((await get(`/v1/cases/${caseId}/pedimento`)).json().result).toEqual({ success: true, data: { pedimento: '24 47 3456 4000888' } });
  });
});

describe('credit bureau (contract §4.4, §2.11)', () => {
  it('reports with a generated verification PDF', async () => {
    await t.admin('PUT', `/admin/sandbox/fixtures/bureau/${VIN}`, { report: { gravamenes: [], resultado: 'SIN_ALERTAS' } });
    const { caseId } = await caseWithVin();
    expect((await get(`/v1/cases/${caseId}/circulo-credito`)).statusCode).toBe(404);
    const start = await post(`/v1/cases/${caseId}/circulo-credito`);
    expect(start.statusCode).toBe(202);
    expect(start.json()).toEqual({ job_id: expect.any(String), vin: VIN, status: 'pending' });
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/circulo-credito`)).json();
    expect(body).toMatchObject({ case_id: caseId, source: 'circulo-credito', status: 'completed', query_count: 1, completed_count: 1, data: { resultado: 'SIN_ALERTAS' } });
    expect(body.document).toEqual({ url: expect.stringMatching(/\/files\/[A-Za-z0-9_-]{32}\.pdf$/), uuid: expect.any(String) });
    const pdf = await t.inject({ method: 'GET', url: new URL(body.document.url).pathname });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('keeps a report whose text the PDF font cannot draw: completed with its document', async () => {
    await t.admin('PUT', `/admin/sandbox/fixtures/bureau/${VIN}`, { report: { nota: 'Revisión → OK ✓', titular: '王' } });
    const { caseId } = await caseWithVin();
    expect((await post(`/v1/cases/${caseId}/circulo-credito`)).statusCode).toBe(202);
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/circulo-credito`)).json();
    expect(body).toMatchObject({ status: 'completed', query_count: 1, data: { nota: 'Revisión → OK ✓', titular: '王' } });
    expect(body.document).toEqual({ url: expect.stringMatching(/\.pdf$/), uuid: expect.any(String) });
  });
});

describe('bureau report PDF', () => {
  it('keeps a report whose text the PDF font cannot encode: accents dropped, other characters as ?', async () => {
    const report = { nota: 'Revisión → OK ✓', dueño: 'Gődel 王', tab: 'a\tb' };
    const text = (await extractText(await bureauReportPdf(VIN, report, new Date('2026-01-01T00:00:00Z')), { mergePages: true })).text;
    expect(text).toContain('nota: Revisión ? OK ?');
    expect(text).toContain('dueño: Godel ?');
    expect(text).toContain(`NIV: ${VIN}`);
  });
});

describe('REPUVE (contract §4.4, §2.7)', () => {
  it('404 before a query; queried when processing closes with a VIN; no POST exists', async () => {
    await t.admin('PUT', `/admin/sandbox/fixtures/repuve/${VIN}`, {
      info: { niv: VIN, marca: 'NISSAN', modelo: 'VERSA', tipo: 'SEDAN', clase: 'AUTOMOVIL', anio_modelo: 2019, reporte_robo: [{ tipo_reporte: 'FGJ', estatus: 'VIGENTE' }] },
    });
    const { caseId } = await caseWithVin();
    expect((await get(`/v1/cases/${caseId}/repuve`)).statusCode).toBe(404);
    expect((await post(`/v1/cases/${caseId}/repuve`)).statusCode).toBe(404);
    await post(`/v1/cases/${caseId}/process`);
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/repuve`)).json();
    expect(body).toMatchObject({ codigo: 'ok', job_status: 'completed', job_id: expect.any(String) });
    expect(body.info).toEqual({
      niv: VIN,
      placa: null,
      marca: 'NISSAN',
      modelo: 'VERSA',
      tipo: 'SEDAN',
      clase: 'AUTOMOVIL',
      anio_modelo: 2019,
      entidad_emplacado: null,
      fecha_inscripcion: null,
      fecha_actualizacion: null,
      reporte_robo: [{ tipo_reporte: 'FGJ', estatus: 'VIGENTE' }],
      robo_usa_can: { tiene_robo: false },
      aviso_judicial: { tiene_aviso_judicial: false },
    });
  });

  it('an unregistered vehicle reads ok with info null; a failed latest query recovers the last valid answer', async () => {
    const vin = '3VWFE21C04M000001';
    await t.admin('PUT', `/admin/sandbox/fixtures/repuve/${vin}`, { info: null });
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'factura', { vin });
    await post(`/v1/cases/${caseId}/process`);
    await t.server.runner.whenIdle();
    expect((await get(`/v1/cases/${caseId}/repuve`)).json()).toMatchObject({ codigo: 'ok', info: null, job_status: 'completed' });

    await t.admin('PUT', `/admin/sandbox/fixtures/repuve/${vin}`, { info: { niv: vin, marca: 'VOLKSWAGEN', modelo: 'JETTA', tipo: 'SEDAN', clase: 'AUTOMOVIL', anio_modelo: 2004 } });
    const { startLookup } = await import('../../src/services/lookups/lookupJob.js');
    await startLookup(t.server.ctx, { companyId: acme.companyId, caseId }, { source: 'repuve', key: vin });
    await t.server.runner.whenIdle();
    await t.admin('PUT', `/admin/sandbox/fixtures/repuve/${vin}`, { error: 'portal caído' });
    await startLookup(t.server.ctx, { companyId: acme.companyId, caseId }, { source: 'repuve', key: vin });
    const recovered = await eventually(async () => (await get(`/v1/cases/${caseId}/repuve`)).json(), (b) => b.job_status === 'error');
    expect(recovered).toMatchObject({ codigo: 'ok', job_status: 'error', info: { marca: 'VOLKSWAGEN', modelo: 'JETTA' } });
  });

  it('a failed query recovers what the plate portal answered about a plate of the vehicle (§2.7: error only when all sources failed)', async () => {
    const vin = '3N1CN8AE5RK812345';
    await t.admin('PUT', `/admin/sandbox/fixtures/repuve/${vin}`, { error: 'REPUVE no responde' });
    await t.admin('PUT', '/admin/sandbox/fixtures/plate_portal/PRT1234', { plate_status: 'Vigente', valid_from: '10/05/2022', valid_until: '10/05/2027', previous_plate: null });
    await t.admin('PUT', '/admin/sandbox/fixtures/plate_portal/OTR5678', { plate_status: 'Vigente', valid_from: '01/01/2021', valid_until: null, previous_plate: null });
    await t.admin('PUT', '/admin/sandbox/fixtures/plate_portal/NOF1111', { not_found: true });
    const vehicleCase = async (plates: { placa: string; vin: string }[]) => {
      const caseId = await createCase(t, acme);
      await addProcessedDocument(t, acme, caseId, 'factura', { vin });
      for (const p of plates) await addProcessedDocument(t, acme, caseId, 'certificate_title', { ...p, entidad: 'MEX', fecha_documento: '10/05/2022' });
      expect((await post(`/v1/cases/${caseId}/plates`)).statusCode).toBe(200);
      await post(`/v1/cases/${caseId}/process`);
      // The source fails on every attempt: the job ends in error after its retries.
      return eventually(async () => (await get(`/v1/cases/${caseId}/repuve`)).json(), (b) => b.job_status === 'error');
    };

    const recovered = await vehicleCase([{ placa: 'PRT-12-34', vin }]);
    expect(recovered).toMatchObject({ codigo: 'ok', job_status: 'error', job_id: expect.any(String) });
    expect(recovered.info).toEqual({
      niv: vin,
      placa: 'PRT1234',
      marca: '',
      modelo: '',
      tipo: '',
      clase: '',
      anio_modelo: 0,
      entidad_emplacado: 'MEX',
      fecha_inscripcion: '10/05/2022',
      fecha_actualizacion: null,
      reporte_robo: [],
      robo_usa_can: { tiene_robo: false },
      aviso_judicial: { tiene_aviso_judicial: false },
    });
    // A plate read from another vehicle's document does not speak for this one; a plate the
    // portal does not know gives nothing to recover.
    expect(await vehicleCase([{ placa: 'OTR5678', vin: '1M8GDM9AXKP042788' }, { placa: 'NOF1111', vin }])).toMatchObject({
      codigo: 'error',
      info: null,
      job_status: 'error',
    });
  });
});

describe('invoices (contract §4.8)', () => {
  it('a fresh invoice shows four processing checks; they complete in the background', async () => {
    const idle = await startTestServer({}, { startWorkers: false });
    try {
      const tenant = await createTenant(idle);
      const caseId = await createCase(idle, tenant);
      const up = await idle.inject({
        method: 'POST',
        url: '/v1/documents',
        headers: { 'x-api-key': tenant.apiKey },
        payload: { case_id: caseId, mime_type: 'application/pdf', base64: 'JVBERi0xLjQ=', type: 'invoice' },
      });
      const fresh = (await idle.inject({ method: 'GET', url: `/v1/cases/${caseId}/invoices`, headers: tenant.bearer })).json();
      const processing = { status: 'processing', message: 'Consulta en procesamiento', result: null, updated_at: null };
      expect(fresh).toEqual({
        case_id: caseId,
        invoices: [
          {
            file_id: up.json().document_id,
            file_url: up.json().url,
            data: null,
            updated_at: null,
            validate_invoice: processing,
            consulta_pedimento: processing,
            amda_invoice: processing,
            amis: processing,
          },
        ],
      });
    } finally {
      await idle.close();
    }
  });

  it('words found, not found and source reasons as the contract does', async () => {
    const folio = 'A1B2C3D4-0000-4000-8000-00000000ABCD';
    await t.admin('PUT', `/admin/sandbox/fixtures/sat_cfdi/${folio}`, {
      result: { estadoCFDI: 'Vigente', folioFiscal: folio, rfcEmisor: 'AND010101AAA', nombreEmisor: 'AUTOS DEL NORTE', rfcReceptor: 'LOPM800101AB1', nombreReceptor: 'MARIA LOPEZ', totalCfdi: '350000.00', fechaEmision: '2024-03-15T10:00:00', estatusCancelacion: null },
    });
    await t.admin('PUT', '/admin/sandbox/fixtures/sat_cfdi/XXX010101XXX|YYY010101YYY', { not_found: true });
    await t.admin('PUT', `/admin/sandbox/fixtures/amda/${VIN}`, { reason: 'No se encontraron los indicadores de una Factura AMDA en el documento' });
    await t.admin('PUT', `/admin/sandbox/fixtures/amis/${VIN}`, { result: { data: [{ marca: 'NISSAN', poliza: '****1234', cancelable: false }] } });
    const caseId = await createCase(t, acme);
    const first = await addProcessedDocument(t, acme, caseId, 'invoice', { vin: VIN, folio_fiscal: folio, rfc_emisor: 'AND010101AAA', monto_total: 350000 });
    const second = await addProcessedDocument(t, acme, caseId, 'invoice', { vin: VIN, rfc_emisor: 'XXX010101XXX', rfc_receptor: 'YYY010101YYY' });
    await t.inject({ method: 'DELETE', url: `/v1/documents/${first}`, headers: { 'x-api-key': acme.apiKey } });
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/invoices`)).json();
    expect(body.invoices.map((i: { file_id: string }) => i.file_id)).toEqual([second, first]);
    const old = body.invoices[1];
    expect(old.data.rfc_emisor).toEqual({ db_field: 'rfc_emisor', label: 'RFC emisor', text: 'AND010101AAA' });
    expect(old.updated_at).toEqual(expect.any(String));
    expect(old.validate_invoice).toEqual({
      status: 'completed',
      message: null,
      result: { estadoCFDI: 'Vigente', folioFiscal: folio, rfcEmisor: 'AND010101AAA', nombreEmisor: 'AUTOS DEL NORTE', rfcReceptor: 'LOPM800101AB1', nombreReceptor: 'MARIA LOPEZ', totalCfdi: '350000.00', fechaEmision: '2024-03-15T10:00:00' },
      updated_at: expect.any(String),
    });
    expect(old.consulta_pedimento).toMatchObject({ status: 'completed', message: 'El vehículo es de procedencia nacional', result: null });
    expect(old.amda_invoice).toMatchObject({ status: 'completed', message: 'No se encontraron los indicadores de una Factura AMDA en el documento', result: null });
    expect(old.amis).toMatchObject({ status: 'completed', message: null, result: { data: [{ marca: 'NISSAN', poliza: '****1234', cancelable: false }] } });
    expect(body.invoices[0].amis.result).toEqual(old.amis.result);
    expect(body.invoices[0].validate_invoice.message).toMatch(/^Este comprobante no se encuentra registrado en los controles del Servicio de Administracion Tributaria/);
  });

  it('amis belongs to the vehicle: one answer on every invoice, even after the case VIN changes', async () => {
    const otherVin = '3VWFE21C04M000009';
    await t.admin('PUT', `/admin/sandbox/fixtures/amis/${VIN}`, { result: { info: [{ marca: 'A' }] } });
    await t.admin('PUT', `/admin/sandbox/fixtures/amis/${otherVin}`, { result: { data: [{ marca: 'B' }] } });
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'invoice', { vin: VIN });
    await t.server.runner.whenIdle();
    await addProcessedDocument(t, acme, caseId, 'invoice', { vin: otherVin });
    await t.server.runner.whenIdle();
    const { invoices } = (await get(`/v1/cases/${caseId}/invoices`)).json();
    expect(invoices).toHaveLength(2);
    expect(invoices[0].amis).toEqual(invoices[1].amis);
    expect(invoices[0].amis).toMatchObject({ status: 'completed', message: null });
  });

  it('amis reads both lists: an empty info beside a filled data is data; both empty is Sin datos', async () => {
    const vinWithData = '3VWFE21C04M000017';
    const vinEmpty = '3VWFE21C04M000025';
    await t.admin('PUT', `/admin/sandbox/fixtures/amis/${vinWithData}`, { result: { info: [], data: [{ marca: 'M', poliza: 'POL-12345678' }] } });
    await t.admin('PUT', `/admin/sandbox/fixtures/amis/${vinEmpty}`, { result: { info: [], data: [] } });
    const amisOf = async (vin: string) => {
      const caseId = await createCase(t, acme);
      await addProcessedDocument(t, acme, caseId, 'invoice', { vin });
      await t.server.runner.whenIdle();
      return (await get(`/v1/cases/${caseId}/invoices`)).json().invoices[0].amis;
    };
    expect(await amisOf(vinWithData)).toEqual({ status: 'completed', message: null, result: { data: [{ marca: 'M', poliza: '********5678' }] }, updated_at: expect.any(String) });
    expect(await amisOf(vinEmpty)).toMatchObject({ status: 'completed', message: 'Sin datos', result: null });
  });

  it('amis shows policy numbers masked and, without a complete case VIN, the provider reason for the invoice VIN', async () => {
    await t.admin('PUT', `/admin/sandbox/fixtures/amis/${VIN}`, {
      result: { info: [{ marca: 'NISSAN', poliza: 'POL-99887766' }, { marca: 'NISSAN', poliza: '****4321' }, { marca: 'NISSAN' }] },
    });
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'invoice', { vin: VIN });
    await t.server.runner.whenIdle();
    const [inv] = (await get(`/v1/cases/${caseId}/invoices`)).json().invoices;
    expect(inv.amis.result.info).toEqual([{ marca: 'NISSAN', poliza: '********7766' }, { marca: 'NISSAN', poliza: '****4321' }, { marca: 'NISSAN' }]);

    const shortVin = await createCase(t, acme);
    await addProcessedDocument(t, acme, shortVin, 'invoice', { vin: VIN.slice(0, 16) });
    await t.server.runner.whenIdle();
    const [short] = (await get(`/v1/cases/${shortVin}/invoices`)).json().invoices;
    expect(short.amis).toMatchObject({ status: 'completed', message: 'Longitud incorrecta (se esperan 17 caracteres)', result: null });
  });

  it('a processed document classified as an invoice, by hand or by its content, gets its checks run', async () => {
    const caseId = await createCase(t, acme);
    const manual = await addProcessedDocument(t, acme, caseId, 'tenencia', { vin: VIN });
    const bytes = Buffer.from('%PDF-1.4 an invoice first read as tenencia');
    await t.admin('PUT', `/admin/sandbox/fixtures/ocr/${createHash('sha256').update(bytes).digest('hex')}`, { type: 'tenencia', parsed_data: { vin: VIN } });
    const up = await t.inject({ method: 'POST', url: '/v1/documents', headers: { 'x-api-key': acme.apiKey }, payload: { case_id: caseId, mime_type: 'application/pdf', base64: bytes.toString('base64') } });
    const automatic = up.json().document_id as string;
    await t.server.runner.whenIdle();
    await t.admin('PUT', `/admin/sandbox/fixtures/ocr/${createHash('sha256').update(bytes).digest('hex')}`, { type: 'invoice' });
    const classify = (id: string, payload?: object) =>
      t.inject({ method: 'POST', url: `/v1/documents/${id}/classify`, headers: { 'x-api-key': acme.apiKey }, ...(payload ? { payload } : {}) });
    expect((await classify(manual, { type: 'invoice' })).json()).toMatchObject({ type: 'invoice', method: 'manual' });
    expect((await classify(automatic)).json()).toMatchObject({ type: 'invoice', method: 'automatic' });
    await t.server.runner.whenIdle();
    const { invoices } = (await get(`/v1/cases/${caseId}/invoices`)).json();
    expect(invoices.map((i: { file_id: string }) => i.file_id).sort()).toEqual([manual, automatic].sort());
    for (const inv of invoices) {
      for (const key of ['validate_invoice', 'consulta_pedimento', 'amda_invoice', 'amis']) expect(inv[key].status, key).toBe('completed');
    }
  });

  it('an automatic classify that decides nothing answers the type the document keeps', async () => {
    const caseId = await createCase(t, acme);
    const up = await t.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: { 'x-api-key': acme.apiKey },
      payload: { case_id: caseId, mime_type: 'application/pdf', base64: Buffer.from('%PDF-1.4 nothing to read').toString('base64'), type: 'invoice' },
    });
    const id = up.json().document_id;
    const res = await t.inject({ method: 'POST', url: `/v1/documents/${id}/classify`, headers: { 'x-api-key': acme.apiKey } });
    expect(res.statusCode).toBe(200);
    const detail = (await t.inject({ method: 'GET', url: `/v1/documents/${id}`, headers: { 'x-api-key': acme.apiKey } })).json();
    expect(res.json()).toMatchObject({ document_id: id, type: detail.type, method: 'automatic' });
  });

  it('an invoice whose processing failed shows its checks failed (completed), not processing for ever', async () => {
    const bytes = Buffer.from('%PDF-1.4 invoice the OCR source cannot read');
    await t.admin('PUT', `/admin/sandbox/fixtures/ocr/${createHash('sha256').update(bytes).digest('hex')}`, { error: 'ocr down' });
    const caseId = await createCase(t, acme);
    const up = await t.inject({
      method: 'POST', url: '/v1/documents', headers: { 'x-api-key': acme.apiKey },
      payload: { case_id: caseId, type: 'invoice', mime_type: 'application/pdf', base64: bytes.toString('base64') },
    });
    expect(up.statusCode).toBe(201);
    // The OCR job retries the source before it gives up and marks the document error.
    const status = async () => (await get(`/v1/documents?case_id=${caseId}`)).json().data[0].status;
    for (let i = 0; i < 150 && (await status()) !== 'error'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await status()).toBe('error');
    await t.server.runner.whenIdle();
    const [inv] = (await get(`/v1/cases/${caseId}/invoices`)).json().invoices;
    expect(inv.file_id).toBe(up.json().document_id);
    for (const key of ['validate_invoice', 'amda_invoice', 'amis']) {
      expect(inv[key], key).toEqual({ status: 'completed', message: 'Hubo un error al procesar la información', result: null, updated_at: expect.any(String) });
    }
    expect(inv.consulta_pedimento).toMatchObject({ status: 'completed', message: 'Servicio no disponible.' });
  });

  it('amis keeps its last answer (completed) while a newer check runs for another invoice', async () => {
    const caseId = await createCase(t, acme);
    await t.admin('PUT', `/admin/sandbox/fixtures/amis/${VIN}`, { result: { info: [{ marca: 'PRIMERA' }] } });
    await addProcessedDocument(t, acme, caseId, 'invoice', { vin: VIN });
    await t.server.runner.whenIdle();
    await t.admin('PUT', `/admin/sandbox/fixtures/amis/${VIN}`, { delay_ms: 1_500, result: { info: [{ marca: 'SEGUNDA' }] } });
    await addProcessedDocument(t, acme, caseId, 'invoice', { vin: VIN });
    const during = (await get(`/v1/cases/${caseId}/invoices`)).json().invoices;
    expect(during).toHaveLength(2);
    for (const inv of during) expect(inv.amis).toMatchObject({ status: 'completed', result: { info: [{ marca: 'PRIMERA' }] } });
    await t.server.runner.whenIdle();
    const after = (await get(`/v1/cases/${caseId}/invoices`)).json().invoices;
    for (const inv of after) expect(inv.amis).toMatchObject({ status: 'completed', result: { info: [{ marca: 'SEGUNDA' }] } });
  });

  it('keeps only keys that carry data at every depth of a result (§2.14)', async () => {
    const pedimento = '24  47  3456  4000999';
    await t.admin('PUT', `/admin/sandbox/fixtures/sat_pedimento/${pedimento}`, {
      result: { vehiculo_importado: { marca: '', vin: VIN, modelo: null }, situacion_pedimentos: [{ estado: '' }], importacion_vehiculos: [{ fecha: '2024-01-02', aduana: '' }] },
    });
    await t.admin('PUT', `/admin/sandbox/fixtures/amda/${VIN}`, { result: { amda_code: 'A1', vehicle_details: { vin: VIN, brand: 'NISSAN', dealer_name: '', other: null } } });
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'invoice', { vin: VIN, pedimento });
    await t.server.runner.whenIdle();
    const [invoice] = (await get(`/v1/cases/${caseId}/invoices`)).json().invoices;
    expect(invoice.consulta_pedimento.result).toEqual({ vehiculo_importado: { vin: VIN }, importacion_vehiculos: [{ fecha: '2024-01-02' }] });
    expect(invoice.amda_invoice.result).toEqual({ amda_code: 'A1', vehicle_details: { vin: VIN, brand: 'NISSAN' } });
  });

  it('a customs answer whose tables are all empty is no result', async () => {
    const pedimento = '24  47  3456  4000888';
    await t.admin('PUT', `/admin/sandbox/fixtures/sat_pedimento/${pedimento}`, {
      result: { vehiculo_importado: [], situacion_pedimentos: {}, importacion_vehiculos: null },
    });
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'invoice', { vin: VIN, pedimento });
    await t.server.runner.whenIdle();
    const [invoice] = (await get(`/v1/cases/${caseId}/invoices`)).json().invoices;
    expect(invoice.consulta_pedimento).toMatchObject({ status: 'completed', message: 'No se encontró información', result: null });
  });

  it('lists documents of type invoice only (§4.8): factura and factura_xml are other types', async () => {
    const caseId = await createCase(t, acme);
    const invoice = await addProcessedDocument(t, acme, caseId, 'invoice', { vin: VIN });
    await addProcessedDocument(t, acme, caseId, 'factura', { vin: VIN });
    await addProcessedDocument(t, acme, caseId, 'factura_xml', { vin: VIN });
    await t.server.runner.whenIdle();
    const { invoices } = (await get(`/v1/cases/${caseId}/invoices`)).json();
    expect(invoices.map((i: { file_id: string }) => i.file_id)).toEqual([invoice]);
  });

  it('an invoice without fiscal data fails validate_invoice without reading as not registered; with nothing read, no national verdict', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'invoice', {});
    await t.server.runner.whenIdle();
    const [inv] = (await get(`/v1/cases/${caseId}/invoices`)).json().invoices;
    expect(inv.validate_invoice).toMatchObject({ status: 'completed', result: null, message: 'No se pudo consultar el SAT: el documento no tiene folio fiscal ni RFC de emisor y receptor.' });
    expect(inv.validate_invoice.message).not.toMatch(/^Este comprobante no se encuentra registrado/);
    expect(inv.consulta_pedimento).toMatchObject({ status: 'completed', result: null, message: 'No se encontró información' });
  });

  it('is [] without invoices; 400 for a bad id; 404 for a missing case', async () => {
    const caseId = await createCase(t, acme);
    expect((await get(`/v1/cases/${caseId}/invoices`)).json()).toEqual({ case_id: caseId, invoices: [] });
    expect((await get('/v1/cases/xyz/invoices')).statusCode).toBe(400);
    expect((await get(`/v1/cases/${crypto.randomUUID()}/invoices`)).statusCode).toBe(404);
  });
});

describe('INE validation (contract §4.10)', () => {
  const front = 'data:image/jpeg;base64,' + Buffer.from('front of the card').toString('base64');
  it('202 processing, then completed with the card data from the sandbox fixture', async () => {
    const key = createHash('sha256').update(front).digest('hex');
    const data = {
      names: 'GLORIA', first_last_name: 'HERNANDEZ', second_last_name: 'GARCIA', birth_date: '27/04/1956', gender: 'MUJER',
      curp: 'HEGG560427MVZRRL04', elector_key: 'HRGRGL56042730M100', state: '30', municipality: '193', section: '1234',
      emission: '2019', validity: '2029', cic: '123456789', ocr: '1234567890123', citizen_identifier: '987654321', locality: null,
    };
    await t.admin('PUT', `/admin/sandbox/fixtures/ine/${key}`, { data });
    const res = await t.inject({ method: 'POST', url: '/documents/ine', headers: acme.bearer, payload: { front, back: 'https://example.com/back.jpg' } });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ job_id: expect.any(String), status: 'processing' });
    await t.server.runner.whenIdle();
    const result = await t.inject({ method: 'GET', url: `/documents/ine/${res.json().job_id}`, headers: acme.bearer });
    expect(result.statusCode).toBe(200);
    expect(result.json()).toEqual({ status: 'completed', data });
  });

  it('publishes the birth date as DD/MM/YYYY and the gender as HOMBRE/MUJER whatever the provider sent', async () => {
    const f = Buffer.from('front with iso date').toString('base64');
    await t.admin('PUT', `/admin/sandbox/fixtures/ine/${createHash('sha256').update(f).digest('hex')}`, {
      data: { names: 'ANA', first_last_name: 'LOPEZ', birth_date: '1990-02-01', gender: 'M' },
    });
    const res = await t.inject({ method: 'POST', url: '/documents/ine', headers: acme.bearer, payload: { front: f } });
    await t.server.runner.whenIdle();
    const { data } = (await t.inject({ method: 'GET', url: `/documents/ine/${res.json().job_id}`, headers: acme.bearer })).json();
    expect(data).toMatchObject({ names: 'ANA', birth_date: '01/02/1990', gender: 'MUJER' });
  });

  it('reads a birth date and sex the source left out from the CURP, and never guesses them', async () => {
    const read = async (label: string, data: Record<string, unknown>) => {
      const f = Buffer.from(label).toString('base64');
      await t.admin('PUT', `/admin/sandbox/fixtures/ine/${createHash('sha256').update(f).digest('hex')}`, { data });
      const res = await t.inject({ method: 'POST', url: '/documents/ine', headers: acme.bearer, payload: { front: f } });
      await t.server.runner.whenIdle();
      return (await t.inject({ method: 'GET', url: `/documents/ine/${res.json().job_id}`, headers: acme.bearer })).json().data;
    };
    expect(await read('front with curp only', { names: 'GLORIA', curp: 'HEGG560427MVZRRL04' })).toMatchObject({ birth_date: '27/04/1956', gender: 'MUJER' });
    expect(await read('front with a name only', { names: 'JUAN' })).toMatchObject({ names: 'JUAN', birth_date: '', gender: '' });
  });

  it('takes a front and a back each as large as a document file (a body over the 30 MB of other routes)', async () => {
    const image = (fill: number) => Buffer.alloc(12 * 1024 * 1024, fill).toString('base64');
    const res = await t.inject({ method: 'POST', url: '/documents/ine', headers: acme.bearer, payload: { front: image(1), back: image(2) } });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ job_id: expect.any(String), status: 'processing' });
  });

  it('takes any front text the source may read: the sandbox answers by its sha256 as submitted', async () => {
    const front = 'foto_frente.jpg';
    await t.admin('PUT', `/admin/sandbox/fixtures/ine/${createHash('sha256').update(front).digest('hex')}`, { data: { names: 'ANA', curp: 'HEGG560427MVZRRL04' } });
    const res = await t.inject({ method: 'POST', url: '/documents/ine', headers: acme.bearer, payload: { front, back: 'reverso.jpg' } });
    expect(res.statusCode).toBe(202);
    await t.server.runner.whenIdle();
    const got = await t.inject({ method: 'GET', url: `/documents/ine/${res.json().job_id}`, headers: acme.bearer });
    expect(got.json()).toMatchObject({ status: 'completed', data: { names: 'ANA', curp: 'HEGG560427MVZRRL04' } });
    // A fixture key written in uppercase hex answers too.
    const upper = 'frente-2.jpg';
    const key = createHash('sha256').update(upper).digest('hex').toUpperCase();
    expect((await t.admin('PUT', `/admin/sandbox/fixtures/ine/${key}`, { data: { names: 'LUIS' } })).json().key).toBe(key.toLowerCase());
    const second = await t.inject({ method: 'POST', url: '/documents/ine', headers: acme.bearer, payload: { front: upper } });
    await t.server.runner.whenIdle();
    expect((await t.inject({ method: 'GET', url: `/documents/ine/${second.json().job_id}`, headers: acme.bearer })).json().data.names).toBe('LUIS');
  });

  it('error outcome reads status error with data null', async () => {
    const f = Buffer.from('unreadable').toString('base64');
    await t.admin('PUT', `/admin/sandbox/fixtures/ine/${createHash('sha256').update(f).digest('hex')}`, { reason: 'Imagen ilegible' });
    const res = await t.inject({ method: 'POST', url: '/documents/ine', headers: acme.bearer, payload: { front: f } });
    await t.server.runner.whenIdle();
    expect((await t.inject({ method: 'GET', url: `/documents/ine/${res.json().job_id}`, headers: acme.bearer })).json()).toEqual({ status: 'error', data: null });
  });

  it('400 MISSING_PARAMETER without front; 401 mentioning the API key; foreign jobs are not found', async () => {
    for (const payload of [{}, { front: '' }, { back: 'x' }]) {
      const res = await t.inject({ method: 'POST', url: '/documents/ine', headers: acme.bearer, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('MISSING_PARAMETER');
      expect(res.json().error.message).toBe('Falta el parámetro obligatorio: front');
    }
    // Messages are Spanish (contract §1), zod's own included.
    const wrongType = await t.inject({ method: 'POST', url: '/documents/ine', headers: acme.bearer, payload: { front: 42 } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toMatch(/front: Entrada inválida: se esperaba texto/);
    const noAuth = await t.inject({ method: 'POST', url: '/documents/ine', payload: { front } });
    expect(noAuth.statusCode).toBe(401);
    expect(noAuth.json().error.code).toBeNull();
    expect(noAuth.json().error.message).toMatch(/API key/);
    const mine = (await t.inject({ method: 'POST', url: '/documents/ine', headers: acme.bearer, payload: { front } })).json();
    const other = await createTenant(t, { name: 'Otra' });
    expect((await t.inject({ method: 'GET', url: `/documents/ine/${mine.job_id}`, headers: other.bearer })).statusCode).toBe(404);
  });
});
