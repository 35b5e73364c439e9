import { describe, expect, it } from 'vitest';
import { addProcessedDocument, createCase, eventually } from '../../helpers/testServer.js';
import { VIN, t, acme, get, post, caseWithVin, useTenantServer } from './lookupServer.js';

useTenantServer();

describe('REPUVE (contract §4.4, §2.7)', () => {
  it('404 before a query; queried when processing closes with a VIN; no POST exists', async () => {
    await t.admin('PUT', `/admin/sandbox/fixtures/repuve/${VIN}`, {
      info: {
        niv: VIN,
        marca: 'NISSAN',
        modelo: 'VERSA',
        tipo: 'SEDAN',
        clase: 'AUTOMOVIL',
        anio_modelo: 2019,
        reporte_robo: [{ tipo_reporte: 'FGJ', estatus: 'VIGENTE' }],
      },
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

    await t.admin('PUT', `/admin/sandbox/fixtures/repuve/${vin}`, {
      info: { niv: vin, marca: 'VOLKSWAGEN', modelo: 'JETTA', tipo: 'SEDAN', clase: 'AUTOMOVIL', anio_modelo: 2004 },
    });
    const { startLookup } = await import('../../../src/services/lookups/lookupJob.js');
    await startLookup(t.server.ctx, { companyId: acme.companyId, caseId }, { source: 'repuve', key: vin });
    await t.server.runner.whenIdle();
    await t.admin('PUT', `/admin/sandbox/fixtures/repuve/${vin}`, { error: 'portal caído' });
    await startLookup(t.server.ctx, { companyId: acme.companyId, caseId }, { source: 'repuve', key: vin });
    const recovered = await eventually(
      async () => (await get(`/v1/cases/${caseId}/repuve`)).json(),
      (b) => b.job_status === 'error',
    );
    expect(recovered).toMatchObject({ codigo: 'ok', job_status: 'error', info: { marca: 'VOLKSWAGEN', modelo: 'JETTA' } });
  });

  it('a failed query recovers what the plate portal said of a vehicle plate (§2.7: error only when all sources failed)', async () => {
    const vin = '3N1CN8AE5RK812345';
    await t.admin('PUT', `/admin/sandbox/fixtures/repuve/${vin}`, { error: 'REPUVE no responde' });
    await t.admin('PUT', '/admin/sandbox/fixtures/plate_portal/PRT1234', {
      plate_status: 'Vigente',
      valid_from: '10/05/2022',
      valid_until: '10/05/2027',
      previous_plate: null,
    });
    await t.admin('PUT', '/admin/sandbox/fixtures/plate_portal/OTR5678', {
      plate_status: 'Vigente',
      valid_from: '01/01/2021',
      valid_until: null,
      previous_plate: null,
    });
    await t.admin('PUT', '/admin/sandbox/fixtures/plate_portal/NOF1111', { not_found: true });
    const vehicleCase = async (plates: { placa: string; vin: string }[]) => {
      const caseId = await createCase(t, acme);
      await addProcessedDocument(t, acme, caseId, 'factura', { vin });
      for (const p of plates)
        await addProcessedDocument(t, acme, caseId, 'certificate_title', { ...p, entidad: 'MEX', fecha_documento: '10/05/2022' });
      expect((await post(`/v1/cases/${caseId}/plates`)).statusCode).toBe(200);
      await post(`/v1/cases/${caseId}/process`);
      // The source fails on every attempt: the job ends in error after its retries.
      return eventually(
        async () => (await get(`/v1/cases/${caseId}/repuve`)).json(),
        (b) => b.job_status === 'error',
      );
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
    expect(
      await vehicleCase([
        { placa: 'OTR5678', vin: '1M8GDM9AXKP042788' },
        { placa: 'NOF1111', vin },
      ]),
    ).toMatchObject({
      codigo: 'error',
      info: null,
      job_status: 'error',
    });
  });
});
