import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/clock.js';
import { createCase, createTenant, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';
import { fixtureText } from '../pipeline/helpers.js';
import { startReceiver } from '../helpers/receiver.js';

let t: TestServer;
let acme: Tenant;
let other: Tenant;
let fileServer: http.Server;
let fileBase: string;

const PDF = Buffer.from('%PDF-1.4\n% test document\n');

beforeAll(async () => {
  t = await startTestServer({}, { startWorkers: false });
  acme = await createTenant(t, { name: 'Acme' });
  other = await createTenant(t, { name: 'Other' });
  fileServer = http.createServer((req, res) => {
    if (req.url === '/doc.pdf') return res.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF);
    if (req.url === '/huge.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      const chunk = Buffer.alloc(1024 * 1024, 1);
      let sent = 0;
      const pump = () => {
        while (sent < 25 && res.write(chunk)) sent++;
        if (sent < 25) res.once('drain', pump);
        else res.end();
      };
      return pump();
    }
    if (req.url === '/redirect') return res.writeHead(302, { location: '/doc.pdf' }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => fileServer.listen(0, '127.0.0.1', r));
  fileBase = `http://127.0.0.1:${(fileServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => fileServer.close(r));
});

const keyHeaders = (tenant: Tenant) => ({ 'x-api-key': tenant.apiKey });
const upload = (payload: unknown, headers: Record<string, string> = keyHeaders(acme)) =>
  t.inject({ method: 'POST', url: '/v1/documents', headers, payload: payload as Record<string, unknown> });

describe('POST /v1/documents', () => {
  it('stores a base64 file, answers 201 {document_id, url}, and serves the bytes back', async () => {
    const caseId = await createCase(t, acme);
    const res = await upload({ case_id: caseId, mime_type: 'application/pdf', base64: PDF.toString('base64'), type: 'factura' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ document_id: expect.any(String), url: expect.stringMatching(/^http:\/\/.+\/files\/[A-Za-z0-9_-]{32}\.pdf$/) });
    const path = new URL(body.url).pathname;
    const file = await t.inject({ method: 'GET', url: path });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const detail = (await t.inject({ method: 'GET', url: `/v1/documents/${body.document_id}`, headers: keyHeaders(acme) })).json();
    expect(detail).toEqual({
      case_id: caseId,
      url: body.url,
      mime_type: 'application/pdf',
      type: 'factura',
      json_ocr: null,
      parsed_data: null,
      validity: { document_validity: 'pending', codes: [], userInfo: {} },
    });
  });

  it('mints version-4 UUIDs that sort in the order cases and documents were created', async () => {
    const caseIds: string[] = [];
    const documentIds: string[] = [];
    for (let i = 0; i < 12; i++) {
      caseIds.push(await createCase(t, acme));
      const res = await upload({ case_id: caseIds[i], mime_type: 'application/pdf', base64: PDF.toString('base64') });
      documentIds.push(res.json().document_id);
    }
    for (const ids of [caseIds, documentIds]) {
      for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect([...ids].sort()).toEqual(ids);
    }
  });

  it('accepts a data: prefix, line breaks and a bearer token as well as the API key, and stores the decoded bytes', async () => {
    const caseId = await createCase(t, acme);
    const wrapped = PDF.toString('base64').replace(/.{1,16}/g, '$&\r\n');
    const res = await upload({ case_id: caseId, mime_type: 'image/png', base64: `data:image/png;base64,${wrapped}` }, acme.bearer);
    expect(res.statusCode).toBe(201);
    const file = await t.inject({ method: 'GET', url: new URL(res.json().url).pathname });
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it('downloads a url source, following a redirect', async () => {
    const caseId = await createCase(t, acme);
    const res = await upload({ case_id: caseId, mime_type: 'application/pdf', url: `${fileBase}/redirect` });
    expect(res.statusCode).toBe(201);
    const file = await t.inject({ method: 'GET', url: new URL(res.json().url).pathname });
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it.each([
    ['case_id missing', { mime_type: 'application/pdf', base64: 'QUJD' }],
    ['mime_type missing', { case_id: '11111111-1111-4111-8111-111111111111', base64: 'QUJD' }],
    ['file source missing', { case_id: '11111111-1111-4111-8111-111111111111', mime_type: 'application/pdf' }],
    ['empty body', {}],
  ])('400 MISSING_PARAMETER when %s', async (_n, payload) => {
    const res = await upload(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('MISSING_PARAMETER');
  });

  it.each([
    ['case_id not a UUID', { case_id: 'abc', mime_type: 'application/pdf', base64: 'QUJD' }, 'case_id: debe ser un UUID'],
    ['unsupported MIME', { case_id: '11111111-1111-4111-8111-111111111111', mime_type: 'text/plain', base64: 'QUJD' }, 'mime_type no soportado'],
    ['both url and base64', { case_id: '11111111-1111-4111-8111-111111111111', mime_type: 'application/pdf', base64: 'QUJD', url: 'https://example.com/a.pdf' }, 'envíe solo uno de url o base64'],
    ['parent_file_id not a UUID', { case_id: '11111111-1111-4111-8111-111111111111', mime_type: 'application/pdf', base64: 'QUJD', parent_file_id: 'x' }, 'parent_file_id: debe ser un UUID'],
  ])('400 VALIDATION_ERROR when %s, said in Spanish', async (_n, payload, text) => {
    const res = await upload(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.message).toContain(text);
  });

  it('400 VALIDATION_ERROR for a file just over 20 MB, and for a 25 MB body cut off while streaming', async () => {
    const caseId = await createCase(t, acme);
    const justOver = Buffer.alloc(20 * 1024 * 1024 + 1, 7).toString('base64');
    const over = await upload({ case_id: caseId, mime_type: 'application/pdf', base64: justOver });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.code).toBe('VALIDATION_ERROR');
    const huge = Buffer.alloc(25 * 1024 * 1024, 7).toString('base64');
    const cut = await upload({ case_id: caseId, mime_type: 'application/pdf', base64: huge });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error.code).toBe('VALIDATION_ERROR');
    const viaUrl = await upload({ case_id: caseId, mime_type: 'application/pdf', url: `${fileBase}/huge.pdf` });
    expect(viaUrl.statusCode).toBe(400);
    expect(viaUrl.json().error.code).toBe('VALIDATION_ERROR');
    const docs = await t.server.ctx.db.selectFrom('documents').select('id').where('case_id', '=', caseId).execute();
    expect(docs).toEqual([]);
  });

  it('takes a 20 MB file whose base64 has a line break every 76 characters, as MIME encoders write it', async () => {
    const caseId = await createCase(t, acme);
    const bytes = Buffer.alloc(20 * 1024 * 1024, 9);
    const mime = bytes.toString('base64').replace(/.{76}/g, '$&\r\n');
    const res = await upload({ case_id: caseId, mime_type: 'application/pdf', base64: mime });
    expect(res.statusCode).toBe(201);
    const doc = await t.server.ctx.db.selectFrom('documents').select('size_bytes').where('id', '=', res.json().document_id).executeTakeFirstOrThrow();
    expect(Number(doc.size_bytes)).toBe(bytes.length);
  });

  it('404 RESOURCE_NOT_FOUND for an unknown, foreign or deleted case, and an unknown or foreign parent', async () => {
    const unknown = await upload({ case_id: crypto.randomUUID(), mime_type: 'application/pdf', base64: 'QUJD' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('RESOURCE_NOT_FOUND');
    const foreignCase = await createCase(t, other);
    const foreign = await upload({ case_id: foreignCase, mime_type: 'application/pdf', base64: 'QUJD' });
    expect(foreign.statusCode).toBe(404);
    const caseId = await createCase(t, acme);
    const parentMissing = await upload({ case_id: caseId, mime_type: 'application/pdf', base64: 'QUJD', parent_file_id: crypto.randomUUID() });
    expect(parentMissing.statusCode).toBe(404);
    expect(parentMissing.json().error.code).toBe('RESOURCE_NOT_FOUND');
    const otherCase = await createCase(t, acme);
    const parent = (await upload({ case_id: otherCase, mime_type: 'application/pdf', base64: 'QUJD' })).json();
    const wrongCase = await upload({ case_id: caseId, mime_type: 'application/pdf', base64: 'QUJD', parent_file_id: parent.document_id });
    expect(wrongCase.statusCode).toBe(404);
    const sameCaseParent = (await upload({ case_id: caseId, mime_type: 'application/xml', base64: 'PHgvPg==' })).json();
    const child = await upload({ case_id: caseId, mime_type: 'application/pdf', base64: 'QUJD', parent_file_id: sameCaseParent.document_id });
    expect(child.statusCode).toBe(201);
    await t.inject({ method: 'DELETE', url: `/v1/cases/${caseId}`, headers: acme.bearer });
    const deleted = await upload({ case_id: caseId, mime_type: 'application/pdf', base64: 'QUJD' });
    expect(deleted.statusCode).toBe(404);
  });

  it('refuses private URLs unless VCASE_ALLOW_PRIVATE_URLS', async () => {
    const strict = await startTestServer({ allowPrivateUrls: false }, { startWorkers: false });
    try {
      const tenant = await createTenant(strict);
      const caseId = await createCase(strict, tenant);
      const res = await strict.inject({
        method: 'POST',
        url: '/v1/documents',
        headers: { 'x-api-key': tenant.apiKey },
        payload: { case_id: caseId, mime_type: 'application/pdf', url: `${fileBase}/doc.pdf` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    } finally {
      await strict.close();
    }
  });

  it('401 without credentials or with a revoked key', async () => {
    const caseId = await createCase(t, acme);
    expect((await upload({ case_id: caseId, mime_type: 'application/pdf', base64: 'QUJD' }, {})).statusCode).toBe(401);
    const key = (await t.admin('POST', `/admin/companies/${acme.companyId}/api-keys`, {})).json();
    await t.admin('DELETE', `/admin/api-keys/${key.key_id}`);
    const revoked = await upload({ case_id: caseId, mime_type: 'application/pdf', base64: 'QUJD' }, { 'x-api-key': key.api_key });
    expect(revoked.statusCode).toBe(401);
  });

  it('Idempotency-Key replays the first response and never stores a twin', async () => {
    const caseId = await createCase(t, acme);
    const payload = { case_id: caseId, mime_type: 'application/pdf', base64: PDF.toString('base64') };
    const headers = { ...keyHeaders(acme), 'idempotency-key': 'row-42' };
    const first = await upload(payload, headers);
    const second = await upload(payload, headers);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    const docs = await t.server.ctx.db.selectFrom('documents').select('id').where('case_id', '=', caseId).execute();
    expect(docs).toHaveLength(1);
    const changed = await upload({ ...payload, type: 'ine' }, headers);
    expect(changed.statusCode).toBe(400);
    // other content under the same key is refused too: the body is fingerprinted with its
    // base64 text before the upload lets go of that text
    const otherContent = await upload({ ...payload, base64: Buffer.from('%PDF-1.4 otro').toString('base64') }, headers);
    expect(otherContent.statusCode).toBe(400);
    expect(otherContent.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Idempotency-Key ya se usó con un cuerpo distinto' });
    // another company may reuse the same key
    const otherCase = await createCase(t, other);
    const otherRes = await upload({ ...payload, case_id: otherCase }, { ...keyHeaders(other), 'idempotency-key': 'row-42' });
    expect(otherRes.statusCode).toBe(201);
    expect(otherRes.json().document_id).not.toBe(first.json().document_id);
  });
});

describe('Idempotency-Key under concurrency', () => {
  it('requests sent together with one key make one document; the others replay its answer', async () => {
    const caseId = await createCase(t, acme);
    const payload = { case_id: caseId, mime_type: 'application/pdf', base64: PDF.toString('base64') };
    const headers = { ...keyHeaders(acme), 'idempotency-key': 'together-1' };
    const all = await Promise.all(Array.from({ length: 5 }, () => upload(payload, headers)));
    expect(all.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(all.map((r) => r.json().document_id)).size).toBe(1);
    expect(all.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    const docs = await t.server.ctx.db.selectFrom('documents').select('id').where('case_id', '=', caseId).execute();
    expect(docs).toHaveLength(1);
  });
});

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
    const both = (await t.inject({ method: 'GET', url: `/v1/documents?case_id=${caseA}&document_id=${ids[0]}`, headers: tenant.bearer })).json();
    expect(both.data.map((d: { document_id: string }) => d.document_id)).toEqual([ids[0]]);
    const mismatch = (await t.inject({ method: 'GET', url: `/v1/documents?case_id=${caseB}&document_id=${ids[0]}`, headers: tenant.bearer })).json();
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
        parsed_data: { vin: '1M8GDM9AXKP042788', rfc_emisor: 'AAA010101AAA', monto_total: 350000, nombre_receptor: 'María López Pérez', nombre_emisor: 'Autos del Norte S.A. de C.V.' },
        json_ocr: { text: 'FACTURA' },
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ case_id: caseId, type: 'factura', json_ocr: { text: 'FACTURA' }, parsed_data: { vin: '1M8GDM9AXKP042788', monto_total: 350000 } });
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
        { name: 'María López Pérez', person_type: 'fisica', sources: [{ file_id: document_id, document_type: 'factura', field: 'nombre_receptor' }] },
        { name: 'Autos del Norte S.A. de C.V.', person_type: 'moral', sources: [{ file_id: document_id, document_type: 'factura', field: 'nombre_emisor' }] },
      ]),
    );
    const list = (await t.inject({ method: 'GET', url: '/v1/cases?vin=042788', headers: acme.bearer })).json();
    expect(list.data.map((c: { case_id: string }) => c.case_id)).toContain(caseId);
    const bad = await t.inject({ method: 'PATCH', url: `/v1/documents/${document_id}/ocr`, headers: keyHeaders(acme), payload: { json_ocr: {} } });
    expect(bad.statusCode).toBe(400);
  });

  it('the primary VIN is a valid one: an invoice VIN its check digit refuses loses to a valid VIN elsewhere', async () => {
    const caseId = await createCase(t, acme);
    const withOcr = async (type: string, vin: string) => {
      const { document_id } = (await upload({ case_id: caseId, mime_type: 'application/pdf', base64: Buffer.from(type + vin).toString('base64') })).json();
      const res = await t.inject({ method: 'PATCH', url: `/v1/documents/${document_id}/ocr`, headers: keyHeaders(acme), payload: { type, parsed_data: { vin } } });
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
    const manual = await t.inject({ method: 'POST', url: `/v1/documents/${document_id}/classify`, headers: keyHeaders(acme), payload: { type: 'ine' } });
    expect(manual.statusCode).toBe(200);
    expect(manual.json()).toEqual({ document_id, type: 'ine', document_subtype: null, method: 'manual', confidence: 1 });
    const re = await t.inject({ method: 'POST', url: `/v1/documents/${document_id}/reclassify`, headers: keyHeaders(acme), payload: { type: 'curp' } });
    expect(re.statusCode).toBe(202);
    expect(re.json()).toEqual({ job_id: expect.any(String) });
    expect((await t.inject({ method: 'GET', url: `/v1/documents/${document_id}`, headers: keyHeaders(acme) })).json().type).toBe('curp');
    const missingType = await t.inject({ method: 'POST', url: `/v1/documents/${document_id}/reclassify`, headers: keyHeaders(acme), payload: {} });
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
      payload: { type: 'vehicle_plate', parsed_data: { vin: ' 1m8gdm9axkp042788 ', placa: 'abc–12·34', entidad: 'MEX', fecha_documento: '29/02/2024' } },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().parsed_data).toMatchObject({ vin: '1M8GDM9AXKP042788', placa: 'ABC1234', fecha_documento: '29/02/2024' });
    await t.inject({ method: 'POST', url: `/v1/cases/${caseId}/plates`, headers: acme.bearer });
    const plates = (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/plates`, headers: acme.bearer })).json();
    expect(plates.plates.map((p: { plate: string }) => p.plate)).toEqual(['ABC1234']);

    const bad = await t.inject({ method: 'PATCH', url, headers: keyHeaders(acme), payload: { parsed_data: { placa: 'ABC1234', fecha_documento: '31/02/2024' } } });
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
      payload: { type: 'vehicle_plate', parsed_data: { vin: '1M8GDM9AXKP042788', placa: 'ABC1234', entidad: 'MEX', propietario: 'JUAN PEREZ GARCIA' }, json_ocr: { text: 'TARJETA DE CIRCULACION' } },
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

/** Sets the sandbox OCR answer for a file's `bytes` (operator-surface §3: keyed by their sha256). */
const setOcr = (server: TestServer, bytes: Buffer, outcome: Record<string, unknown>) =>
  server.admin('PUT', `/admin/sandbox/fixtures/ocr/${createHash('sha256').update(bytes).digest('hex')}`, outcome);

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
      payload: { type: 'factura', parsed_data: { vin: '1M8GDM9AXKP042788' }, json_ocr: { text: 'FACTURA COMPROBANTE FISCAL DIGITAL FOLIO FISCAL EMISOR RECEPTOR' } },
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
      const { document_id } = (await w.inject({ method: 'POST', url: '/v1/documents', headers, payload: { case_id: caseId, mime_type: 'application/pdf', base64: bytes.toString('base64') } })).json();
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

/** A tenant whose review-status webhooks (contract §6) post to a receiver, one path per event. */
async function tenantWithReviewHooks(w: TestServer) {
  const tenant = await createTenant(w);
  const hook = await startReceiver();
  for (const event of ['processing-in-review', 'services-circulo-credito', 'processing-review-corrections']) {
    await w.admin('PUT', `/admin/companies/${tenant.companyId}/webhooks/${event}`, { url: `${hook.origin}/${event}` });
  }
  return { tenant, hook };
}

describe('case processing end to end', () => {
  it('sandbox OCR fixture → processed document → plates → review status and webhooks', async () => {
    const w = await startTestServer();
    try {
      const { tenant, hook } = await tenantWithReviewHooks(w);
      const bytes = Buffer.from('%PDF-1.4 tarjeta de circulacion scan');
      await setOcr(w, bytes, {
        type: 'vehicle_certificate',
        text: 'TARJETA DE CIRCULACION',
        parsed_data: { placa: 'NXA-12-34', entidad: 'MEX', vin: '1M8GDM9AXKP042788', fecha_documento: '15/03/2024', propietario: 'Juan Pérez' },
      });
      await w.admin('PUT', '/admin/sandbox/fixtures/plate_portal/NXA1234', {
        plate_status: 'Vigente',
        valid_from: '15/03/2024',
        valid_until: '15/03/2029',
        previous_plate: 'MLK-98-76',
      });
      const caseId = await createCase(w, tenant, { internal_id: 'E2E-1' });
      const doc = (
        await w.inject({ method: 'POST', url: '/v1/documents', headers: { 'x-api-key': tenant.apiKey }, payload: { case_id: caseId, mime_type: 'application/pdf', base64: bytes.toString('base64') } })
      ).json();
      expect((await w.inject({ method: 'GET', url: `/v1/cases/${caseId}/status`, headers: tenant.bearer })).statusCode).toBe(404);
      expect((await w.inject({ method: 'GET', url: `/v1/cases/${caseId}/plates`, headers: tenant.bearer })).statusCode).toBe(404);
      const started = await w.inject({ method: 'POST', url: `/v1/cases/${caseId}/process`, headers: tenant.bearer });
      expect(started.statusCode).toBe(202);
      expect(started.json()).toEqual({ job_id: expect.any(String), status: 'processing' });
      await w.server.runner.whenIdle();

      const status = (await w.inject({ method: 'GET', url: `/v1/cases/${caseId}/status`, headers: tenant.bearer })).json();
      expect(status).toMatchObject({ case_id: caseId, job_id: started.json().job_id, status: 'completed', total_files: 1, processed_files: 1, failed_files: 0 });
      const detail = (await w.inject({ method: 'GET', url: `/v1/documents/${doc.document_id}`, headers: { 'x-api-key': tenant.apiKey } })).json();
      expect(detail.type).toBe('vehicle_certificate');
      expect(detail.parsed_data).toMatchObject({ entidad: 'MEX', vin: '1M8GDM9AXKP042788' });

      const plates = (await w.inject({ method: 'GET', url: `/v1/cases/${caseId}/plates`, headers: tenant.bearer })).json();
      expect(plates).toEqual({
        case_id: caseId,
        internal_id: 'E2E-1',
        plates: [
          {
            plate: 'NXA1234',
            entity: 'MEX',
            document_type: 'vehicle_certificate',
            document_date: '15/03/2024',
            file_id: doc.document_id,
            ocr_id: expect.any(String),
            niv: '1M8GDM9AXKP042788',
            motor_number: null,
            owner_name: 'Juan Pérez',
            plate_status: 'Vigente',
            plate_valid_from: '15/03/2024',
            plate_valid_until: '15/03/2029',
            previous_plate: 'MLK9876',
            previous_plate_lookup_status: 'found',
          },
        ],
      });
      const caseDetail = (await w.inject({ method: 'GET', url: `/v1/cases/${caseId}`, headers: tenant.bearer })).json();
      const review = caseDetail.review_status;
      expect(['nuevo', 'devuelta_correccion']).toContain(review);
      const urls = hook.json().map((r) => r.path).sort();
      expect(urls).toEqual(
        [review === 'nuevo' ? '/processing-in-review' : '/processing-review-corrections', '/services-circulo-credito'].sort(),
      );
      if (review === 'nuevo') {
        expect(hook.json().find((r) => r.path === '/processing-in-review')).toMatchObject({
          body: { status: 'en_revision', event_type: 'in-review', vehicle_id: caseId, internal_id: 'E2E-1' },
        });
      }
      // processing again without a change fires no status webhook
      hook.requests.length = 0;
      await w.inject({ method: 'POST', url: `/v1/cases/${caseId}/process`, headers: tenant.bearer });
      await w.server.runner.whenIdle();
      expect(hook.requests).toEqual([]);
      await hook.close();
    } finally {
      await w.close();
    }
  });
});

describe('processing runs of one case sent together', () => {
  it('run one after the other: one review status, one set of webhooks, no status taken back', async () => {
    const w = await startTestServer();
    try {
      const { tenant, hook } = await tenantWithReviewHooks(w);
      const bytes = Buffer.from('%PDF-1.4 factura valida');
      await setOcr(w, bytes, { type: 'factura', text: 'FACTURA', parsed_data: { vin: '1M8GDM9AXKP042788', rfc_emisor: 'AVM9203175R5', monto_total: 1000 }, delay_ms: 300 });
      const caseId = await createCase(w, tenant);
      const up = await w.inject({ method: 'POST', url: '/v1/documents', headers: { 'x-api-key': tenant.apiKey }, payload: { case_id: caseId, mime_type: 'application/pdf', base64: bytes.toString('base64') } });
      expect(up.statusCode).toBe(201);
      const process = () => w.inject({ method: 'POST', url: `/v1/cases/${caseId}/process`, headers: tenant.bearer });
      const runs = await Promise.all([process(), process(), process()]);
      expect(runs.map((r) => r.statusCode)).toEqual([202, 202, 202]);
      await w.server.runner.whenIdle();
      const detail = (await w.inject({ method: 'GET', url: `/v1/cases/${caseId}`, headers: tenant.bearer })).json();
      expect(detail.review_status).toBe('nuevo');
      expect(hook.json().map((r) => r.path).sort()).toEqual(['/processing-in-review', '/services-circulo-credito']);
      await hook.close();
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
        parsed_data: { placa: 'nxa-12-34', entidad: 'Estado de México', ejercicio_fiscal: '2024', total: '$1,850.50', fecha_pago: '2024-02-20', anio_modelo: 'dos mil' },
      });
      const caseId = await createCase(w, tenant);
      const { document_id } = (
        await w.inject({ method: 'POST', url: '/v1/documents', headers: { 'x-api-key': tenant.apiKey }, payload: { case_id: caseId, mime_type: 'application/pdf', base64: bytes.toString('base64') } })
      ).json();
      await w.server.runner.whenIdle();
      const detail = (await w.inject({ method: 'GET', url: `/v1/documents/${document_id}`, headers: { 'x-api-key': tenant.apiKey } })).json();
      expect(detail.parsed_data).toEqual({ placa: 'NXA1234', entidad: 'MEX', ejercicio_fiscal: 2024, total: 1850.5, fecha_pago: '20/02/2024' });
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
    const keys = (await t.server.ctx.db.selectFrom('documents').select(['storage_key', 'size_bytes']).where('case_id', '=', caseId).execute());
    // On PostgreSQL every file is the database's, the large one in chunk rows (docs/operator-guide.md).
    const stored = keys.filter((k) => inDatabase.some((r) => r.key === k.storage_key)).map((k) => Number(k.size_bytes));
    expect(stored.sort((a, b) => a - b)).toEqual(t.server.ctx.dialect === 'postgres' ? [small.length, large.length] : [small.length]);
    expect((await t.inject({ method: 'GET', url: `/files/${'A'.repeat(32)}.pdf` })).statusCode).toBe(404);
  });
});
