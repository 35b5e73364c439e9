import { describe, expect, it } from 'vitest';
import { addProcessedDocument, createCase } from '../../helpers/testServer.js';
import { VIN, t, acme, get, useTenantServer } from './lookupServer.js';

useTenantServer();

describe('invoices: the amis check (contract §4.8)', () => {
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
    await t.admin('PUT', `/admin/sandbox/fixtures/amis/${vinWithData}`, {
      result: { info: [], data: [{ marca: 'M', poliza: 'POL-12345678' }] },
    });
    await t.admin('PUT', `/admin/sandbox/fixtures/amis/${vinEmpty}`, { result: { info: [], data: [] } });
    const amisOf = async (vin: string) => {
      const caseId = await createCase(t, acme);
      await addProcessedDocument(t, acme, caseId, 'invoice', { vin });
      await t.server.runner.whenIdle();
      return (await get(`/v1/cases/${caseId}/invoices`)).json().invoices[0].amis;
    };
    expect(await amisOf(vinWithData)).toEqual({
      status: 'completed',
      message: null,
      result: { data: [{ marca: 'M', poliza: '********5678' }] },
      updated_at: expect.any(String),
    });
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
    expect(inv.amis.result.info).toEqual([
      { marca: 'NISSAN', poliza: '********7766' },
      { marca: 'NISSAN', poliza: '****4321' },
      { marca: 'NISSAN' },
    ]);

    const shortVin = await createCase(t, acme);
    await addProcessedDocument(t, acme, shortVin, 'invoice', { vin: VIN.slice(0, 16) });
    await t.server.runner.whenIdle();
    const [short] = (await get(`/v1/cases/${shortVin}/invoices`)).json().invoices;
    expect(short.amis).toMatchObject({ status: 'completed', message: 'Longitud incorrecta (se esperan 17 caracteres)', result: null });
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
});
