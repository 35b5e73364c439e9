import { describe, expect, it } from 'vitest';
import { createCase, createTenant } from '../../helpers/testServer.js';
import { t, acme, other, postCaseText, insertDocument, useCaseServer } from './caseServer.js';

useCaseServer();

describe('POST /v1/cases', () => {
  it('creates a case without files: 201 with case_id and status completed', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/v1/cases',
      headers: acme.bearer,
      payload: { internal_id: 'SIN-0001', status: 'processing', metadata: { numero_siniestro: '123' } },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ case_id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'completed' });
    const detail = await t.inject({ method: 'GET', url: `/v1/cases/${body.case_id}`, headers: acme.bearer });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual({
      case_id: body.case_id,
      internal_id: 'SIN-0001',
      review_status: 'sin_documentos',
      created_at: expect.any(String),
      files: [],
    });
    const meta = await t.inject({ method: 'GET', url: `/v1/cases/${body.case_id}/metadata`, headers: acme.bearer });
    expect(meta.json().metadata).toEqual({ numero_siniestro: '123' });
  });

  it('reads optional fields sent as null as absent (as POST /v1/documents does)', async () => {
    const payload = {
      internal_id: 'NULLS-1',
      status: 'nuevo',
      vehicle_origin: null,
      initial_status: null,
      use_case: null,
      metadata: null,
      files: null,
    };
    const res = await t.inject({ method: 'POST', url: '/v1/cases', headers: acme.bearer, payload });
    expect(res.statusCode).toBe(201);
    const { case_id } = res.json();
    const listed = (await t.inject({ method: 'GET', url: '/v1/cases?internal_id=NULLS-1', headers: acme.bearer })).json().data[0];
    expect(listed).toMatchObject({ case_id, use_case_id: null, review_status: 'sin_documentos', active: true });
    const meta = await t.inject({ method: 'GET', url: `/v1/cases/${case_id}/metadata`, headers: acme.bearer });
    expect(meta.json()).toMatchObject({ metadata: {}, history: [] });
  });

  it.each([
    ['status missing', { internal_id: 'X-1' }],
    ['internal_id empty', { internal_id: '', status: 'processing' }],
    ['internal_id blank', { internal_id: '   ', status: 'processing' }],
    ['internal_id missing', { status: 'processing' }],
    ['vehicle_origin unknown', { internal_id: 'X-2', status: 'processing', vehicle_origin: 'Marte' }],
    ['use_case not a UUID', { internal_id: 'X-3', status: 'processing', use_case: 'abc' }],
    ['metadata not an object', { internal_id: 'X-4', status: 'processing', metadata: [1, 2] }],
  ])('400 VALIDATION_ERROR when %s', async (_name, payload) => {
    const res = await t.inject({ method: 'POST', url: '/v1/cases', headers: acme.bearer, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(typeof res.json().error.message).toBe('string');
  });

  it('400 VALIDATION_ERROR on malformed JSON', async () => {
    const res = await postCaseText('{"internal_id": ');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it.each([
    ['a __proto__ key', '{"internal_id": "P-1", "status": "nuevo", "__proto__": {"admin": true}}'],
    ['a __proto__ key spelled with escapes', '{"internal_id": "P-2", "status": "nuevo", "\\u005f_proto__": {"admin": true}}'],
    ['a nested __proto__ key', '{"internal_id": "P-4", "status": "nuevo", "metadata": {"a": [{"__proto__": {"admin": true}}]}}'],
    ['a constructor.prototype key', '{"internal_id": "P-3", "status": "nuevo", "constructor": {"prototype": {"admin": true}}}'],
  ])('400 VALIDATION_ERROR on JSON with %s, and no case is made', async (_name, payload) => {
    const res = await postCaseText(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    const list = await t.inject({ method: 'GET', url: '/v1/cases?limit=100', headers: acme.bearer });
    expect(list.json().data.map((c: { internal_id: string }) => c.internal_id)).not.toContain(
      JSON.parse(payload.replace(/\\u005f/g, '_')).internal_id,
    );
  });

  it('400 VALIDATION_ERROR on JSON nested deeper than 64 levels; 60 levels are stored', async () => {
    const nested = (levels: number) => `${'['.repeat(levels - 1)}1${']'.repeat(levels - 1)}`;
    const deep = await postCaseText(`{"internal_id": "DEEP-1", "status": "nuevo", "metadata": {"a": ${nested(5000)}}}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error.code).toBe('VALIDATION_ERROR');
    const fine = await postCaseText(`{"internal_id": "DEEP-2", "status": "nuevo", "metadata": {"a": ${nested(60)}}}`);
    expect(fine.statusCode).toBe(201);
  });

  it('400 VALIDATION_ERROR on a body that is not JSON (a form)', async () => {
    const res = await postCaseText('internal_id=F-1&status=nuevo', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('the internal_id filter ignores case beyond ASCII (Ñ, accented capitals)', async () => {
    const created = await t.inject({
      method: 'POST',
      url: '/v1/cases',
      headers: acme.bearer,
      payload: { internal_id: 'ÑANDÚ-Éxito', status: 'nuevo' },
    });
    expect(created.statusCode).toBe(201);
    for (const q of ['ñandú', 'ÉXITO', 'ndú-é']) {
      const list = (await t.inject({ method: 'GET', url: `/v1/cases?internal_id=${encodeURIComponent(q)}`, headers: acme.bearer })).json();
      expect(
        list.data.map((c: { case_id: string }) => c.case_id),
        q,
      ).toEqual([created.json().case_id]);
    }
  });

  it('reads \\u escapes in JSON text', async () => {
    const res = await postCaseText('{"internal_id": "JOS\\u00c9-1", "status": "nuevo"}');
    expect(res.statusCode).toBe(201);
    const got = await t.inject({ method: 'GET', url: `/v1/cases/${res.json().case_id}`, headers: acme.bearer });
    expect(got.json().internal_id).toBe('JOSÉ-1');
  });

  it('422 INVALID_STATUS when status is outside the company catalog', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/v1/cases',
      headers: acme.bearer,
      payload: { internal_id: 'X-5', status: 'aprobado' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('INVALID_STATUS');
  });

  it('checks initial_status against the catalog too, and honours a custom catalog', async () => {
    const custom = await createTenant(t, { name: 'Catálogo propio', status_catalog: ['recibido', 'en_captura'] });
    const bad = await t.inject({
      method: 'POST',
      url: '/v1/cases',
      headers: custom.bearer,
      payload: { internal_id: 'C-1', status: 'processing' },
    });
    expect(bad.statusCode).toBe(422);
    const badInitial = await t.inject({
      method: 'POST',
      url: '/v1/cases',
      headers: custom.bearer,
      payload: { internal_id: 'C-1', status: 'recibido', initial_status: 'nuevo' },
    });
    expect(badInitial.statusCode).toBe(422);
    expect(badInitial.json().error.code).toBe('INVALID_STATUS');
    const ok = await t.inject({
      method: 'POST',
      url: '/v1/cases',
      headers: custom.bearer,
      payload: { internal_id: 'C-1', status: 'recibido', initial_status: 'en_captura' },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('accepts a use case of the company and rejects one of another company', async () => {
    const useCase = acme.useCases[0].use_case_id;
    const ok = await t.inject({
      method: 'POST',
      url: '/v1/cases',
      headers: acme.bearer,
      payload: { internal_id: 'UC-1', status: 'nuevo', use_case: useCase, vehicle_origin: 'Importado' },
    });
    expect(ok.statusCode).toBe(201);
    const foreign = await t.inject({
      method: 'POST',
      url: '/v1/cases',
      headers: other.bearer,
      payload: { internal_id: 'UC-2', status: 'nuevo', use_case: useCase },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('400 DUPLICATE_INTERNAL_ID only when the existing case already has files', async () => {
    const first = await createCase(t, acme, { internal_id: 'DUP-1' });
    const again = await t.inject({
      method: 'POST',
      url: '/v1/cases',
      headers: acme.bearer,
      payload: { internal_id: 'DUP-1', status: 'processing' },
    });
    expect(again.statusCode).toBe(201);
    await insertDocument(first, acme.companyId);
    const dup = await t.inject({
      method: 'POST',
      url: '/v1/cases',
      headers: acme.bearer,
      payload: { internal_id: 'DUP-1', status: 'processing' },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.code).toBe('DUPLICATE_INTERNAL_ID');
    // another company may use the same reference
    const otherCompany = await t.inject({
      method: 'POST',
      url: '/v1/cases',
      headers: other.bearer,
      payload: { internal_id: 'DUP-1', status: 'processing' },
    });
    expect(otherCompany.statusCode).toBe(201);
  });
});
