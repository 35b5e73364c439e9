import type { PedimentoResponse } from '@vcase/shared';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { badRequest, notFound } from '../../errors.js';
import { INVOICE_TYPES } from '../../domain/vins.js';
import { loadCase } from '../caseAccess.js';
import { processedDocuments, vinSources } from '../caseDerived.service.js';
import { primaryVin } from '../../domain/vins.js';
import { str } from '../../domain/text.js';
import { caseLookups } from './caseLookups.js';
import { caseOwner, startLookup } from './lookupJob.js';

export const PEDIMENTO_REQUIRED_FIELDS = ['aduana', 'ano_vehiculo'] as const;
export const NO_PRIMARY_VIN = 'No se encontró un VIN principal para el caso';

/** POST .../pedimento: from the OCR of the invoice linked to the main VIN. */
export async function startPedimento(ctx: ServerContext, principal: Principal, caseId: string) {
  const row = await loadCase(ctx, principal, caseId);
  const docs = await processedDocuments(ctx, row.id);
  const vin = primaryVin(vinSources(docs));
  if (!vin) throw badRequest(NO_PRIMARY_VIN);
  // The primary document is the invoice linked to the main VIN: a title or receipt that
  // happens to carry customs fields is not one.
  const primary = docs.find(({ doc, parsed }) => doc.type && INVOICE_TYPES.has(doc.type) && str(parsed.vin)?.toUpperCase() === vin);
  const parsed = primary?.parsed ?? {};
  const missing = PEDIMENTO_REQUIRED_FIELDS.filter((f) => str(parsed[f]) === null);
  if (missing.length) {
    throw badRequest(`Faltan campos requeridos en el OCR del documento principal: ${missing.join(', ')}`, { missing_fields: missing });
  }
  const job = await startLookup(ctx, caseOwner(row), {
    source: 'pedimento',
    key: vin,
    input: { pedimento: str(parsed.pedimento), aduana: str(parsed.aduana), ano_vehiculo: parsed.ano_vehiculo, file_id: primary?.doc.id },
  });
  return { job_id: job.id, status: 'pending' as const };
}

export async function getPedimento(ctx: ServerContext, principal: Principal, caseId: string): Promise<PedimentoResponse> {
  const row = await loadCase(ctx, principal, caseId);
  const jobs = await caseLookups(ctx.db, row.id, 'pedimento');
  const latest = jobs[0];
  if (!latest) throw notFound('No se ha ejecutado ninguna consulta de pedimento; use POST /v1/cases/{case_id}/pedimento primero');
  const r = latest.result;
  return {
    case_id: row.id,
    job_id: latest.id,
    status: r?.kind === 'failed' ? 'error' : latest.status,
    source: 'processing_jobs',
    result: r?.kind === 'ok' ? { success: true, data: (r.data.data as Record<string, unknown>) ?? r.data } : { success: false, data: null },
  };
}
