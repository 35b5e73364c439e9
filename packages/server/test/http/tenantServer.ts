import { afterAll, beforeAll } from 'vitest';
import { createTenant, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';

/** The VIN the lookup and plate tests give their vehicles. */
export const VIN = '1M8GDM9AXKP042788';

// Set by `useTenantServer` in the beforeAll of the test file that calls it: each test file
// gets a server and tenant of its own, read through these live bindings.
export let t: TestServer;
export let acme: Tenant;

/** One server with workers, and a tenant, for the tests of the calling file. */
export function useTenantServer() {
  beforeAll(async () => {
    t = await startTestServer();
    acme = await createTenant(t);
  });
  afterAll(() => t.close());
}
