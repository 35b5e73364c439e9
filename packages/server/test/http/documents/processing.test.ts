import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../src/clock.js';
import { createCase, createTenant, startTestServer } from '../../helpers/testServer.js';
import { fixtureText } from '../../pipeline/helpers.js';
import { PDF, t, acme, keyHeaders, setOcr, upload, useDocumentServer } from './documentServer.js';

useDocumentServer();

describe('an OCR source that cannot be reached', () => {
  it('automatic classify and extraction-data answer 200 from what the document has, not 500', async () => {
    const caseId = await createCase(t, acme);
    const bytes = Buffer.from('%PDF-1.4 unreachable ocr source');
    const { document_id } = (await upload({ case_id: caseId, mime_type: 'application/pdf', base64: bytes.toString('base64') })).json();
    await setOcr(t, bytes, { error: 'ocr service down' });

    const auto = await t.inject({ method: 'POST', url: `/v1/documents/${document_id}/classify`, headers: keyHeaders(acme) });
    expect(auto.statusCode).toBe(200);
    expect(auto.json()).toEqual({ document_id, type: null, document_subtype: null, method: 'automatic', confidence: 0 });

    const patched = await t.inject({
      method: 'PATCH',
      url: `/v1/documents/${document_id}/ocr`,
      headers: keyHeaders(acme),
      payload: {
        type: 'factura',
        parsed_data: { vin: '1M8GDM9AXKP042788' },
        json_ocr: { text: 'FACTURA COMPROBANTE FISCAL DIGITAL FOLIO FISCAL EMISOR RECEPTOR' },
      },
    });
    expect(patched.statusCode).toBe(200);
    const fromStored = await t.inject({ method: 'POST', url: `/v1/documents/${document_id}/classify`, headers: keyHeaders(acme) });
    expect(fromStored.statusCode).toBe(200);
    expect(fromStored.json().type).toBe('invoice');

    const extraction = await t.inject({ method: 'GET', url: `/v1/documents/${document_id}/extraction-data`, headers: keyHeaders(acme) });
    expect(extraction.statusCode).toBe(200);
    expect(extraction.json()).toMatchObject({ document_id, codes: [], validity: patched.json().validity });
  });
});

describe('the sha256 of an uploaded file', () => {
  it('is taken by the first OCR run, not by the upload: the sandbox fixture keyed by it applies, and the run keeps it', async () => {
    const caseId = await createCase(t, acme);
    const bytes = Buffer.from('%PDF-1.4 hashed by the ocr job');
    const sha = createHash('sha256').update(bytes).digest('hex');
    await setOcr(t, bytes, { type: 'factura', text: 'FACTURA', parsed_data: { vin: '1M8GDM9AXKP042788' } });
    const hashOf = async (id: string) =>
      (await t.server.ctx.db.selectFrom('documents').select('sha256').where('id', '=', id).executeTakeFirstOrThrow()).sha256;
    const { document_id } = (await upload({ case_id: caseId, mime_type: 'application/pdf', base64: bytes.toString('base64') })).json();
    await t.server.runner.whenIdle();
    const detail = (await t.inject({ method: 'GET', url: `/v1/documents/${document_id}`, headers: keyHeaders(acme) })).json();
    expect(detail).toMatchObject({ type: 'factura', parsed_data: { vin: '1M8GDM9AXKP042788' } });
    expect(await hashOf(document_id)).toBe(sha);
  });
});

describe('an expired ID', () => {
  it('reads ID_EXPIRED by the server clock whichever path processed it: upload, reprocess, classify', async () => {
    const w = await startTestServer({}, { clock: manualClock(Date.parse('2034-01-01T12:00:00.000Z')) });
    try {
      const tenant = await createTenant(w);
      const bytes = Buffer.from('%PDF-1.4 ine scan');
      await setOcr(w, bytes, {
        type: 'ine',
        text: fixtureText('ine-front-back.txt'),
        parsed_data: { nombre: 'GLORIA', apellido_paterno: 'HERNÁNDEZ', apellido_materno: 'GARCÍA', curp: 'HEGG560427MVZRRL04' },
      });
      const caseId = await createCase(w, tenant);
      const headers = { 'x-api-key': tenant.apiKey };
      const { document_id } = (
        await w.inject({
          method: 'POST',
          url: '/v1/documents',
          headers,
          payload: { case_id: caseId, mime_type: 'application/pdf', base64: bytes.toString('base64') },
        })
      ).json();
      const codes = async () => {
        await w.server.runner.whenIdle();
        return (await w.inject({ method: 'GET', url: `/v1/documents/${document_id}`, headers })).json().validity.codes;
      };
      expect(await codes()).toContain('ID_EXPIRED');
      await w.inject({ method: 'POST', url: `/v1/documents/${document_id}/process`, headers });
      expect(await codes()).toContain('ID_EXPIRED');
      await w.inject({ method: 'POST', url: `/v1/documents/${document_id}/classify`, headers, payload: { type: 'ine' } });
      expect(await codes()).toContain('ID_EXPIRED');
    } finally {
      await w.close();
    }
  });
});

describe('OCR fixture parsed_data in other forms (operator-surface §5)', () => {
  it('is stored in the vocabulary form: entity codes, numbers, DD/MM/YYYY days', async () => {
    const w = await startTestServer();
    try {
      const tenant = await createTenant(w);
      const bytes = Buffer.from('%PDF-1.4 recibo de tenencia');
      await setOcr(w, bytes, {
        type: 'tax_payment',
        text: 'TENENCIA',
        parsed_data: {
          placa: 'nxa-12-34',
          entidad: 'Estado de México',
          ejercicio_fiscal: '2024',
          total: '$1,850.50',
          fecha_pago: '2024-02-20',
          anio_modelo: 'dos mil',
        },
      });
      const caseId = await createCase(w, tenant);
      const { document_id } = (
        await w.inject({
          method: 'POST',
          url: '/v1/documents',
          headers: { 'x-api-key': tenant.apiKey },
          payload: { case_id: caseId, mime_type: 'application/pdf', base64: bytes.toString('base64') },
        })
      ).json();
      await w.server.runner.whenIdle();
      const detail = (
        await w.inject({ method: 'GET', url: `/v1/documents/${document_id}`, headers: { 'x-api-key': tenant.apiKey } })
      ).json();
      expect(detail.parsed_data).toEqual({
        placa: 'NXA1234',
        entidad: 'MEX',
        ejercicio_fiscal: 2024,
        total: 1850.5,
        fecha_pago: '20/02/2024',
      });
    } finally {
      await w.close();
    }
  });
});

describe('stored files (GET /files/<key>)', () => {
  it('serves an upload at its url, small ones kept in the database and large ones on disk (SQLite) or in it too (PostgreSQL)', async () => {
    const caseId = await createCase(t, acme);
    const small = Buffer.from('<?xml version="1.0"?><cfdi:Comprobante Version="4.0"/>');
    const large = Buffer.concat([PDF, Buffer.alloc(300 * 1024, 7)]);
    for (const [bytes, mime] of [
      [small, 'application/xml'],
      [large, 'application/pdf'],
    ] as const) {
      const up = await t.inject({
        method: 'POST',
        url: '/v1/documents',
        headers: acme.bearer,
        payload: { case_id: caseId, mime_type: mime, base64: bytes.toString('base64'), type: 'factura' },
      });
      expect(up.statusCode).toBe(201);
      const file = await t.inject({ method: 'GET', url: new URL(up.json().url).pathname });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(mime);
      expect(file.rawPayload.equals(bytes)).toBe(true);
    }
    const inDatabase = await t.server.ctx.db.selectFrom('stored_files').select('key').execute();
    const keys = await t.server.ctx.db
      .selectFrom('documents')
      .select(['storage_key', 'size_bytes'])
      .where('case_id', '=', caseId)
      .execute();
    // On PostgreSQL every file is the database's, the large one in chunk rows (docs/operator-guide.md).
    const stored = keys.filter((k) => inDatabase.some((r) => r.key === k.storage_key)).map((k) => Number(k.size_bytes));
    expect(stored.sort((a, b) => a - b)).toEqual(t.server.ctx.dialect === 'postgres' ? [small.length, large.length] : [small.length]);
    expect((await t.inject({ method: 'GET', url: `/files/${'A'.repeat(32)}.pdf` })).statusCode).toBe(404);
  });
});
