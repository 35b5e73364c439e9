import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTenant } from '../../helpers/testServer.js';
import { t, acme, useTenantServer } from './lookupServer.js';

useTenantServer();

describe('INE validation (contract §4.10)', () => {
  const front = 'data:image/jpeg;base64,' + Buffer.from('front of the card').toString('base64');
  it('202 processing, then completed with the card data from the sandbox fixture', async () => {
    const key = createHash('sha256').update(front).digest('hex');
    const data = {
      names: 'GLORIA',
      first_last_name: 'HERNANDEZ',
      second_last_name: 'GARCIA',
      birth_date: '27/04/1956',
      gender: 'MUJER',
      curp: 'HEGG560427MVZRRL04',
      elector_key: 'HRGRGL56042730M100',
      state: '30',
      municipality: '193',
      section: '1234',
      emission: '2019',
      validity: '2029',
      cic: '123456789',
      ocr: '1234567890123',
      citizen_identifier: '987654321',
      locality: null,
    };
    await t.admin('PUT', `/admin/sandbox/fixtures/ine/${key}`, { data });
    const res = await t.inject({
      method: 'POST',
      url: '/documents/ine',
      headers: acme.bearer,
      payload: { front, back: 'https://example.com/back.jpg' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ job_id: expect.any(String), status: 'processing' });
    await t.server.runner.whenIdle();
    const result = await t.inject({ method: 'GET', url: `/documents/ine/${res.json().job_id}`, headers: acme.bearer });
    expect(result.statusCode).toBe(200);
    expect(result.json()).toEqual({ status: 'completed', data });
  });

  it('publishes the birth date as DD/MM/YYYY and the gender as HOMBRE/MUJER whatever the provider sent', async () => {
    const f = Buffer.from('front with iso date').toString('base64');
    await t.admin('PUT', `/admin/sandbox/fixtures/ine/${createHash('sha256').update(f).digest('hex')}`, {
      data: { names: 'ANA', first_last_name: 'LOPEZ', birth_date: '1990-02-01', gender: 'M' },
    });
    const res = await t.inject({ method: 'POST', url: '/documents/ine', headers: acme.bearer, payload: { front: f } });
    await t.server.runner.whenIdle();
    const { data } = (await t.inject({ method: 'GET', url: `/documents/ine/${res.json().job_id}`, headers: acme.bearer })).json();
    expect(data).toMatchObject({ names: 'ANA', birth_date: '01/02/1990', gender: 'MUJER' });
  });

  it('reads a birth date and sex the source left out from the CURP, and never guesses them', async () => {
    const read = async (label: string, data: Record<string, unknown>) => {
      const f = Buffer.from(label).toString('base64');
      await t.admin('PUT', `/admin/sandbox/fixtures/ine/${createHash('sha256').update(f).digest('hex')}`, { data });
      const res = await t.inject({ method: 'POST', url: '/documents/ine', headers: acme.bearer, payload: { front: f } });
      await t.server.runner.whenIdle();
      return (await t.inject({ method: 'GET', url: `/documents/ine/${res.json().job_id}`, headers: acme.bearer })).json().data;
    };
    expect(await read('front with curp only', { names: 'GLORIA', curp: 'HEGG560427MVZRRL04' })).toMatchObject({
      birth_date: '27/04/1956',
      gender: 'MUJER',
    });
    expect(await read('front with a name only', { names: 'JUAN' })).toMatchObject({ names: 'JUAN', birth_date: '', gender: '' });
  });

  it('takes a front and a back each as large as a document file (a body over the 30 MB of other routes)', async () => {
    const image = (fill: number) => Buffer.alloc(12 * 1024 * 1024, fill).toString('base64');
    const res = await t.inject({
      method: 'POST',
      url: '/documents/ine',
      headers: acme.bearer,
      payload: { front: image(1), back: image(2) },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ job_id: expect.any(String), status: 'processing' });
  });

  it('takes any front text the source may read: the sandbox answers by its sha256 as submitted', async () => {
    const front = 'foto_frente.jpg';
    await t.admin('PUT', `/admin/sandbox/fixtures/ine/${createHash('sha256').update(front).digest('hex')}`, {
      data: { names: 'ANA', curp: 'HEGG560427MVZRRL04' },
    });
    const res = await t.inject({ method: 'POST', url: '/documents/ine', headers: acme.bearer, payload: { front, back: 'reverso.jpg' } });
    expect(res.statusCode).toBe(202);
    await t.server.runner.whenIdle();
    const got = await t.inject({ method: 'GET', url: `/documents/ine/${res.json().job_id}`, headers: acme.bearer });
    expect(got.json()).toMatchObject({ status: 'completed', data: { names: 'ANA', curp: 'HEGG560427MVZRRL04' } });
    // A fixture key written in uppercase hex answers too.
    const upper = 'frente-2.jpg';
    const key = createHash('sha256').update(upper).digest('hex').toUpperCase();
    expect((await t.admin('PUT', `/admin/sandbox/fixtures/ine/${key}`, { data: { names: 'LUIS' } })).json().key).toBe(key.toLowerCase());
    const second = await t.inject({ method: 'POST', url: '/documents/ine', headers: acme.bearer, payload: { front: upper } });
    await t.server.runner.whenIdle();
    expect((await t.inject({ method: 'GET', url: `/documents/ine/${second.json().job_id}`, headers: acme.bearer })).json().data.names).toBe(
      'LUIS',
    );
  });

  it('error outcome reads status error with data null', async () => {
    const f = Buffer.from('unreadable').toString('base64');
    await t.admin('PUT', `/admin/sandbox/fixtures/ine/${createHash('sha256').update(f).digest('hex')}`, { reason: 'Imagen ilegible' });
    const res = await t.inject({ method: 'POST', url: '/documents/ine', headers: acme.bearer, payload: { front: f } });
    await t.server.runner.whenIdle();
    expect((await t.inject({ method: 'GET', url: `/documents/ine/${res.json().job_id}`, headers: acme.bearer })).json()).toEqual({
      status: 'error',
      data: null,
    });
  });

  it('400 MISSING_PARAMETER without front; 401 mentioning the API key; foreign jobs are not found', async () => {
    for (const payload of [{}, { front: '' }, { back: 'x' }]) {
      const res = await t.inject({ method: 'POST', url: '/documents/ine', headers: acme.bearer, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('MISSING_PARAMETER');
      expect(res.json().error.message).toBe('Falta el parámetro obligatorio: front');
    }
    // Messages are Spanish (contract §1), zod's own included.
    const wrongType = await t.inject({ method: 'POST', url: '/documents/ine', headers: acme.bearer, payload: { front: 42 } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toMatch(/front: Entrada inválida: se esperaba texto/);
    const noAuth = await t.inject({ method: 'POST', url: '/documents/ine', payload: { front } });
    expect(noAuth.statusCode).toBe(401);
    expect(noAuth.json().error.code).toBeNull();
    expect(noAuth.json().error.message).toMatch(/API key/);
    const mine = (await t.inject({ method: 'POST', url: '/documents/ine', headers: acme.bearer, payload: { front } })).json();
    const other = await createTenant(t, { name: 'Otra' });
    expect((await t.inject({ method: 'GET', url: `/documents/ine/${mine.job_id}`, headers: other.bearer })).statusCode).toBe(404);
  });
});
