import { expect } from 'vitest';
import { addProcessedDocument, createCase } from '../../helpers/testServer.js';
import { acme, t, VIN } from '../tenantServer.js';

export { acme, t, useTenantServer, VIN } from '../tenantServer.js';

export const get = (url: string) => t.inject({ method: 'GET', url, headers: acme.bearer });
export const post = (url: string, payload?: unknown) =>
  t.inject({
    method: 'POST',
    url,
    headers: acme.bearer,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** A case with an invoice VIN, a current MEX plate (with a previous one on the portal) and a tenencia receipt. */
export async function vehicleCase(opts: { previous?: string | null; otherVinPlate?: boolean } = {}) {
  const caseId = await createCase(t, acme);
  await addProcessedDocument(t, acme, caseId, 'factura', { vin: VIN, fecha_emision: '10/01/2019' });
  await addProcessedDocument(t, acme, caseId, 'certificate_title', {
    placa: 'NXA-12-34',
    entidad: 'MEX',
    vin: VIN,
    fecha_documento: '15/03/2024',
    propietario: 'Juan Pérez',
  });
  await addProcessedDocument(t, acme, caseId, 'tax_payment', {
    placa: 'NXA1234',
    entidad: 'MEX',
    vin: VIN.slice(-8),
    ejercicio_fiscal: 2025,
    fecha_pago: '20/02/2025',
    total: 1850.5,
  });
  if (opts.otherVinPlate) {
    const other = { placa: 'ZZZ9999', entidad: 'JAL', vin: '3VWFE21C04M000001', fecha_documento: '01/01/2024' };
    await addProcessedDocument(t, acme, caseId, 'vehicle_certificate', other);
  }
  await t.admin('PUT', '/admin/sandbox/fixtures/plate_portal/NXA1234', {
    plate_status: 'Vigente',
    valid_from: '15/03/2024',
    valid_until: '15/03/2029',
    previous_plate: opts.previous === undefined ? 'MLK9876' : opts.previous,
  });
  const plates = await post(`/v1/cases/${caseId}/plates`);
  expect(plates.statusCode).toBe(200);
  await t.server.runner.whenIdle();
  return caseId;
}
