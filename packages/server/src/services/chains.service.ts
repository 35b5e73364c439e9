import type { OwnershipChainResponse, PlateChainResponse } from '@vcase/shared';
import type { Principal } from '../auth/principal.js';
import type { ServerContext } from '../context.js';
import { fromJson } from '../db/json.js';
import { buildOwnershipChain, ownershipChainPending } from '../domain/ownershipChain.js';
import { nivBelongsToCase } from '../domain/plateSelection.js';
import { buildPlateChain, plateChainPending } from '../domain/plateChain.js';
import { badRequest } from '../errors.js';
import { enqueueJob, jobInFlight, latestJobForCase } from '../jobs/jobQueue.js';
import type { JobHandler } from '../jobs/jobHandler.js';
import { OWNERSHIP_CHAIN_JOB, PLATE_CHAIN_JOB } from '../jobs/kinds.js';
import { findCaseById, type CaseRow } from '../repositories/cases.repository.js';
import { listCaseDocuments } from '../repositories/documents.repository.js';
import { loadCase } from './caseAccess.js';
import { hasPendingPortalLookup } from '../repositories/plates.repository.js';
import { casePlateRows, computePlates, plateDocumentFields } from './plates.service.js';
import { casePrimaryVin, consolidatedNames, namesInFlight, processedDocuments } from './caseDerived.service.js';

type ChainKind = typeof PLATE_CHAIN_JOB | typeof OWNERSHIP_CHAIN_JOB;

/** POST chain endpoints take no parameters: any body or query string is a 400 (contract §4.3). */
export function assertNoParameters(body: unknown, query: Record<string, unknown>) {
  const hasBody =
    body !== undefined && body !== null && !(typeof body === 'object' && !Array.isArray(body) && Object.keys(body as object).length === 0);
  if (hasBody || Object.keys(query).length > 0) {
    throw badRequest('Este endpoint no recibe parámetros en el cuerpo ni en la consulta');
  }
}

async function plateChainBody(ctx: ServerContext, row: CaseRow): Promise<PlateChainResponse> {
  const [plates, docs, caseVin] = await Promise.all([
    casePlateRows(ctx, row.id),
    listCaseDocuments(ctx.db, row.id, { includeInactive: false }),
    casePrimaryVin(ctx, row.id),
  ]);
  const byId = new Map(docs.map((d) => [d.id, d]));
  const base = ctx.address.baseUrl;
  return buildPlateChain({
    caseId: row.id,
    internalId: row.internal_id,
    caseVin,
    now: ctx.clock.now(),
    fileUrl: (fileId) => {
      const key = byId.get(fileId)?.storage_key;
      return key ? `${base}/files/${key}` : null;
    },
    plates: plates.map((p) => {
      const parsed = fromJson<Record<string, unknown>>(byId.get(p.file_id)?.parsed_data, {});
      const l = p.portal;
      return Object.assign(plateDocumentFields(p), {
        previous_plate: l?.previous_plate ?? null,
        plate_valid_from: l?.valid_from ?? null,
        folio: typeof parsed.folio === 'string' ? parsed.folio : null,
        field_name: 'placa' as const,
      });
    }),
  });
}

async function ownershipChainBody(ctx: ServerContext, row: CaseRow): Promise<OwnershipChainResponse> {
  const [docs, names, caseVin] = await Promise.all([
    processedDocuments(ctx, row.id),
    consolidatedNames(ctx, row.id),
    casePrimaryVin(ctx, row.id),
  ]);
  // Documents of another vehicle (their VIN does not match the case's, §4.5 rule 1) name other owners.
  const ours = docs.filter(({ parsed }) => nivBelongsToCase(typeof parsed.vin === 'string' ? parsed.vin : null, caseVin));
  return buildOwnershipChain({
    caseId: row.id,
    internalId: row.internal_id,
    now: ctx.clock.now(),
    names,
    documents: [...ours].reverse().map(({ doc, parsed }) => ({ file_id: doc.id, document_type: doc.type, parsed_data: parsed })),
  });
}

/**
 * A chain job waits while its inputs are still being produced: the names consolidation for
 * ownership (§2.6: `processing` while it runs), the portal's previous plates for the plate
 * chain. After 5 minutes it is built from what there is.
 */
const INPUTS_WAIT = { pollMs: 250, maxMs: 5 * 60_000 };

/** Generation runs as a durable job; its result is the `completed` body GET serves. */
export const chainJob = (kind: ChainKind): JobHandler<Record<string, never>> => ({
  maxAttempts: 3,
  async run(job, ctx, opts) {
    const caseId = job.caseId as string;
    const row = await findCaseById(ctx.db, caseId);
    if (!row || row.active !== 1) return null;
    if (kind === OWNERSHIP_CHAIN_JOB) {
      await opts.waitWhile(() => namesInFlight(ctx, caseId), INPUTS_WAIT);
      return ownershipChainBody(ctx, row);
    }
    // Like ownership without consolidated names (§4.3), a case whose plates were never
    // computed gets them first, from its processed documents (as POST …/plates does).
    if (!row.plates_computed_at) await computePlates(ctx, row);
    await opts.waitWhile(() => hasPendingPortalLookup(ctx.db, caseId), INPUTS_WAIT);
    return plateChainBody(ctx, row);
  },
});

async function startChain(ctx: ServerContext, principal: Principal, caseId: string, kind: ChainKind) {
  const row = await loadCase(ctx, principal, caseId);
  await enqueueJob(ctx.db, ctx, { kind, payload: {}, companyId: row.company_id, caseId: row.id });
  return row;
}

async function readChain<T>(
  ctx: ServerContext,
  row: CaseRow,
  kind: ChainKind,
  pending: (status: 'processing' | 'pending') => T,
): Promise<T> {
  const job = await latestJobForCase<Record<string, never>, T>(ctx.db, row.id, kind);
  if (!job) return pending('pending');
  if (job.status === 'completed' && job.result) return job.result;
  return pending(jobInFlight(job) ? 'processing' : 'pending');
}

export async function generateChainPlates(ctx: ServerContext, principal: Principal, caseId: string) {
  const row = await startChain(ctx, principal, caseId, PLATE_CHAIN_JOB);
  return plateChainPending({ caseId: row.id, internalId: row.internal_id, caseVin: await casePrimaryVin(ctx, row.id) }, 'processing');
}

export async function getChainPlates(ctx: ServerContext, principal: Principal, caseId: string) {
  const row = await loadCase(ctx, principal, caseId);
  const c = { caseId: row.id, internalId: row.internal_id, caseVin: await casePrimaryVin(ctx, row.id) };
  return readChain(ctx, row, PLATE_CHAIN_JOB, (status) => plateChainPending(c, status));
}

export async function generateOwnershipChain(ctx: ServerContext, principal: Principal, caseId: string) {
  const row = await startChain(ctx, principal, caseId, OWNERSHIP_CHAIN_JOB);
  return ownershipChainPending({ caseId: row.id, internalId: row.internal_id }, 'processing');
}

export async function getOwnershipChain(ctx: ServerContext, principal: Principal, caseId: string) {
  const row = await loadCase(ctx, principal, caseId);
  const c = { caseId: row.id, internalId: row.internal_id };
  return readChain(ctx, row, OWNERSHIP_CHAIN_JOB, (status) => ownershipChainPending(c, status));
}
