import { describe, expect, it } from 'vitest';
import { createCase, createTenant } from '../../helpers/testServer.js';
import { t, acme, other, keyHeaders, upload, useDocumentServer } from './documentServer.js';

useDocumentServer();

describe('GET /v1/documents', () => {
  it('lists the company documents newest first, filtered by case_id and document_id', async () => {
    const tenant = await createTenant(t, { name: 'Listas' });
    const caseA = await createCase(t, tenant);
    const caseB = await createCase(t, tenant);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await upload({ case_id: i < 8 ? caseA : caseB, mime_type: 'application/pdf', base64: 'QUJD' }, keyHeaders(tenant));
      ids.push(res.json().document_id);
    }
    const page = (await t.inject({ method: 'GET', url: '/v1/documents', headers: tenant.bearer })).json();
    expect(page.pagination).toEqual({ limit: 10, offset: 0, total: 12, has_more: true });
    expect(page.data[0].document_id).toBe(ids[11]);
    expect(page.data[0]).toEqual({
      document_id: ids[11],
      case_id: caseB,
      type: null,
      mime_type: 'application/pdf',
      status: 'uploaded',
      url: expect.any(String),
      created_at: expect.any(String),
      active: true,
    });
    const byCase = (await t.inject({ method: 'GET', url: `/v1/documents?case_id=${caseB}`, headers: tenant.bearer })).json();
    expect(byCase.pagination.total).toBe(4);
    const both = (
      await t.inject({ method: 'GET', url: `/v1/documents?case_id=${caseA}&document_id=${ids[0]}`, headers: tenant.bearer })
    ).json();
    expect(both.data.map((d: { document_id: string }) => d.document_id)).toEqual([ids[0]]);
    const mismatch = (
      await t.inject({ method: 'GET', url: `/v1/documents?case_id=${caseB}&document_id=${ids[0]}`, headers: tenant.bearer })
    ).json();
    expect(mismatch.data).toEqual([]);
  });

  it('returns an empty list (not 404 or 403) for unknown or foreign ids', async () => {
    const foreignCase = await createCase(t, other);
    for (const q of [`case_id=${crypto.randomUUID()}`, `case_id=${foreignCase}`, `document_id=${crypto.randomUUID()}`]) {
      const res = await t.inject({ method: 'GET', url: `/v1/documents?${q}`, headers: acme.bearer });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: [], pagination: { limit: 10, offset: 0, total: 0, has_more: false } });
    }
  });

  it('400 VALIDATION_ERROR for bad ids or paging, 401 UNAUTHORIZED without a bearer token', async () => {
    for (const q of ['case_id=nope', 'document_id=123', 'limit=abc', 'offset=1.5']) {
      const res = await t.inject({ method: 'GET', url: `/v1/documents?${q}`, headers: acme.bearer });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code, q).toBe('VALIDATION_ERROR');
    }
    // "max 100": a larger integer is capped, not refused (only non-integers are).
    const capped = await t.inject({ method: 'GET', url: '/v1/documents?limit=101', headers: acme.bearer });
    expect(capped.statusCode).toBe(200);
    expect(capped.json().pagination.limit).toBe(100);
    const none = await t.inject({ method: 'GET', url: '/v1/documents' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('UNAUTHORIZED');
    const withKey = await t.inject({ method: 'GET', url: '/v1/documents', headers: keyHeaders(acme) });
    expect(withKey.statusCode).toBe(401);
    expect(withKey.json().error.code).toBe('UNAUTHORIZED');
  });
});

describe('document lifecycle', () => {
  it('soft delete and restore; the case detail hides inactive files unless files=all', async () => {
    const caseId = await createCase(t, acme);
    const { document_id } = (await upload({ case_id: caseId, mime_type: 'application/pdf', base64: 'QUJD' })).json();
    const del = await t.inject({ method: 'DELETE', url: `/v1/documents/${document_id}`, headers: keyHeaders(acme) });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ document_id, active: false });
    expect((await t.inject({ method: 'GET', url: `/v1/cases/${caseId}`, headers: acme.bearer })).json().files).toEqual([]);
    const all = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}?files=all`, headers: acme.bearer })).json();
    expect(all.files).toHaveLength(1);
    expect(all.files[0].active).toBe(false);
    const restore = await t.inject({ method: 'POST', url: `/v1/documents/${document_id}/restore`, headers: keyHeaders(acme) });
    expect(restore.json()).toEqual({ document_id, active: true });
    expect((await t.inject({ method: 'GET', url: `/v1/cases/${caseId}`, headers: acme.bearer })).json().files).toHaveLength(1);
  });

  it("another company's document reads as not found on every endpoint", async () => {
    const caseId = await createCase(t, other);
    const { document_id } = (await upload({ case_id: caseId, mime_type: 'application/pdf', base64: 'QUJD' }, keyHeaders(other))).json();
    for (const [method, url] of [
      ['GET', `/v1/documents/${document_id}`],
      ['DELETE', `/v1/documents/${document_id}`],
      ['POST', `/v1/documents/${document_id}/restore`],
      ['POST', `/v1/documents/${document_id}/process`],
      ['GET', `/v1/documents/${document_id}/extraction-data`],
    ] as const) {
      const res = await t.inject({ method, url, headers: keyHeaders(acme) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      // §7 names RESOURCE_NOT_FOUND only for assign and upload (docs/errors.md).
      expect(res.json().error, `${method} ${url}`).toEqual({ code: null, message: 'Documento no encontrado' });
    }
  });

  it('PATCH ocr makes the document processed and refreshes the case VINs and names', async () => {
    const caseId = await createCase(t, acme);
    const { document_id } = (await upload({ case_id: caseId, mime_type: 'application/pdf', base64: 'QUJD' })).json();
    // The upload's OCR is queued (no workers here): more names may come.
    const early = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/names`, headers: acme.bearer })).json();
    expect(early).toEqual({ case_id: caseId, status: 'processing', names: [] });
    const res = await t.inject({
      method: 'PATCH',
      url: `/v1/documents/${document_id}/ocr`,
      headers: keyHeaders(acme),
      payload: {
        type: 'factura',
        parsed_data: {
          vin: '1M8GDM9AXKP042788',
          rfc_emisor: 'AAA010101AAA',
          monto_total: 350000,
          nombre_receptor: 'María López Pérez',
          nombre_emisor: 'Autos del Norte S.A. de C.V.',
        },
        json_ocr: { text: 'FACTURA' },
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      case_id: caseId,
      type: 'factura',
      json_ocr: { text: 'FACTURA' },
      parsed_data: { vin: '1M8GDM9AXKP042788', monto_total: 350000 },
    });
    expect(body.validity).toEqual({ document_validity: expect.any(String), codes: expect.any(Array), userInfo: expect.any(Object) });
    const vins = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/vins`, headers: acme.bearer })).json();
    expect(vins).toEqual({
      case_id: caseId,
      primary_vin: '1M8GDM9AXKP042788',
      vins: [{ file_id: document_id, document_type: 'factura', vin: '1M8GDM9AXKP042788', check_digit_valid: true, is_primary: true }],
    });
    const names = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/names`, headers: acme.bearer })).json();
    expect(names.status).toBe('completed');
    expect(names.names).toEqual(
      expect.arrayContaining([
        {
          name: 'María López Pérez',
          person_type: 'fisica',
          sources: [{ file_id: document_id, document_type: 'factura', field: 'nombre_receptor' }],
        },
        {
          name: 'Autos del Norte S.A. de C.V.',
          person_type: 'moral',
          sources: [{ file_id: document_id, document_type: 'factura', field: 'nombre_emisor' }],
        },
      ]),
    );
    const list = (await t.inject({ method: 'GET', url: '/v1/cases?vin=042788', headers: acme.bearer })).json();
    expect(list.data.map((c: { case_id: string }) => c.case_id)).toContain(caseId);
    const bad = await t.inject({
      method: 'PATCH',
      url: `/v1/documents/${document_id}/ocr`,
      headers: keyHeaders(acme),
      payload: { json_ocr: {} },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('the primary VIN is a valid one: an invoice VIN its check digit refuses loses to a valid VIN elsewhere', async () => {
    const caseId = await createCase(t, acme);
    const withOcr = async (type: string, vin: string) => {
      const { document_id } = (
        await upload({ case_id: caseId, mime_type: 'application/pdf', base64: Buffer.from(type + vin).toString('base64') })
      ).json();
      const res = await t.inject({
        method: 'PATCH',
        url: `/v1/documents/${document_id}/ocr`,
        headers: keyHeaders(acme),
        payload: { type, parsed_data: { vin } },
      });
      expect(res.statusCode).toBe(200);
      return document_id as string;
    };
    const title = await withOcr('certificate_title', '1M8GDM9AXKP042788');
    const invoice = await withOcr('invoice', '1M8GDM9AYKP042788');
    const vins = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/vins`, headers: acme.bearer })).json();
    expect(vins.primary_vin).toBe('1M8GDM9AXKP042788');
    expect(vins.vins).toEqual(
      expect.arrayContaining([
        { file_id: invoice, document_type: 'invoice', vin: '1M8GDM9AYKP042788', check_digit_valid: false, is_primary: false },
        { file_id: title, document_type: 'certificate_title', vin: '1M8GDM9AXKP042788', check_digit_valid: true, is_primary: true },
      ]),
    );
  });

  it('classify with a type is manual; reclassify and process answer 202 with a job', async () => {
    const caseId = await createCase(t, acme);
    const { document_id } = (await upload({ case_id: caseId, mime_type: 'application/pdf', base64: 'QUJD' })).json();
    const manual = await t.inject({
      method: 'POST',
      url: `/v1/documents/${document_id}/classify`,
      headers: keyHeaders(acme),
      payload: { type: 'ine' },
    });
    expect(manual.statusCode).toBe(200);
    expect(manual.json()).toEqual({ document_id, type: 'ine', document_subtype: null, method: 'manual', confidence: 1 });
    const re = await t.inject({
      method: 'POST',
      url: `/v1/documents/${document_id}/reclassify`,
      headers: keyHeaders(acme),
      payload: { type: 'curp' },
    });
    expect(re.statusCode).toBe(202);
    expect(re.json()).toEqual({ job_id: expect.any(String) });
    expect((await t.inject({ method: 'GET', url: `/v1/documents/${document_id}`, headers: keyHeaders(acme) })).json().type).toBe('curp');
    const missingType = await t.inject({
      method: 'POST',
      url: `/v1/documents/${document_id}/reclassify`,
      headers: keyHeaders(acme),
      payload: {},
    });
    expect(missingType.statusCode).toBe(400);
    const proc = await t.inject({ method: 'POST', url: `/v1/documents/${document_id}/process`, headers: keyHeaders(acme) });
    expect(proc.statusCode).toBe(202);
    expect(proc.json()).toEqual({ document_id, job_id: expect.any(String), status: 'processing' });
  });
});

describe('PATCH …/ocr keeps the vocabulary normalized (operator-surface §5)', () => {
  it('stores plates and VINs uppercase without separators, and refuses a day that does not exist', async () => {
    const caseId = await createCase(t, acme);
    const { document_id } = (await upload({ case_id: caseId, mime_type: 'application/pdf', base64: 'QUJD' })).json();
    const url = `/v1/documents/${document_id}/ocr`;
    const ok = await t.inject({
      method: 'PATCH',
      url,
      headers: keyHeaders(acme),
      payload: {
        type: 'vehicle_plate',
        parsed_data: { vin: ' 1m8gdm9axkp042788 ', placa: 'abc–12·34', entidad: 'MEX', fecha_documento: '29/02/2024' },
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().parsed_data).toMatchObject({ vin: '1M8GDM9AXKP042788', placa: 'ABC1234', fecha_documento: '29/02/2024' });
    await t.inject({ method: 'POST', url: `/v1/cases/${caseId}/plates`, headers: acme.bearer });
    const plates = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/plates`, headers: acme.bearer })).json();
    expect(plates.plates.map((p: { plate: string }) => p.plate)).toEqual(['ABC1234']);

    const bad = await t.inject({
      method: 'PATCH',
      url,
      headers: keyHeaders(acme),
      payload: { parsed_data: { placa: 'ABC1234', fecha_documento: '31/02/2024' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
    const kept = (await t.inject({ method: 'GET', url: `/v1/documents/${document_id}`, headers: keyHeaders(acme) })).json();
    expect(kept.parsed_data.fecha_documento).toBe('29/02/2024');
  });
});

describe('classify on a processed document', () => {
  it('a new type drops the old subtype and recomputes validity with the same parsed_data', async () => {
    const caseId = await createCase(t, acme);
    const { document_id } = (await upload({ case_id: caseId, mime_type: 'application/pdf', base64: 'QUJD' })).json();
    const url = `/v1/documents/${document_id}`;
    const patched = await t.inject({
      method: 'PATCH',
      url: `${url}/ocr`,
      headers: keyHeaders(acme),
      payload: {
        type: 'vehicle_plate',
        parsed_data: { vin: '1M8GDM9AXKP042788', placa: 'ABC1234', entidad: 'MEX', propietario: 'JUAN PEREZ GARCIA' },
        json_ocr: { text: 'TARJETA DE CIRCULACION' },
      },
    });
    expect(patched.json().validity.document_validity).toBe('valid');
    await t.server.ctx.db.updateTable('documents').set({ subtype: 'tarjeta_circulacion' }).where('id', '=', document_id).execute();

    const same = await t.inject({ method: 'POST', url: `${url}/classify`, headers: keyHeaders(acme), payload: { type: 'vehicle_plate' } });
    expect(same.json().document_subtype).toBe('tarjeta_circulacion');

    const ine = await t.inject({ method: 'POST', url: `${url}/classify`, headers: keyHeaders(acme), payload: { type: 'ine' } });
    expect(ine.json()).toEqual({ document_id, type: 'ine', document_subtype: null, method: 'manual', confidence: 1 });
    const detail = (await t.inject({ method: 'GET', url, headers: keyHeaders(acme) })).json();
    expect(detail.type).toBe('ine');
    expect(detail.parsed_data).toMatchObject({ placa: 'ABC1234' });
    expect(detail.validity.document_validity).not.toBe('valid');
    expect(detail.validity.codes).toEqual(expect.arrayContaining(['MISSING_NOMBRE']));
  });
});
