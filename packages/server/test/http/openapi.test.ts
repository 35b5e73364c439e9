import { createConfig, lintFromString } from '@redocly/openapi-core';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProcessedDocument, createCase, createTenant, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';

let t: TestServer;
let acme: Tenant;
let doc: Record<string, any>;

beforeAll(async () => {
  t = await startTestServer();
  acme = await createTenant(t);
  doc = (await t.inject({ method: 'GET', url: '/openapi.json' })).json();
});
afterAll(() => t.close());

describe('OpenAPI document (/openapi.json)', () => {
  it('passes the Redocly recommended ruleset without errors', async () => {
    const config = await createConfig({ extends: ['recommended'], rules: { 'info-license': 'off', 'operation-4xx-response': 'off' } });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.map((e) => `${e.ruleId}: ${e.message} @ ${e.location[0]?.pointer}`)).toEqual([]);
  });

  it('names its server relative to the document when no public URL is configured', () => {
    expect(doc.servers).toEqual([{ url: '/', description: 'this server' }]);
  });

  it('covers every route with its auth scheme', () => {
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/v1/cases',
      '/v1/cases/{case_id}/taxes',
      '/v1/documents',
      '/v1/documents/{document_id}/ocr',
      '/documents/ine',
      '/admin/companies',
      '/health',
    ]) {
      expect(paths, p).toContain(p);
    }
    expect(doc.paths['/v1/documents'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/v1/documents'].post.security).toEqual([{ apiKeyAuth: [] }, { bearerAuth: [] }]);
    expect(doc.paths['/admin/companies'].post.security).toEqual([{ adminAuth: [] }]);
    expect(doc.paths['/health'].get.security).toEqual([]);
    // Answers without a body list their own status (operator-surface §2: 204).
    for (const p of ['/admin/api-keys/{key_id}', '/admin/companies/{company_id}/webhooks/{event}']) {
      expect(Object.keys(doc.paths[p].delete.responses), p).toEqual(['204', '400', '401', '404']);
    }
    expect(Object.keys(doc.paths['/admin/sandbox/fixtures'].delete.responses)).toEqual(['204', '400', '401']);
    // The error answers of contract §7, each with the one error body.
    expect(Object.keys(doc.paths['/v1/cases/{case_id}/assign'].post.responses)).toEqual(['200', '400', '401', '403', '404']);
    expect(Object.keys(doc.paths['/v1/cases'].post.responses)).toEqual(['201', '202', '400', '401', '422']);
    expect(Object.keys(doc.paths['/v1/documents'].post.responses)).toEqual(['201', '400', '401', '404']);
    expect(Object.keys(doc.paths['/health'].get.responses)).toEqual(['200']);
    // The upload documents the body it takes, not the looser one its route checks first.
    expect(doc.paths['/v1/documents'].post.requestBody.content['application/json'].schema.required).toEqual(['case_id', 'mime_type']);
    expect(doc.paths['/v1/documents'].post.parameters).toEqual([
      expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }),
    ]);
    // A body is required only where it must be sent; the chain POSTs take none (§4.3).
    expect(doc.paths['/v1/cases/{case_id}/chain_plates'].post.requestBody).toBeUndefined();
    expect(doc.paths['/v1/documents/{document_id}/classify'].post.requestBody.required).toBe(false);
    expect(doc.paths['/v1/cases'].post.requestBody.required).toBe(true);
    expect(doc.paths['/v1/cases/{case_id}/metadata'].post.requestBody.required).toBe(true);
    const notFound = doc.paths['/v1/cases/{case_id}/taxes'].get.responses['404'].content['application/json'].schema;
    expect(notFound.properties.error.properties.code.type).toEqual(['string', 'null']);
    // Page size: its default and range (contract §4.1, §4.9, §8), not any integer.
    const limitOf = (p: string) => doc.paths[p].get.parameters.find((q: { name: string }) => q.name === 'limit');
    expect(limitOf('/v1/cases')).toMatchObject({
      in: 'query',
      required: false,
      description: expect.stringMatching(/^Page size: 20 when absent; .*1…100/),
    });
    expect(limitOf('/v1/documents').description).toMatch(/^Page size: 10 when absent/);
    const createCase = doc.paths['/v1/cases'].post.requestBody.content['application/json'];
    expect(JSON.stringify(createCase.examples)).toContain('SIN-2026-0001');
  });

  it('live responses validate against their documented schemas', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const check = async (method: 'GET' | 'POST', url: string, path: string, status = 200) => {
      const res = await t.inject({ method, url, headers: acme.bearer });
      expect(res.statusCode, url).toBe(status);
      const schema = doc.paths[path][method.toLowerCase()].responses[String(status)].content['application/json'].schema;
      const validate = ajv.compile({ ...schema, components: doc.components });
      expect(validate(res.json()), `${url}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    };
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'factura', { vin: '3N1CN8AE5RK812345' });
    await t.inject({ method: 'POST', url: `/v1/cases/${caseId}/plates`, headers: acme.bearer });
    await check('GET', '/v1/cases', '/v1/cases');
    await check('GET', `/v1/cases/${caseId}`, '/v1/cases/{case_id}');
    await check('GET', `/v1/cases/${caseId}/vins`, '/v1/cases/{case_id}/vins');
    await check('GET', `/v1/cases/${caseId}/taxes`, '/v1/cases/{case_id}/taxes');
    await check('GET', `/v1/cases/${caseId}/tickets`, '/v1/cases/{case_id}/tickets');
    await check('GET', `/v1/cases/${caseId}/invoices`, '/v1/cases/{case_id}/invoices');
    await check('GET', `/v1/documents?case_id=${caseId}`, '/v1/documents');
  });
});
