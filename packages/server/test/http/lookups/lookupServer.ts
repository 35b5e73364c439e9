import { afterAll, beforeAll } from 'vitest';
import { addProcessedDocument, createCase, createTenant, startTestServer, type Tenant, type TestServer } from '../../helpers/testServer.js';

export const VIN = '1M8GDM9AXKP042788';

// Set by `useLookupServer` in the beforeAll of the test file that calls it: each test file
// gets a server and tenant of its own, read through these live bindings.
export let t: TestServer;
export let acme: Tenant;

/** One server with workers, and a tenant, for the tests of the calling file. */
export function useLookupServer() {
  beforeAll(async () => {
    t = await startTestServer();
    acme = await createTenant(t);
  });
  afterAll(() => t.close());
}

export const get = (url: string, tenant = acme) => t.inject({ method: 'GET', url, headers: tenant.bearer });
export const post = (url: string, tenant = acme) => t.inject({ method: 'POST', url, headers: tenant.bearer });

/** A case with a processed invoice carrying `VIN` (and `extra` fields). */
export async function caseWithVin(extra: Record<string, unknown> = {}) {
  const caseId = await createCase(t, acme);
  const fileId = await addProcessedDocument(t, acme, caseId, 'factura', { vin: VIN, ...extra });
  return { caseId, fileId };
}
