import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCase, createTenant, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';

let t: TestServer;
let acme: Tenant;

beforeAll(async () => {
  t = await startTestServer({}, { startWorkers: false });
  acme = await createTenant(t);
});
afterAll(() => t.close());

/** An XHTML document that runs a script if a browser renders it from the API's origin. */
const XHTML = Buffer.from(
  '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body><script>alert(document.cookie)</script></body></html>',
);

async function uploadXml(caseId: string) {
  const res = await t.inject({
    method: 'POST',
    url: '/v1/documents',
    headers: { 'x-api-key': acme.apiKey },
    payload: { case_id: caseId, mime_type: 'application/xml', base64: XHTML.toString('base64'), type: 'factura_xml' },
  });
  expect(res.statusCode).toBe(201);
  const { document_id, url } = res.json() as { document_id: string; url: string };
  return { documentId: document_id, path: new URL(url).pathname };
}

const docRequest = (method: 'DELETE' | 'POST', url: string) => t.inject({ method, url, headers: { 'x-api-key': acme.apiKey } });

describe('GET /files/<key>', () => {
  it('serves an uploaded file as an attachment, never sniffed, sandboxed if rendered', async () => {
    const { path } = await uploadXml(await createCase(t, acme));
    const res = await t.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(XHTML)).toBe(true);
    expect(res.headers['content-type']).toBe('application/xml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.xml"$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it("stops serving a deleted document's file, and serves it again once the document is restored", async () => {
    const { documentId, path } = await uploadXml(await createCase(t, acme));
    expect((await docRequest('DELETE', `/v1/documents/${documentId}`)).statusCode).toBe(200);
    const gone = await t.inject({ method: 'GET', url: path });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: { code: null, message: 'Archivo no encontrado' } });
    expect((await docRequest('POST', `/v1/documents/${documentId}/restore`)).statusCode).toBe(200);
    const back = await t.inject({ method: 'GET', url: path });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(XHTML)).toBe(true);
  });

  it('stops serving the files of a deleted case', async () => {
    const caseId = await createCase(t, acme);
    const { path } = await uploadXml(caseId);
    expect((await t.inject({ method: 'DELETE', url: `/v1/cases/${caseId}`, headers: acme.bearer })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: path })).statusCode).toBe(404);
  });
});

describe('security headers', () => {
  it('API answers carry the usual headers and a policy that allows nothing, refusals included', async () => {
    for (const res of [
      await t.inject({ method: 'GET', url: '/v1/cases', headers: acme.bearer }),
      await t.inject({ method: 'GET', url: '/v1/cases' }),
      await t.inject({ method: 'GET', url: '/health' }),
    ]) {
      expect(res.headers).toMatchObject({
        'content-security-policy': "default-src 'none';frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': expect.stringMatching(/^max-age=\d+/),
        'cross-origin-resource-policy': 'same-origin',
      });
    }
  });

  it('the Swagger UI at /docs keeps working: its page loads its own scripts and styles, which its policy allows', async () => {
    let page = await t.inject({ method: 'GET', url: '/docs' });
    if (page.statusCode === 302) page = await t.inject({ method: 'GET', url: page.headers.location as string });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.filter((a) => a.endsWith('.js'))).toHaveLength(3);
    for (const asset of assets) {
      expect(asset, asset).not.toMatch(/^https?:/);
      const res = await t.inject({ method: 'GET', url: new URL(asset, 'http://x/docs/').pathname });
      expect(res.statusCode, asset).toBe(200);
    }
    const initializer = await t.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain('SwaggerUIBundle');
  });
});
