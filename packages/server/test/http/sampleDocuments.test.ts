import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createCase } from '../helpers/testServer.js';
import { acme, t, useTenantServer } from './tenantServer.js';

/** The sample documents the demo and the examples ship, read by the real engines end to end. */
const sample = (name: string) => fs.readFileSync(new URL(`../../../../examples/documents/${name}`, import.meta.url));

useTenantServer();

describe('sample documents through the real pipeline', () => {
  it('CFDI, tarjeta de circulación, tenencia receipt and CURP become a consistent case', async () => {
    const caseId = await createCase(t, acme);
    const ids: Record<string, string> = {};
    for (const [name, mime] of [
      ['factura.xml', 'application/xml'],
      ['tarjeta-circulacion.pdf', 'application/pdf'],
      ['tenencia-2025.pdf', 'application/pdf'],
      ['curp.pdf', 'application/pdf'],
    ] as const) {
      const res = await t.inject({
        method: 'POST',
        url: '/v1/documents',
        headers: { 'x-api-key': acme.apiKey },
        payload: { case_id: caseId, mime_type: mime, base64: sample(name).toString('base64') },
      });
      expect(res.statusCode, name).toBe(201);
      ids[name] = res.json().document_id;
    }
    await t.inject({ method: 'POST', url: `/v1/cases/${caseId}/process`, headers: acme.bearer });
    await t.server.runner.whenIdle();
    const doc = async (name: string) =>
      (await t.inject({ method: 'GET', url: `/v1/documents/${ids[name]}`, headers: { 'x-api-key': acme.apiKey } })).json();

    const factura = await doc('factura.xml');
    // An ingreso CFDI is an invoice (contract §4.8): listed, and checked against the SAT.
    expect(factura.type).toBe('invoice');
    const invoices = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/invoices`, headers: acme.bearer })).json();
    expect(invoices.invoices.map((i: { file_id: string }) => i.file_id)).toEqual([ids['factura.xml']]);
    expect(factura.parsed_data).toMatchObject({
      vin: '3N1CN8AE5RK812345',
      rfc_emisor: 'AVM9203175R5',
      monto_total: 406000,
      folio_fiscal: '6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B',
    });
    const tarjeta = await doc('tarjeta-circulacion.pdf');
    expect(tarjeta.type).toBe('certificate_title');
    expect(tarjeta.parsed_data).toMatchObject({
      placa: 'NXA1234',
      entidad: 'MEX',
      vin: '3N1CN8AE5RK812345',
      propietario: 'JUAN PEREZ LOPEZ',
    });
    const tenencia = await doc('tenencia-2025.pdf');
    expect(tenencia.type).toBe('tax_payment');
    expect(tenencia.parsed_data).toMatchObject({ placa: 'NXA1234', ejercicio_fiscal: 2025, fecha_pago: '20/02/2025', total: 1850.5 });
    const curp = await doc('curp.pdf');
    expect(curp.type).toBe('curp');
    expect(curp.parsed_data).toMatchObject({ curp: 'PELJ800101HMCRPN06' });

    const vins = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/vins`, headers: acme.bearer })).json();
    expect(vins.primary_vin).toBe('3N1CN8AE5RK812345');
    const plates = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/plates`, headers: acme.bearer })).json();
    expect([...new Set(plates.plates.map((p: { plate: string }) => p.plate))]).toEqual(['NXA1234']);

    // An automatic classify of the processed CFDI keeps the subtype processing found.
    const subtypeOf = async () =>
      (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}`, headers: acme.bearer }))
        .json()
        .files.find((f: { file_id: string }) => f.file_id === ids['factura.xml']).document_subtype;
    expect(await subtypeOf()).toBe('cfdi_4.0');
    const classified = await t.inject({
      method: 'POST',
      url: `/v1/documents/${ids['factura.xml']}/classify`,
      headers: { 'x-api-key': acme.apiKey },
    });
    expect(classified.json()).toMatchObject({ type: 'invoice', document_subtype: 'cfdi_4.0', method: 'automatic' });
    expect(await subtypeOf()).toBe('cfdi_4.0');
  });
});
