import { describe, expect, it } from 'vitest';
import { createCase, createTenant, startTestServer } from '../../helpers/testServer.js';
import { PDF, t, acme, other, fileBase, keyHeaders, upload, useDocumentServer } from './documentServer.js';

useDocumentServer();

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
    [
      'unsupported MIME',
      { case_id: '11111111-1111-4111-8111-111111111111', mime_type: 'text/plain', base64: 'QUJD' },
      'mime_type no soportado',
    ],
    [
      'both url and base64',
      { case_id: '11111111-1111-4111-8111-111111111111', mime_type: 'application/pdf', base64: 'QUJD', url: 'https://example.com/a.pdf' },
      'envíe solo uno de url o base64',
    ],
    [
      'parent_file_id not a UUID',
      { case_id: '11111111-1111-4111-8111-111111111111', mime_type: 'application/pdf', base64: 'QUJD', parent_file_id: 'x' },
      'parent_file_id: debe ser un UUID',
    ],
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
    const doc = await t.server.ctx.db
      .selectFrom('documents')
      .select('size_bytes')
      .where('id', '=', res.json().document_id)
      .executeTakeFirstOrThrow();
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
    const parentMissing = await upload({
      case_id: caseId,
      mime_type: 'application/pdf',
      base64: 'QUJD',
      parent_file_id: crypto.randomUUID(),
    });
    expect(parentMissing.statusCode).toBe(404);
    expect(parentMissing.json().error.code).toBe('RESOURCE_NOT_FOUND');
    const otherCase = await createCase(t, acme);
    const parent = (await upload({ case_id: otherCase, mime_type: 'application/pdf', base64: 'QUJD' })).json();
    const wrongCase = await upload({ case_id: caseId, mime_type: 'application/pdf', base64: 'QUJD', parent_file_id: parent.document_id });
    expect(wrongCase.statusCode).toBe(404);
    const sameCaseParent = (await upload({ case_id: caseId, mime_type: 'application/xml', base64: 'PHgvPg==' })).json();
    const child = await upload({
      case_id: caseId,
      mime_type: 'application/pdf',
      base64: 'QUJD',
      parent_file_id: sameCaseParent.document_id,
    });
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
    expect(otherContent.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Idempotency-Key ya se usó con un cuerpo distinto',
    });
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
