import { describe, expect, it } from 'vitest';
import { addProcessedDocument, createCase, eventually } from '../../helpers/testServer.js';
import { VIN, t, acme, get, post, vehicleCase, useTenantServer } from './vehicleServer.js';

useTenantServer();

describe('taxes (contract §4.6, §4.7)', () => {
  it('before any lookup: blocks processing with the never-ran message, receipts still published', async () => {
    const caseId = await vehicleCase();
    const body = (await get(`/v1/cases/${caseId}/taxes`)).json();
    expect(body.main_tax.status).toBe('processing');
    expect(body.main_tax.result).toHaveLength(5);
    const row2025 = body.main_tax.result.find((r: { fiscal_year: number }) => r.fiscal_year === 2025);
    expect(row2025).toMatchObject({
      plate_number: 'NXA1234',
      state: 'MEX',
      document: { status: 'success', message: 'Agregado' },
      payment_date: '20/02/2025',
    });
    expect(body.taxes).toMatchObject({
      status: 'processing',
      message: 'Aún no se ha ejecutado ninguna consulta de tenencia para este caso.',
    });
  });

  it('a re-run keeps the earlier answer in the cells and the main block processing until it ends, then shows the new answer', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'certificate_title', {
      placa: 'RER1234',
      entidad: 'JAL',
      vin: VIN,
      fecha_documento: '01/02/2025',
    });
    expect((await post(`/v1/cases/${caseId}/plates`)).statusCode).toBe(200);
    const year = new Date().getUTCFullYear();
    await t.admin('PUT', '/admin/sandbox/fixtures/tenencia/RER1234:JAL', { years: [] });
    expect((await post(`/v1/cases/${caseId}/taxes`)).statusCode).toBe(202);
    await t.server.runner.whenIdle();
    const first = (await get(`/v1/cases/${caseId}/taxes`)).json();
    expect(first.main_tax).toMatchObject({ status: 'completed', message: null });
    await t.admin('PUT', '/admin/sandbox/fixtures/tenencia/RER1234:JAL', {
      years: [{ fiscal_year: year - 1, amount: 777 }],
      delay_ms: 400,
    });
    expect((await post(`/v1/cases/${caseId}/taxes`)).statusCode).toBe(202);
    const during = (
      await eventually(
        () => get(`/v1/cases/${caseId}/taxes`).then((r) => r.json()),
        (b) => b.main_tax.status === 'processing',
        5_000,
      )
    ).main_tax;
    expect(during.message).toBe('Se está procesando la información');
    expect(during.result).toEqual(first.main_tax.result);
    await t.server.runner.whenIdle();
    const after = (await get(`/v1/cases/${caseId}/taxes`)).json().main_tax;
    expect(after).toMatchObject({ status: 'completed', message: null });
    expect(after.result.find((r: { fiscal_year: number }) => r.fiscal_year === year - 1)).toMatchObject({
      source: { status: 'warning', message: 'Con adeudo' },
      total: 777,
    });
  });

  it('POST starts one child per plate; the grid resolves each year against the portal', async () => {
    const caseId = await vehicleCase();
    const year = new Date().getUTCFullYear();
    await t.admin('PUT', '/admin/sandbox/fixtures/tenencia/NXA1234:MEX', { years: [{ fiscal_year: year - 1, amount: 3100 }] });
    await t.admin('PUT', '/admin/sandbox/fixtures/tenencia/MLK9876:MEX', { reason: 'Vehículo no encontrado o dado de baja' });
    const start = await post(`/v1/cases/${caseId}/taxes`);
    expect(start.statusCode).toBe(202);
    expect(start.json()).toEqual({ job_id: expect.any(String), plates: expect.arrayContaining(['NXA1234', 'MLK9876']), status: 'pending' });
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/taxes`)).json();
    expect(body.main_tax.status).toBe('completed');
    expect(body.main_tax.result.map((r: { fiscal_year: number }) => r.fiscal_year)).toEqual([year, year - 1, year - 2, year - 3, year - 4]);
    const debt = body.main_tax.result[1];
    expect(debt.source).toEqual({ status: 'warning', message: 'Con adeudo' });
    expect(debt.total).toBe(3100);
    expect(body.main_tax.result[0].source).toEqual({ status: 'success', message: 'Sin adeudo' });
    expect(body.taxes.status).toBe('completed');
    expect(body.taxes.result).toEqual([
      expect.objectContaining({ plate_number: 'MLK9876', status: { status: 'failed', message: 'Vehículo no encontrado o dado de baja' } }),
    ]);
  });

  it('the main plate alone gives the permanent single-plate message; no plates gives the empties', async () => {
    const caseId = await vehicleCase({ previous: null });
    await t.admin('PUT', '/admin/sandbox/fixtures/tenencia/NXA1234:MEX', { years: [] });
    await post(`/v1/cases/${caseId}/taxes`);
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/taxes`)).json();
    expect(body.taxes).toEqual({ status: 'completed', message: 'El caso no tiene the service adicionales a la principal', result: [] });
    const bare = await createCase(t, acme);
    expect((await post(`/v1/cases/${bare}/taxes`)).statusCode).toBe(400);
    const empty = (await get(`/v1/cases/${bare}/taxes`)).json();
    expect(empty.main_tax).toEqual({ status: 'completed', message: 'No se encontraron the service registradas', result: [] });
    expect(empty.taxes).toEqual({ status: 'completed', message: 'No se encontraron the service registradas', result: [] });
  });

  it('the single-plate message waits for the portal to say whether the plate had a previous one', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'certificate_title', {
      placa: 'PND1111',
      entidad: 'MEX',
      vin: VIN,
      fecha_documento: '01/02/2025',
    });
    await t.admin('PUT', '/admin/sandbox/fixtures/plate_portal/PND1111', { plate_status: 'Vigente', previous_plate: null, delay_ms: 1500 });
    await t.admin('PUT', '/admin/sandbox/fixtures/tenencia/PND1111:MEX', { years: [] });
    expect((await post(`/v1/cases/${caseId}/plates`)).json().plates[0].previous_plate_lookup_status).toBe('pending');
    expect((await post(`/v1/cases/${caseId}/taxes`)).statusCode).toBe(202);
    const early = await eventually(
      () => get(`/v1/cases/${caseId}/taxes`).then((r) => r.json()),
      (b) => b.main_tax.status === 'completed',
    );
    const portal = (await get(`/v1/cases/${caseId}/plates`)).json().plates[0].previous_plate_lookup_status;
    if (portal === 'pending')
      expect(early.taxes).toEqual({ status: 'processing', message: 'Se está procesando la información', result: [] });
    await t.server.runner.whenIdle();
    const late = (await get(`/v1/cases/${caseId}/taxes`)).json();
    expect(late.taxes).toEqual({ status: 'completed', message: 'El caso no tiene the service adicionales a la principal', result: [] });
  });
});
