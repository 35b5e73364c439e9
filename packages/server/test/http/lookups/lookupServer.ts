import { addProcessedDocument, createCase } from '../../helpers/testServer.js';
import { acme, t, VIN } from '../tenantServer.js';

export { acme, t, useTenantServer, VIN } from '../tenantServer.js';

export const get = (url: string, tenant = acme) => t.inject({ method: 'GET', url, headers: tenant.bearer });
export const post = (url: string, tenant = acme) => t.inject({ method: 'POST', url, headers: tenant.bearer });

/** A case with a processed invoice carrying `VIN` (and `extra` fields). */
export async function caseWithVin(extra: Record<string, unknown> = {}) {
  const caseId = await createCase(t, acme);
  const fileId = await addProcessedDocument(t, acme, caseId, 'factura', { vin: VIN, ...extra });
  return { caseId, fileId };
}
