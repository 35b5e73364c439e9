import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { needs } from '../../../vitest.needs.ts';
import { SPEC_NOTE, specDocument } from '../test/specDocuments.js';
import type { AuthKind } from './operationSpec.js';
import { OPERATIONS, OPERATION_LIST, buildPath, pathParams } from './operations.js';

const contract = specDocument('spec/service-contract.md');
const operatorSurface = specDocument('design/operator-surface.md');

const METHOD = '(GET|POST|PUT|PATCH|DELETE)';

/** `METHOD path` pairs the documents name, with their shorthands expanded to full paths. */
function documentedEndpoints(text: string): string[] {
  const patterns = [
    new RegExp(`\\| ${METHOD} \\| \`([^\`]+)\``, 'g'), // | GET | `/v1/cases` |
    new RegExp(`\\| ${METHOD} \`([^\`]+)\``, 'g'), // | POST `/admin/companies` |
    new RegExp(`\\*\\*${METHOD} ([^*\\s]+)\\*\\*`, 'g'), // **GET .../repuve**
    new RegExp(`\`${METHOD} ([^\`\\s]+)\``, 'g'), // `GET /health`
    new RegExp(`### [\\d.]+ ${METHOD} (\\S+)`, 'g'), // ### 4.7 GET /v1/cases/{case_id}/taxes
  ];
  const found = new Set<string>();
  for (const pattern of patterns) {
    for (const [, method, raw] of text.matchAll(pattern)) {
      const path = raw!
        .replace(/^\.\.\./, '/v1/cases/{case_id}')
        .replace('{bureau}', 'circulo-credito')
        .replace(/^\/v1\/cases\/\{id\}/, '/v1/cases/{case_id}')
        .replace(/^\/v1\/documents\/\{id\}/, '/v1/documents/{document_id}');
      found.add(`${method} ${path}`);
    }
  }
  return [...found];
}

const defined = new Set(OPERATION_LIST.map((op) => `${op.method} ${op.path}`));

describe('operations cover the contract', needs(contract !== null, SPEC_NOTE), () => {
  it.each(documentedEndpoints(contract ?? ''))('%s is an operation', (endpoint) => {
    expect(defined).toContain(endpoint);
  });

  it('covers the credit bureau (described without a table row)', () => {
    expect(defined).toContain('GET /v1/cases/{case_id}/circulo-credito');
    expect(defined).toContain('POST /v1/cases/{case_id}/circulo-credito');
  });
});

/** Served next to the API but not API operations: the OpenAPI document is generated from this table. */
const DOCUMENTATION_ENDPOINTS = new Set(['GET /docs', 'GET /openapi.json']);

describe('operations cover the operator surface', needs(operatorSurface !== null, SPEC_NOTE), () => {
  it.each(documentedEndpoints(operatorSurface ?? '').filter((e) => !DOCUMENTATION_ENDPOINTS.has(e)))('%s is an operation', (endpoint) => {
    expect(defined).toContain(endpoint);
  });

  it('covers GET and POST metadata (written "GET / POST")', () => {
    expect(defined).toContain('GET /v1/cases/{case_id}/metadata');
    expect(defined).toContain('POST /v1/cases/{case_id}/metadata');
  });
});

/** Credential rules of contract §5 and operator-surface §1–§2. */
function expectedAuth(method: string, path: string): AuthKind {
  if (path === '/health') return 'none';
  if (path.startsWith('/admin/')) return 'admin';
  if (path.startsWith('/v1/cases')) return 'bearer';
  if (path === '/v1/documents' && method === 'GET') return 'bearer';
  if (path.startsWith('/v1/documents')) return 'bearerOrApiKey';
  if (path.startsWith('/documents/ine')) return 'bearer';
  throw new Error(`no auth rule for ${method} ${path}`);
}

describe('operations table', () => {
  it.each(OPERATION_LIST.map((op) => [op.id, op] as const))('%s follows the auth rules', (_id, op) => {
    expect(op.auth).toBe(expectedAuth(op.method, op.path));
  });

  it('has one operation per method and path, each id matching its key', () => {
    expect(defined.size).toBe(OPERATION_LIST.length);
    for (const [key, op] of Object.entries(OPERATIONS)) expect(op.id).toBe(key);
  });

  it('answers async POSTs with 202 and creations with 201', () => {
    expect(OPERATIONS.startTickets.successStatus).toBe(202);
    expect(OPERATIONS.reclassifyDocument.successStatus).toBe(202);
    expect(OPERATIONS.submitIne.successStatus).toBe(202);
    expect(OPERATIONS.uploadDocument.successStatus).toBe(201);
    expect(OPERATIONS.createCase.successStatus).toBe(201);
    expect(OPERATIONS.createCase.otherSuccessStatuses).toEqual([202]);
  });

  it('keys every create and start but those that answer a secret, and never both', () => {
    const secrets = OPERATION_LIST.filter((op) => op.answersSecret).map((op) => op.id);
    expect(secrets.sort()).toEqual(['createApiKey', 'createToken', 'rotateWebhookSecret']);
    for (const op of OPERATION_LIST) {
      expect(op.idempotent && op.answersSecret, op.id).toBeFalsy();
      // A 201 or 202 answers a record made or work started: a retry must not do it twice.
      if ([201, 202].includes(op.successStatus)) expect(Boolean(op.idempotent || op.answersSecret), op.id).toBe(true);
    }
  });

  it('writes path parameters as {name} and only ever the known ones', () => {
    const known = new Set([
      'case_id',
      'document_id',
      'job_id',
      'company_id',
      'user_id',
      'key_id',
      'token_id',
      'delivery_id',
      'event',
      'source',
      'key',
    ]);
    for (const op of OPERATION_LIST) {
      expect(op.path).not.toMatch(/:\w/);
      for (const name of pathParams(op.path)) expect(known).toContain(name);
    }
  });

  it('gives 204 operations no response body and the others one', () => {
    for (const op of OPERATION_LIST) expect(op.response === null).toBe(op.successStatus === 204);
  });

  it('pairs every custom body check with a permissive wire body', () => {
    for (const op of OPERATION_LIST) {
      expect(op.bodyCheck === undefined).toBe(op.wireBody === undefined);
      if (op.wireBody) expect(op.wireBody.safeParse({}).success).toBe(true);
    }
    const upload = OPERATIONS.uploadDocument.bodyCheck({});
    expect(upload).toMatchObject({ ok: false, code: 'MISSING_PARAMETER' });
  });

  it.each(OPERATION_LIST.map((op) => [op.id, op] as const))('%s schemas convert to JSON Schema', (_id, op) => {
    const opts = { unrepresentable: 'any', io: 'input' } as const;
    for (const schema of [op.body, op.wireBody, op.query]) if (schema) expect(() => z.toJSONSchema(schema, opts)).not.toThrow();
    if (op.response) expect(() => z.toJSONSchema(op.response!, { unrepresentable: 'any', io: 'output' })).not.toThrow();
  });
});

describe('paths', () => {
  it('lists and fills parameters', () => {
    expect(pathParams(OPERATIONS.putWebhook.path)).toEqual(['company_id', 'event']);
    expect(buildPath(OPERATIONS.getCreditBureau.path, { case_id: 'a b' })).toBe('/v1/cases/a%20b/circulo-credito');
    expect(() => buildPath(OPERATIONS.getCase.path, {})).toThrow(/case_id/);
  });
});
