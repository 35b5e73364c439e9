import type { ServerContext } from '../../context.js';
import { fromJson } from '../../db/json.js';
import { listProcessedDocumentsOfTypes } from '../../repositories/documents.repository.js';
import type { LookupJob } from './caseLookups.js';
import { str } from '../../domain/text.js';
import { caseLookups, obj } from './caseLookups.js';
import { lookupStatus } from './lookupJob.js';
import { casePlateRows, plateDocumentFields } from '../plates.service.js';

/** Where a per-plate lookup stands, as the tickets and tenencia rules read it. */
export type LookupState = 'never' | 'running' | 'failed' | 'reason' | 'done';

export interface PlateLookupState {
  plate: string;
  entity: string;
  state: Exclude<LookupState, 'never'>;
  reason?: string;
  data?: Record<string, unknown>;
  finished_at?: string;
}

/** `PLATE:ENTITY`, the key of per-entity sources (operator-surface §3). */
export const plateKey = (plate: string, entity: string) => `${plate}:${entity}`;

export function stateOf(job: LookupJob): PlateLookupState {
  const [plate, entity = ''] = job.payload.key.split(':');
  const base = { plate, entity, finished_at: job.finishedAt ?? undefined };
  const status = lookupStatus(job);
  if (status === 'pending' || status === 'processing') return { ...base, state: 'running' };
  const r = job.result;
  if (status === 'error' || !r || r.kind === 'failed') return { ...base, state: 'failed' };
  if (r.kind === 'reason') return { ...base, state: 'reason', reason: r.reason };
  if (r.kind === 'not_found') return { ...base, state: 'done', data: {} };
  return { ...base, state: 'done', data: r.data };
}

/** Every lookup of a per-plate source on a case, newest first, as states. */
export async function plateLookupStates(ctx: ServerContext, caseId: string, source: 'tickets' | 'tenencia') {
  const jobs = await caseLookups(ctx.db, caseId, source);
  return { states: jobs.map(stateOf), anyStarted: jobs.length > 0 };
}

/** The case's plates (§2.4 rows) with the portal's previous plate (and whether it is still asked for), in stored order. */
export async function casePlateEntries(ctx: ServerContext, caseId: string) {
  return (await casePlateRows(ctx, caseId)).map((p) =>
    Object.assign(plateDocumentFields(p), {
      previous_plate: p.portal?.previous_plate ?? null,
      previous_plate_pending: p.portal?.lookup_status === 'pending',
    }),
  );
}

/** Tenencia receipts of a case: processed tax documents' parsed_data, by file. */
export async function caseTaxReceipts(ctx: ServerContext, caseId: string) {
  const docs = await listProcessedDocumentsOfTypes(ctx.db, caseId, ['tax_payment', 'tenencia']);
  return docs.map((d) => {
    const p = fromJson<Record<string, unknown>>(d.parsed_data, {});
    return {
      file_id: d.id,
      placa: str(p.placa),
      entidad: str(p.entidad),
      ejercicio_fiscal: p.ejercicio_fiscal as number | number[] | undefined,
      fecha_pago: str(p.fecha_pago),
      total: p.total as number | string | undefined,
      vin: str(p.vin),
    };
  });
}

export { obj };
