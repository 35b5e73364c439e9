import { afterAll, beforeAll } from 'vitest';
import { createTenant, startTestServer, type Tenant, type TestServer } from '../../helpers/testServer.js';

// Set by `useCaseServer` in the beforeAll of the test file that calls it: each test file gets a
// server and tenants of its own, read through these live bindings.
export let t: TestServer;
export let acme: Tenant;
export let other: Tenant;

/** A server with two tenants (Acme with two use cases), for the tests of the calling file. */
export function useCaseServer() {
  beforeAll(async () => {
    t = await startTestServer();
    acme = await createTenant(t, { name: 'Acme Seguros', use_cases: [{ name: 'Siniestro' }, { name: 'Crédito' }] });
    other = await createTenant(t, { name: 'Otra Financiera' });
  });
  afterAll(() => t.close());
}

/** POST /v1/cases with a body sent exactly as given (a JSON text, or another content type). */
export const postCaseText = (payload: string, contentType = 'application/json') =>
  t.inject({ method: 'POST', url: '/v1/cases', headers: { ...acme.bearer, 'content-type': contentType }, payload });

/** A processed invoice row written straight to the database, `over` replacing its columns. */
export async function insertDocument(caseId: string, companyId: string, over: Record<string, unknown> = {}) {
  const now = new Date().toISOString();
  const id = crypto.randomUUID();
  await t.server.ctx.db
    .insertInto('documents')
    .values({
      id,
      company_id: companyId,
      case_id: caseId,
      parent_id: null,
      type: 'factura',
      subtype: null,
      mime_type: 'application/pdf',
      status: 'processed',
      storage_key: null,
      source_url: null,
      size_bytes: 10,
      sha256: null,
      parsed_data: null,
      json_ocr: JSON.stringify({ text: 'FACTURA' }),
      validity: null,
      classification_method: null,
      classification_confidence: null,
      vin: null,
      active: 1,
      created_at: now,
      updated_at: now,
      processed_at: null,
      ...over,
    })
    .execute();
  return id;
}
