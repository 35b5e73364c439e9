import { describe, expect, it } from 'vitest';
import { CASE_METADATA_MAX_CHARS } from '@vcase/shared';
import { addProcessedDocument, createCase } from '../helpers/testServer.js';
import { acme, t, useTenantServer } from './tenantServer.js';

useTenantServer();

const json = { 'content-type': 'application/json' };
/** An object of `n` keys `k0 … k(n-1)`, each with `value`. */
const flat = (n: number, value: unknown = 1) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, value]));

const postMetadata = (caseId: string, payload: unknown) =>
  t.inject({ method: 'POST', url: `/v1/cases/${caseId}/metadata`, headers: { ...acme.bearer, ...json }, payload: JSON.stringify(payload) });

describe('metadata entries have a size and an entry limit', () => {
  it('a metadata entry of more than 1,000 entries is a 400 VALIDATION_ERROR that says why, and nothing is appended', async () => {
    const caseId = await createCase(t, acme);
    const res = await postMetadata(caseId, flat(1_001));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('más de 1000 entradas') });
    const nested = await postMetadata(caseId, { a: Array.from({ length: 600 }, (_, i) => ({ i })) });
    expect(nested.statusCode).toBe(400);
    const history = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/metadata`, headers: acme.bearer })).json().history;
    expect(history).toEqual([]);
    expect((await postMetadata(caseId, flat(1_000))).statusCode).toBe(200);
  });

  it('a metadata entry over 64 KB of JSON is refused, whether one long text or the whole body', async () => {
    const caseId = await createCase(t, acme);
    const long = await postMetadata(caseId, { nota: 'x'.repeat(70 * 1024) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('excede 64 KB de JSON') });
    // Over the route's byte limit: cut off before it is parsed, the limit named.
    const huge = await postMetadata(caseId, { nota: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/^El cuerpo de la solicitud excede el tamaño máximo de esta operación \(\d+ KB\)$/),
    });
  });

  it('POST /v1/cases applies the same limits to its metadata', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/v1/cases',
      headers: acme.bearer,
      payload: { internal_id: 'LIM-1', status: 'nuevo', metadata: flat(1_001) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/^Solicitud inválida: metadata: tiene más de 1000 entradas/),
    });
    const cases = (await t.inject({ method: 'GET', url: '/v1/cases?internal_id=LIM-1', headers: acme.bearer })).json().data;
    expect(cases).toEqual([]);
  });

  it("a case's metadata entries together stay within their total, so GET …/metadata stays small", async () => {
    const caseId = await createCase(t, acme);
    const entry = { nota: 'x'.repeat(60 * 1024) };
    let appended = 0;
    let refused: { statusCode: number; json(): { error: { code: string; message: string } } } | null = null;
    for (let i = 0; i < 20 && !refused; i++) {
      const res = await postMetadata(caseId, entry);
      if (res.statusCode === 200) appended++;
      else refused = res;
    }
    expect(refused?.statusCode).toBe(400);
    expect(refused?.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('en total') });
    expect(appended).toBe(Math.floor(CASE_METADATA_MAX_CHARS / JSON.stringify(entry).length));
    const get = await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/metadata`, headers: acme.bearer });
    expect(get.json().history).toHaveLength(appended);
    expect(get.body.length).toBeLessThan(2 * CASE_METADATA_MAX_CHARS + 64 * 1024);
  });
});

describe('OCR injection has limits', () => {
  it('parsed_data over 1,000 entries and json_ocr over 512 KB are 400 VALIDATION_ERROR naming the field', async () => {
    const caseId = await createCase(t, acme);
    const docId = await addProcessedDocument(t, acme, caseId, 'factura', { vin: '3N1CN8AE5RK812345' });
    const patch = (payload: unknown) =>
      t.inject({
        method: 'PATCH',
        url: `/v1/documents/${docId}/ocr`,
        headers: { 'x-api-key': acme.apiKey },
        payload: payload as Record<string, unknown>,
      });
    const many = await patch({ parsed_data: flat(1_001, 'x') });
    expect(many.statusCode).toBe(400);
    expect(many.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/^Solicitud inválida: parsed_data: tiene más de 1000 entradas/),
    });
    const big = await patch({ parsed_data: {}, json_ocr: { text: 'x'.repeat(600 * 1024) } });
    expect(big.statusCode).toBe(400);
    expect(big.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/^Solicitud inválida: json_ocr: excede 512 KB de JSON/),
    });
    const detail = (await t.inject({ method: 'GET', url: `/v1/documents/${docId}`, headers: { 'x-api-key': acme.apiKey } })).json();
    expect(detail.parsed_data).toEqual({ vin: '3N1CN8AE5RK812345' });
  });
});

describe('bodies are checked before they are parsed', () => {
  it('a key bomb on the upload route (which takes 28 MB) is refused by its entry count, not parsed', async () => {
    const keys = Array.from({ length: 200_000 }, (_, i) => `"k${i}":1`).join(',');
    const bomb = `{"case_id":"${crypto.randomUUID()}","mime_type":"application/pdf","base64":"QUJD",${keys}}`;
    const res = await t.inject({ method: 'POST', url: '/v1/documents', headers: { 'x-api-key': acme.apiKey, ...json }, payload: bomb });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'El cuerpo JSON tiene más de 100 entradas (claves y elementos de listas, contando los anidados)',
    });
  });

  it('the same check counts only what is outside strings: quotes, colons and commas inside a text are not entries', async () => {
    const caseId = await createCase(t, acme);
    const text = 'a:b,c "quoted" \\ [x] {y}, '.repeat(1_000);
    const res = await postMetadata(caseId, { nota: text });
    expect(res.statusCode).toBe(200);
    expect(res.json().metadata.nota).toBe(text);
  });

  it('routes not sized for a file take 256 KB', async () => {
    const res = await t.admin('POST', '/admin/companies', { name: 'x'.repeat(300 * 1024) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'El cuerpo de la solicitud excede el tamaño máximo de esta operación (256 KB)',
    });
  });

  it('over tRPC the same limits hold, per call', async () => {
    const caseId = await createCase(t, acme);
    const call = (path: string, body: string) =>
      t.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...acme.bearer, ...json }, payload: body });
    const many = await call('appendCaseMetadata', JSON.stringify({ case_id: caseId, body: flat(1_001) }));
    expect(many.statusCode).toBe(400);
    expect(many.json().error).toMatchObject({
      message: expect.stringContaining('más de 1000 entradas'),
      data: { contractCode: 'VALIDATION_ERROR', httpStatus: 400 },
    });
    const bomb = `{"case_id":"${caseId}","body":{${Array.from({ length: 5_000 }, (_, i) => `"k${i}":1`).join(',')}}}`;
    const unparsed = await call('appendCaseMetadata', bomb);
    expect(unparsed.statusCode).toBe(400);
    expect(unparsed.json().error).toMatchObject({
      message: expect.stringMatching(/^El cuerpo JSON tiene más de \d+ entradas/),
      data: { contractCode: 'VALIDATION_ERROR' },
    });
    const huge = await call('appendCaseMetadata', JSON.stringify({ case_id: caseId, body: { nota: 'x'.repeat(2 * 1024 * 1024) } }));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.message).toMatch(/^El cuerpo de la solicitud excede el tamaño máximo de esta operación \(\d+ KB\)$/);
    const history = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/metadata`, headers: acme.bearer })).json().history;
    expect(history).toEqual([]);
  });
});
