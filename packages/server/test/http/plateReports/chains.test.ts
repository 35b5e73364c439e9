import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addProcessedDocument, createCase } from '../../helpers/testServer.js';
import { VIN, t, acme, get, post, vehicleCase, useTenantServer } from './vehicleServer.js';

useTenantServer();

describe('chains (contract §4.3, §2.5, §2.6)', () => {
  it('POST chain_plates answers the processing shape at once; GET serves the generated chain', async () => {
    const caseId = await vehicleCase();
    const before = (await get(`/v1/cases/${caseId}/chain_plates`)).json();
    expect(before).toMatchObject({ case_id: caseId, summary: null, chain: [], status: 'pending' });
    const res = await post(`/v1/cases/${caseId}/chain_plates`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      case_id: caseId,
      internal_id: expect.any(String),
      niv: VIN,
      summary: null,
      chain: [],
      status: 'processing',
      message: 'La generación de la cadena de the service se está ejecutando en background.',
    });
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/chain_plates`)).json();
    expect(body.status).toBe('completed');
    expect(body.summary).toMatchObject({ plate_count: 2, current_plate: 'NXA1234', chain_scope: 'edomex_only' });
    expect(body.chain.map((c: { plate: string }) => c.plate)).toEqual(['MLK9876', 'NXA1234']);
    expect(body.chain[1]).toMatchObject({ sequence_index: 1, is_current: true, predecessor_plate: 'MLK9876' });
    expect(body.chain[1].documents[0]).toMatchObject({ niv_matches_case_niv: true, file_url: expect.stringContaining('/files/') });
  });

  it('a case whose plates were never computed gets them first, then its chain', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'certificate_title', {
      placa: 'PQR-56-78',
      entidad: 'MEX',
      vin: VIN,
      fecha_documento: '01/02/2024',
    });
    expect((await get(`/v1/cases/${caseId}/plates`)).statusCode).toBe(404);
    expect((await post(`/v1/cases/${caseId}/chain_plates`)).statusCode).toBe(202);
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/chain_plates`)).json();
    expect(body).toMatchObject({ status: 'completed', summary: { plate_count: 1, current_plate: 'PQR5678' } });
    expect((await get(`/v1/cases/${caseId}/plates`)).json().plates.map((p: { plate: string }) => p.plate)).toEqual(['PQR5678']);
  });

  it('waits for the portal to name previous plates, leaves out deleted documents, reads portal values in the contract form', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'tax_payment', {
      placa: 'FRS1001',
      entidad: 'MEX',
      vin: VIN,
      fecha_documento: '01/01/2022',
    });
    const deleted = await addProcessedDocument(t, acme, caseId, 'tax_payment', {
      placa: 'DEL2002',
      entidad: 'JAL',
      vin: VIN,
      fecha_documento: '01/01/2023',
      folio: 'ABC',
    });
    await t.admin('PUT', '/admin/sandbox/fixtures/plate_portal/FRS1001', {
      plate_status: 'VIGENTE',
      valid_from: '2021-01-01',
      valid_until: '01/01/2026',
      previous_plate: 'FRZ9009',
      delay_ms: 600,
    });
    expect((await post(`/v1/cases/${caseId}/plates`)).statusCode).toBe(200);
    expect((await t.inject({ method: 'DELETE', url: `/v1/documents/${deleted}`, headers: { 'x-api-key': acme.apiKey } })).statusCode).toBe(
      200,
    );
    expect((await get(`/v1/cases/${caseId}/plates`)).json().plates.map((p: { plate: string }) => p.plate)).toEqual(['FRS1001']);
    expect((await post(`/v1/cases/${caseId}/chain_plates`)).statusCode).toBe(202);
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/chain_plates`)).json();
    expect(body.chain.map((c: { plate: string; predecessor_plate: string | null }) => [c.plate, c.predecessor_plate])).toEqual([
      ['FRZ9009', null],
      ['FRS1001', 'FRZ9009'],
    ]);
    const [plate] = (await get(`/v1/cases/${caseId}/plates`)).json().plates;
    expect(plate).toMatchObject({ plate_status: 'Vigente', plate_valid_from: '01/01/2021', plate_valid_until: '01/01/2026' });
  });

  it("the ownership chain waits for the names still being read, and leaves out another vehicle's documents", async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'factura', {
      vin: VIN,
      nombre_emisor: 'AGENCIA SA DE CV',
      nombre_receptor: 'JUAN PEREZ',
      fecha_emision: '10/01/2015',
    });
    await addProcessedDocument(t, acme, caseId, 'factura', {
      vin: '3VWFE21C04M000001',
      nombre_emisor: 'OTRA AGENCIA SA DE CV',
      nombre_receptor: 'PEDRO AJENO',
      fecha_emision: '10/01/2010',
    });
    const bytes = Buffer.from('%PDF-1.4 endoso tardio');
    await t.admin('PUT', `/admin/sandbox/fixtures/ocr/${createHash('sha256').update(bytes).digest('hex')}`, {
      type: 'factura',
      parsed_data: { vin: VIN, endosos: [{ de: 'JUAN PEREZ', a: 'ANA LOPEZ', fecha: '01/01/2020' }] },
      delay_ms: 600,
    });
    await t.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: { 'x-api-key': acme.apiKey },
      payload: { case_id: caseId, mime_type: 'application/pdf', base64: bytes.toString('base64') },
    });
    expect((await post(`/v1/cases/${caseId}/ownership_chain`)).statusCode).toBe(202);
    expect((await get(`/v1/cases/${caseId}/ownership_chain`)).json().status).toBe('processing');
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/ownership_chain`)).json();
    expect(body.status).toBe('completed');
    expect(body.summary.current_owner).toBe('ANA LOPEZ');
    const owners = body.chain.map((c: { display_name: string }) => c.display_name);
    expect(owners).toEqual(expect.arrayContaining(['AGENCIA SA DE CV', 'JUAN PEREZ', 'ANA LOPEZ']));
    expect(owners).not.toContain('PEDRO AJENO');
  });

  it('POST ownership_chain answers processing; GET serves owners pivoted on the invoice', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'factura', {
      vin: VIN,
      nombre_emisor: 'Autos del Norte S.A. de C.V.',
      nombre_receptor: 'María López',
      fecha_emision: '10/01/2019',
      endosos: [{ de: 'María López', a: 'Juan Pérez', fecha: '05/05/2022' }],
    });
    const res = await post(`/v1/cases/${caseId}/ownership_chain`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      case_id: caseId,
      internal_id: expect.any(String),
      summary: null,
      chain: [],
      gaps: [],
      status: 'processing',
      message: 'La generación de la cadena de propiedad se está ejecutando en background.',
    });
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/ownership_chain`)).json();
    expect(body.status).toBe('completed');
    expect(body.summary).toMatchObject({ chain_pivot: 'invoice_original', current_owner: 'Juan Pérez' });
    const names = body.chain.map((c: { display_name: string }) => c.display_name);
    expect(names).toEqual(expect.arrayContaining(['María López', 'Juan Pérez']));
  });

  it('400 for a bad id or any parameter; 404 for missing or deleted cases', async () => {
    const caseId = await createCase(t, acme);
    for (const path of ['chain_plates', 'ownership_chain']) {
      expect((await post(`/v1/cases/not-a-uuid/${path}`)).statusCode).toBe(400);
      expect((await post(`/v1/cases/${caseId}/${path}`, { force: true })).statusCode).toBe(400);
      expect((await t.inject({ method: 'POST', url: `/v1/cases/${caseId}/${path}?force=1`, headers: acme.bearer })).statusCode).toBe(400);
      // A body of any kind is parameters: 400 without a code, never 415 or a JSON parse error.
      for (const [type, payload] of [
        ['application/x-www-form-urlencoded', 'force=1'],
        ['text/plain', 'force'],
        ['application/json', '{not json'],
        ['application/json', '[1]'],
      ]) {
        const res = await t.inject({
          method: 'POST',
          url: `/v1/cases/${caseId}/${path}`,
          headers: { ...acme.bearer, 'content-type': type },
          payload,
        });
        expect(res.statusCode, `${type} ${payload}`).toBe(400);
        expect(res.json().error.code, `${type} ${payload}`).toBeNull();
      }
      for (const payload of ['', '{}']) {
        const res = await t.inject({
          method: 'POST',
          url: `/v1/cases/${caseId}/${path}`,
          headers: { ...acme.bearer, 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `empty body ${JSON.stringify(payload)}`).toBe(202);
      }
      expect((await post(`/v1/cases/${crypto.randomUUID()}/${path}`)).statusCode).toBe(404);
      expect((await get(`/v1/cases/${crypto.randomUUID()}/${path}`)).statusCode).toBe(404);
    }
    await t.inject({ method: 'DELETE', url: `/v1/cases/${caseId}`, headers: acme.bearer });
    expect((await get(`/v1/cases/${caseId}/chain_plates`)).statusCode).toBe(404);
  });
});
