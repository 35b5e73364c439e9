import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addProcessedDocument, createCase, createTenant, startTestServer } from '../../helpers/testServer.js';
import { VIN, t, acme, get, useTenantServer } from './lookupServer.js';

useTenantServer();

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
      result: {
        estadoCFDI: 'Vigente',
        folioFiscal: folio,
        rfcEmisor: 'AND010101AAA',
        nombreEmisor: 'AUTOS DEL NORTE',
        rfcReceptor: 'LOPM800101AB1',
        nombreReceptor: 'MARIA LOPEZ',
        totalCfdi: '350000.00',
        fechaEmision: '2024-03-15T10:00:00',
        estatusCancelacion: null,
      },
    });
    await t.admin('PUT', '/admin/sandbox/fixtures/sat_cfdi/XXX010101XXX|YYY010101YYY', { not_found: true });
    await t.admin('PUT', `/admin/sandbox/fixtures/amda/${VIN}`, {
      reason: 'No se encontraron los indicadores de una Factura AMDA en el documento',
    });
    await t.admin('PUT', `/admin/sandbox/fixtures/amis/${VIN}`, {
      result: { data: [{ marca: 'NISSAN', poliza: '****1234', cancelable: false }] },
    });
    const caseId = await createCase(t, acme);
    const first = await addProcessedDocument(t, acme, caseId, 'invoice', {
      vin: VIN,
      folio_fiscal: folio,
      rfc_emisor: 'AND010101AAA',
      monto_total: 350000,
    });
    const second = await addProcessedDocument(t, acme, caseId, 'invoice', {
      vin: VIN,
      rfc_emisor: 'XXX010101XXX',
      rfc_receptor: 'YYY010101YYY',
    });
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
      result: {
        estadoCFDI: 'Vigente',
        folioFiscal: folio,
        rfcEmisor: 'AND010101AAA',
        nombreEmisor: 'AUTOS DEL NORTE',
        rfcReceptor: 'LOPM800101AB1',
        nombreReceptor: 'MARIA LOPEZ',
        totalCfdi: '350000.00',
        fechaEmision: '2024-03-15T10:00:00',
      },
      updated_at: expect.any(String),
    });
    expect(old.consulta_pedimento).toMatchObject({ status: 'completed', message: 'El vehículo es de procedencia nacional', result: null });
    expect(old.amda_invoice).toMatchObject({
      status: 'completed',
      message: 'No se encontraron los indicadores de una Factura AMDA en el documento',
      result: null,
    });
    expect(old.amis).toMatchObject({
      status: 'completed',
      message: null,
      result: { data: [{ marca: 'NISSAN', poliza: '****1234', cancelable: false }] },
    });
    expect(body.invoices[0].amis.result).toEqual(old.amis.result);
    expect(body.invoices[0].validate_invoice.message).toMatch(
      /^Este comprobante no se encuentra registrado en los controles del Servicio de Administracion Tributaria/,
    );
  });

  it('a processed document classified as an invoice, by hand or by its content, gets its checks run', async () => {
    const caseId = await createCase(t, acme);
    const manual = await addProcessedDocument(t, acme, caseId, 'tenencia', { vin: VIN });
    const bytes = Buffer.from('%PDF-1.4 an invoice first read as tenencia');
    await t.admin('PUT', `/admin/sandbox/fixtures/ocr/${createHash('sha256').update(bytes).digest('hex')}`, {
      type: 'tenencia',
      parsed_data: { vin: VIN },
    });
    const up = await t.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: { 'x-api-key': acme.apiKey },
      payload: { case_id: caseId, mime_type: 'application/pdf', base64: bytes.toString('base64') },
    });
    const automatic = up.json().document_id as string;
    await t.server.runner.whenIdle();
    await t.admin('PUT', `/admin/sandbox/fixtures/ocr/${createHash('sha256').update(bytes).digest('hex')}`, { type: 'invoice' });
    const classify = (id: string, payload?: object) =>
      t.inject({
        method: 'POST',
        url: `/v1/documents/${id}/classify`,
        headers: { 'x-api-key': acme.apiKey },
        ...(payload ? { payload } : {}),
      });
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
      payload: {
        case_id: caseId,
        mime_type: 'application/pdf',
        base64: Buffer.from('%PDF-1.4 nothing to read').toString('base64'),
        type: 'invoice',
      },
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
      method: 'POST',
      url: '/v1/documents',
      headers: { 'x-api-key': acme.apiKey },
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
      expect(inv[key], key).toEqual({
        status: 'completed',
        message: 'Hubo un error al procesar la información',
        result: null,
        updated_at: expect.any(String),
      });
    }
    expect(inv.consulta_pedimento).toMatchObject({ status: 'completed', message: 'Servicio no disponible.' });
  });

  it('keeps only keys that carry data at every depth of a result (§2.14)', async () => {
    const pedimento = '24  47  3456  4000999';
    await t.admin('PUT', `/admin/sandbox/fixtures/sat_pedimento/${pedimento}`, {
      result: {
        vehiculo_importado: { marca: '', vin: VIN, modelo: null },
        situacion_pedimentos: [{ estado: '' }],
        importacion_vehiculos: [{ fecha: '2024-01-02', aduana: '' }],
      },
    });
    await t.admin('PUT', `/admin/sandbox/fixtures/amda/${VIN}`, {
      result: { amda_code: 'A1', vehicle_details: { vin: VIN, brand: 'NISSAN', dealer_name: '', other: null } },
    });
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'invoice', { vin: VIN, pedimento });
    await t.server.runner.whenIdle();
    const [invoice] = (await get(`/v1/cases/${caseId}/invoices`)).json().invoices;
    expect(invoice.consulta_pedimento.result).toEqual({
      vehiculo_importado: { vin: VIN },
      importacion_vehiculos: [{ fecha: '2024-01-02' }],
    });
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

  it('an invoice without fiscal data fails validate_invoice, not as unregistered; with nothing read, no national verdict', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'invoice', {});
    await t.server.runner.whenIdle();
    const [inv] = (await get(`/v1/cases/${caseId}/invoices`)).json().invoices;
    expect(inv.validate_invoice).toMatchObject({
      status: 'completed',
      result: null,
      message: 'No se pudo consultar el SAT: el documento no tiene folio fiscal ni RFC de emisor y receptor.',
    });
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
