import { beforeAll, describe, expect, it } from 'vitest';
import { createCase, createTenant, type Tenant } from '../../helpers/testServer.js';
import { t, acme, other, insertDocument, useCaseServer } from './caseServer.js';

useCaseServer();

describe('GET /v1/cases', () => {
  let listTenant: Tenant;
  beforeAll(async () => {
    listTenant = await createTenant(t, { name: 'Listas SA', use_cases: [{ name: 'Flotilla' }] });
    for (let i = 0; i < 25; i++) {
      await createCase(t, listTenant, {
        internal_id: `LST-${String(i).padStart(3, '0')}`,
        ...(i % 5 === 0 ? { use_case: listTenant.useCases[0].use_case_id } : {}),
      });
    }
  });

  it('pages newest first with default 20 and has_more', async () => {
    const res = await t.inject({ method: 'GET', url: '/v1/cases', headers: listTenant.bearer });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ limit: 20, offset: 0, total: 25, has_more: true });
    expect(body.data).toHaveLength(20);
    expect(body.data[0].internal_id).toBe('LST-024');
    expect(body.data[19].internal_id).toBe('LST-005');
    expect(Object.keys(body.data[0]).sort()).toEqual(
      ['active', 'case_id', 'created_at', 'created_by', 'internal_id', 'review_status', 'use_case_id', 'user_id_added_by'].sort(),
    );
    expect(body.data[0]).toMatchObject({
      active: true,
      review_status: 'sin_documentos',
      created_by: listTenant.userId,
      user_id_added_by: listTenant.userId,
    });
    const last = (await t.inject({ method: 'GET', url: '/v1/cases?limit=20&offset=20', headers: listTenant.bearer })).json();
    expect(last.data.map((c: { internal_id: string }) => c.internal_id)).toEqual(['LST-004', 'LST-003', 'LST-002', 'LST-001', 'LST-000']);
    expect(last.pagination).toEqual({ limit: 20, offset: 20, total: 25, has_more: false });
  });

  it('total follows creates and deletes, one company at a time', async () => {
    const tenant = await createTenant(t, { name: 'Totales SA' });
    const total = async (who: Tenant) =>
      (await t.inject({ method: 'GET', url: '/v1/cases?limit=1', headers: who.bearer })).json().pagination.total as number;
    expect(await total(tenant)).toBe(0);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await createCase(t, tenant));
    const otherBefore = await total(other);
    expect(await total(tenant)).toBe(3);
    expect((await t.inject({ method: 'DELETE', url: `/v1/cases/${ids[0]}`, headers: tenant.bearer })).statusCode).toBe(200);
    expect(await total(tenant)).toBe(2);
    // A second delete of the same case changes nothing; another company's list never moves.
    await t.inject({ method: 'DELETE', url: `/v1/cases/${ids[0]}`, headers: tenant.bearer });
    expect(await total(tenant)).toBe(2);
    await createCase(t, other);
    expect(await total(other)).toBe(otherBefore + 1);
    expect(await total(tenant)).toBe(2);
  });

  it('brings integers into range (limit 1…100, offset ≥ 0) and rejects non-integers', async () => {
    expect((await t.inject({ method: 'GET', url: '/v1/cases?limit=100', headers: listTenant.bearer })).json().data).toHaveLength(25);
    for (const [q, limit, offset] of [
      ['limit=101', 100, 0],
      ['limit=5000', 100, 0],
      ['limit=0', 1, 0],
      ['limit=-3', 1, 0],
      ['offset=-1', 20, 0],
    ] as const) {
      const res = await t.inject({ method: 'GET', url: `/v1/cases?${q}`, headers: listTenant.bearer });
      expect(res.statusCode, q).toBe(200);
      expect(res.json().pagination, q).toMatchObject({ limit, offset, total: 25 });
      expect(res.json().data.length, q).toBe(Math.min(limit, 25));
    }
    for (const q of ['limit=abc', 'limit=1.5', 'offset=x', 'limit=']) {
      const res = await t.inject({ method: 'GET', url: `/v1/cases?${q}`, headers: listTenant.bearer });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code, q).toBe('VALIDATION_ERROR');
    }
  });

  it('offset past the end gives an empty page', async () => {
    const res = (await t.inject({ method: 'GET', url: '/v1/cases?offset=500', headers: listTenant.bearer })).json();
    expect(res.data).toEqual([]);
    expect(res.pagination).toEqual({ limit: 20, offset: 500, total: 25, has_more: false });
  });

  it('filters internal_id partially and case-insensitively, treating % and _ literally', async () => {
    const res = (await t.inject({ method: 'GET', url: '/v1/cases?internal_id=lst-01', headers: listTenant.bearer })).json();
    expect(res.pagination.total).toBe(10);
    const literal = (await t.inject({ method: 'GET', url: '/v1/cases?internal_id=%25', headers: listTenant.bearer })).json();
    expect(literal.pagination.total).toBe(0);
  });

  it('filters case_type by use case', async () => {
    const res = (
      await t.inject({ method: 'GET', url: `/v1/cases?case_type=${listTenant.useCases[0].use_case_id}`, headers: listTenant.bearer })
    ).json();
    expect(res.pagination.total).toBe(5);
    const bad = await t.inject({ method: 'GET', url: '/v1/cases?case_type=nope', headers: listTenant.bearer });
    expect(bad.statusCode).toBe(400);
  });

  it('filters vin partially across the case documents', async () => {
    const vinCase = await createCase(t, listTenant, { internal_id: 'VIN-CASE' });
    await insertDocument(vinCase, listTenant.companyId, { vin: '1M8GDM9AXKP042788' });
    const res = (await t.inject({ method: 'GET', url: '/v1/cases?vin=kp0427', headers: listTenant.bearer })).json();
    expect(res.data.map((c: { case_id: string }) => c.case_id)).toEqual([vinCase]);
    const none = (await t.inject({ method: 'GET', url: '/v1/cases?vin=ZZZ999', headers: listTenant.bearer })).json();
    expect(none.data).toEqual([]);
    // A deleted document no longer matches (GET …/vins drops it too).
    const deletedCase = await createCase(t, listTenant, { internal_id: 'VIN-DELETED' });
    await insertDocument(deletedCase, listTenant.companyId, { vin: '3VWFE21C04M000001', active: 0 });
    const gone = (await t.inject({ method: 'GET', url: '/v1/cases?vin=M000001', headers: listTenant.bearer })).json();
    expect(gone.data).toEqual([]);
  });

  it("never shows another company's cases", async () => {
    const res = (await t.inject({ method: 'GET', url: '/v1/cases?limit=100', headers: other.bearer })).json();
    expect(res.data.some((c: { internal_id: string }) => c.internal_id.startsWith('LST-'))).toBe(false);
  });
});

describe('GET /v1/cases/{case_id}', () => {
  it('lists active files by default and inactive ones with files=all', async () => {
    const caseId = await createCase(t, acme);
    const active = await insertDocument(caseId, acme.companyId, { type: 'factura' });
    const inactive = await insertDocument(caseId, acme.companyId, { type: 'ine', active: 0 });
    const byDefault = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}`, headers: acme.bearer })).json();
    expect(byDefault.files.map((f: { file_id: string }) => f.file_id)).toEqual([active]);
    expect(byDefault.files[0]).toEqual({
      file_id: active,
      created_at: expect.any(String),
      document_type: 'factura',
      document_subtype: null,
      mime_type: 'application/pdf',
      active: true,
      url: expect.any(String),
      ocr: { text: 'FACTURA' },
    });
    const all = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}?files=all`, headers: acme.bearer })).json();
    expect(all.files.map((f: { file_id: string }) => f.file_id).sort()).toEqual([active, inactive].sort());
  });

  it('400 for an id that is not a UUID, 404 for unknown, foreign or deleted cases', async () => {
    const bad = await t.inject({ method: 'GET', url: '/v1/cases/not-a-uuid', headers: acme.bearer });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: null });
    const unknown = await t.inject({ method: 'GET', url: `/v1/cases/${crypto.randomUUID()}`, headers: acme.bearer });
    expect(unknown.statusCode).toBe(404);
    const caseId = await createCase(t, acme);
    const foreign = await t.inject({ method: 'GET', url: `/v1/cases/${caseId}`, headers: other.bearer });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('ids the router cannot read', () => {
  it('a case id over 100 characters is an invalid UUID (400 without a code) and still needs a token (401)', async () => {
    const long = 'a'.repeat(101);
    const bad = await t.inject({ method: 'GET', url: `/v1/cases/${long}/status`, headers: acme.bearer });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: { code: null, message: 'case_id no es un UUID válido' } });
    const anonymous = await t.inject({ method: 'GET', url: `/v1/cases/${long}` });
    expect(anonymous.statusCode).toBe(401);
    const sameAsShort = async (id: string) => {
      const res = await t.inject({ method: 'GET', url: `/v1/documents/${id}`, headers: { 'x-api-key': acme.apiKey } });
      return { status: res.statusCode, code: res.json().error.code };
    };
    expect(await sameAsShort(long)).toEqual(await sameAsShort('not-a-uuid'));
  });

  it('a broken % escape or an absurdly long id answers 400 in the service error body', async () => {
    for (const url of ['/v1/cases/%ZZ', '/v1/cases/%E0%A4%A', `/v1/cases/${'a'.repeat(5000)}`]) {
      const res = await t.inject({ method: 'GET', url, headers: acme.bearer });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: { code: null, message: expect.stringMatching(/ruta/) } });
    }
  });
});

describe('DELETE /v1/cases/{case_id}', () => {
  it('soft-deletes: 200 {case_id, active:false}, then the case disappears', async () => {
    const caseId = await createCase(t, acme, { internal_id: 'DEL-1' });
    const res = await t.inject({ method: 'DELETE', url: `/v1/cases/${caseId}`, headers: acme.bearer });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ case_id: caseId, active: false });
    expect((await t.inject({ method: 'GET', url: `/v1/cases/${caseId}`, headers: acme.bearer })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/metadata`, headers: acme.bearer })).statusCode).toBe(404);
    expect((await t.inject({ method: 'DELETE', url: `/v1/cases/${caseId}`, headers: acme.bearer })).statusCode).toBe(404);
    const list = (await t.inject({ method: 'GET', url: '/v1/cases?internal_id=DEL-1', headers: acme.bearer })).json();
    expect(list.data).toEqual([]);
    const row = await t.server.ctx.db.selectFrom('cases').selectAll().where('id', '=', caseId).executeTakeFirst();
    expect(row?.active).toBe(0);
  });

  it("cannot delete another company's case", async () => {
    const caseId = await createCase(t, acme);
    const res = await t.inject({ method: 'DELETE', url: `/v1/cases/${caseId}`, headers: other.bearer });
    expect(res.statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/v1/cases/${caseId}`, headers: acme.bearer })).statusCode).toBe(200);
  });
});

describe('metadata', () => {
  it('appends entries; later keys win; history keeps every entry in order', async () => {
    const caseId = await createCase(t, acme, { metadata: { numero_siniestro: 'A1', tipo_afectado: 'tercero' } });
    const post = await t.inject({
      method: 'POST',
      url: `/v1/cases/${caseId}/metadata`,
      headers: acme.bearer,
      payload: { numero_siniestro: 'A2', nombre_afectado: 'Juan Pérez' },
    });
    expect(post.statusCode).toBe(200);
    const body = post.json();
    expect(body.case_id).toBe(caseId);
    expect(body.metadata).toEqual({ numero_siniestro: 'A2', tipo_afectado: 'tercero', nombre_afectado: 'Juan Pérez' });
    expect(body.history).toEqual([
      { date: expect.any(String), user_id: acme.userId, data: { numero_siniestro: 'A1', tipo_afectado: 'tercero' } },
      { date: expect.any(String), user_id: acme.userId, data: { numero_siniestro: 'A2', nombre_afectado: 'Juan Pérez' } },
    ]);
    const get = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/metadata`, headers: acme.bearer })).json();
    expect(get).toEqual(body);
  });

  it('400 VALIDATION_ERROR when the body is not a JSON object', async () => {
    const caseId = await createCase(t, acme);
    for (const payload of [[1, 2], 'texto', null]) {
      const res = await t.inject({
        method: 'POST',
        url: `/v1/cases/${caseId}/metadata`,
        headers: { ...acme.bearer, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const none = await t.inject({ method: 'POST', url: `/v1/cases/${caseId}/metadata`, headers: acme.bearer });
    expect(none.statusCode).toBe(400);
    const history = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/metadata`, headers: acme.bearer })).json().history;
    expect(history).toEqual([]);
  });

  it('a case created without metadata starts empty', async () => {
    const caseId = await createCase(t, acme);
    const get = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/metadata`, headers: acme.bearer })).json();
    expect(get).toEqual({ case_id: caseId, metadata: {}, history: [] });
  });
});
