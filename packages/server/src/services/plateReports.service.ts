import type { TaxesResponse, TicketsResponse } from '@vcase/shared';
import type { Principal } from '../auth/principal.js';
import type { ServerContext } from '../context.js';
import { taxesResponse, taxPlatesToQuery } from '../domain/taxes.js';
import { ticketPlatesToQuery, ticketsResponse, type TicketInfraction } from '../domain/tickets.js';
import { badRequest } from '../errors.js';
import { enqueueJob } from '../jobs/jobQueue.js';
import { LOOKUP_BATCH_JOB } from '../jobs/kinds.js';
import type { JobHandler } from '../jobs/jobHandler.js';
import type { CaseRow } from '../repositories/cases.repository.js';
import { loadCase } from './caseAccess.js';
import { casePrimaryVin } from './caseDerived.service.js';
import { caseOwner, startLookup } from './lookups/lookupJob.js';
import { casePlateEntries, caseTaxReceipts, plateKey, plateLookupStates } from './lookups/plateLookupState.js';

/** The parent of a batch of per-plate lookups (`LOOKUP_BATCH_JOB`). */
export const lookupBatchJob: JobHandler<{ source: string; plates: string[] }> = {
  async run(job) {
    return { source: job.payload.source, plates: job.payload.plates };
  },
};

/** The objects of a source's list (infractions, years); anything else in it is skipped. Not a list: undefined. */
function objectItems(value: unknown): Record<string, unknown>[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter((item): item is Record<string, unknown> => item !== null && typeof item === 'object' && !Array.isArray(item));
}

const NO_PLATES = 'El caso no tiene placas; calcule las placas primero con POST /v1/cases/{case_id}/plates';
const NO_PLATES_FOR_CASE_VIN = 'Ninguna placa del caso corresponde al VIN del expediente: no hay placas que consultar';

async function startPlateLookups(ctx: ServerContext, row: CaseRow, source: 'tickets' | 'tenencia', pick: typeof ticketPlatesToQuery) {
  const plates = await casePlateEntries(ctx, row.id);
  if (plates.length === 0) throw badRequest(NO_PLATES);
  const caseVin = await casePrimaryVin(ctx, row.id);
  // Plates that all belong to another VIN leave nothing to look up: the same 400 (contract §7,
  // "no plates for tickets/taxes POST"); GET publishes the matching empty.
  const pairs = pick(plates, caseVin);
  if (pairs.length === 0) throw badRequest(NO_PLATES_FOR_CASE_VIN);
  const unique = [...new Set(pairs.map((p) => p.plate))];
  return ctx.db.transaction().execute(async (trx) => {
    const parent = await enqueueJob(trx, ctx, {
      kind: LOOKUP_BATCH_JOB,
      payload: { source, plates: unique },
      companyId: row.company_id,
      caseId: row.id,
    });
    for (const p of pairs) {
      await startLookup(ctx, caseOwner(row), { source, key: plateKey(p.plate, p.entity), input: p }, trx, parent.id);
    }
    return { job_id: parent.id, plates: unique, status: 'pending' as const };
  });
}

/** POST /v1/cases/{id}/tickets: every plate (current and previous) in its entity and in CMX. */
export async function startTickets(ctx: ServerContext, principal: Principal, caseId: string) {
  return startPlateLookups(ctx, await loadCase(ctx, principal, caseId), 'tickets', ticketPlatesToQuery);
}

/** POST /v1/cases/{id}/taxes: one child lookup per unique plate. */
export async function startTaxes(ctx: ServerContext, principal: Principal, caseId: string) {
  return startPlateLookups(ctx, await loadCase(ctx, principal, caseId), 'tenencia', taxPlatesToQuery);
}

/**
 * GET /v1/cases/{id}/tickets of a case already loaded (and checked against the caller's
 * company): read-only, never triggers lookups.
 */
export async function ticketsOf(ctx: ServerContext, row: CaseRow): Promise<TicketsResponse> {
  const [plates, caseVin, { states }] = await Promise.all([
    casePlateEntries(ctx, row.id),
    casePrimaryVin(ctx, row.id),
    plateLookupStates(ctx, row.id, 'tickets'),
  ]);
  return ticketsResponse({
    caseId: row.id,
    plates,
    caseVin,
    lookups: states.map((s) => ({
      plate: s.plate,
      entity: s.entity,
      state: s.state,
      reason: s.reason,
      infractions: (objectItems(s.data?.infractions) as TicketInfraction[] | undefined) ?? (s.state === 'done' ? [] : undefined),
    })),
  });
}

/**
 * GET /v1/cases/{id}/taxes of a case already loaded: read-only, always 200 when the case
 * exists. Besides the case's rows it depends only on the current year in Mexico City
 * (`taxYear`).
 */
export async function taxesOf(ctx: ServerContext, row: CaseRow): Promise<TaxesResponse> {
  const [plates, caseVin, { states, anyStarted }, receipts] = await Promise.all([
    casePlateEntries(ctx, row.id),
    casePrimaryVin(ctx, row.id),
    plateLookupStates(ctx, row.id, 'tenencia'),
    caseTaxReceipts(ctx, row.id),
  ]);
  return taxesResponse({
    plates,
    caseVin,
    receipts,
    anyLookupStarted: anyStarted,
    now: ctx.clock.now(),
    lookups: states.map((s) => ({
      plate: s.plate,
      entity: s.entity,
      state: s.state,
      reason: s.reason,
      finished_at: s.finished_at,
      years:
        (objectItems(s.data?.years) as { fiscal_year: number; amount: number | string | null }[] | undefined) ??
        (s.state === 'done' ? [] : undefined),
    })),
  });
}
