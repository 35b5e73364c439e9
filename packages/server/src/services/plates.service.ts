import type { PlatesResponse } from '@vcase/shared';
import type { Principal } from '../auth/principal.js';
import type { ServerContext } from '../context.js';
import { platesFromDocuments } from '../domain/plates.js';
import { str } from '../domain/text.js';
import { normalizePlate, parseDate } from '../domain/validators/index.js';
import { notFound } from '../errors.js';
import { enqueueJob } from '../jobs/jobQueue.js';
import { PLATE_PORTAL_JOB } from '../jobs/kinds.js';
import type { JobHandler } from '../jobs/jobHandler.js';
import { lookupSource } from '../providers/lookupSource.js';
import { SourceUnavailableError } from '../providers/outcome.js';
import { updateCase, type CaseRow } from '../repositories/cases.repository.js';
import {
  finishPortalLookup,
  listActiveCasePlates,
  listPortalLookups,
  replaceCasePlates,
  startPortalLookup,
  type CasePlateRow,
  type PortalLookupRow,
} from '../repositories/plates.repository.js';
import { loadCase } from './caseAccess.js';
import { processedDocuments } from './caseDerived.service.js';

/** A plate row of the case with the portal's answer for its plate (MEX plates only). */
export type CasePlateWithPortal = CasePlateRow & { portal?: PortalLookupRow };

/** The official portal covers plates registered in the Estado de México only (contract §2.4). */
export const PORTAL_ENTITY = 'MEX';

/**
 * Recomputes a case's plates from its processed documents and starts the background
 * previous-plate lookup of every MEX plate.
 */
export async function computePlates(ctx: ServerContext, caseRow: CaseRow): Promise<void> {
  const docs = await processedDocuments(ctx, caseRow.id);
  const rows = platesFromDocuments(
    docs.map(({ doc, parsed }) => ({ file_id: doc.id, ocr_id: doc.ocr_id ?? doc.id, document_type: doc.type, parsed_data: parsed })),
  );
  const now = ctx.clock.now().toISOString();
  const portalPlates = [...new Set(rows.filter((r) => r.entity === PORTAL_ENTITY).map((r) => r.plate))];
  await ctx.db.transaction().execute(async (trx) => {
    await replaceCasePlates(
      trx,
      caseRow.id,
      rows.map((r, i) => ({ id: ctx.ids(), case_id: caseRow.id, position: i, ...r })),
    );
    await updateCase(trx, caseRow.id, { plates_computed_at: now, updated_at: now });
    for (const plate of portalPlates) {
      const job = await enqueueJob(trx, ctx, {
        kind: PLATE_PORTAL_JOB,
        payload: { case_id: caseRow.id, plate },
        companyId: caseRow.company_id,
        caseId: caseRow.id,
      });
      await startPortalLookup(trx, { caseId: caseRow.id, plate, jobId: job.id, at: now });
    }
  });
}

/** GET /v1/cases/{id}/plates; 404 until plates were computed. */
export async function getPlates(ctx: ServerContext, principal: Principal, caseId: string): Promise<PlatesResponse> {
  const row = await loadCase(ctx, principal, caseId);
  if (!row.plates_computed_at) throw notFound('Las placas del caso aún no se han calculado; use POST /v1/cases/{case_id}/plates');
  return platesResponse(ctx, row);
}

/**
 * The case's plate rows in stored order, each with the portal's answer for its plate (MEX
 * plates only; the portal covers the Estado de México). Set on the query's own rows, not on
 * copies: moves bench row memory.server_rss (docs/performance.md, round 3).
 */
export async function casePlateRows(ctx: ServerContext, caseId: string): Promise<CasePlateWithPortal[]> {
  // A deleted (inactive) document's plates leave every plate read at once, not at the next recompute.
  const [plates, lookups] = await Promise.all([listActiveCasePlates(ctx.db, caseId), listPortalLookups(ctx.db, caseId)]);
  const byPlate = new Map<string, PortalLookupRow>();
  for (const l of lookups) byPlate.set(l.plate, l);
  const rows = plates as CasePlateWithPortal[];
  for (const p of rows) p.portal = p.entity === PORTAL_ENTITY ? byPlate.get(p.plate) : undefined;
  return rows;
}

const PORTAL_STATUSES = ['Vigente', 'Vencida', 'Inactiva'];
/** The portal's plate status in the contract's spelling (§2.4: `Vigente`, `Vencida`, `Inactiva`); another text as given. */
const portalStatus = (value: string | null) => PORTAL_STATUSES.find((s) => s.toUpperCase() === value?.trim().toUpperCase()) ?? value;
/** A portal date as DD/MM/YYYY (§2.4) when it reads as a date; another text as given. */
const portalDate = (value: string | null) => (value ? (parseDate(value) ?? value) : null);

type PlateEntry = PlatesResponse['plates'][number];

/**
 * The fields of a §2.4 plate row read from its document, as a new object the caller adds
 * to (with `Object.assign`, not a spread: see `casePlateRows`).
 */
export function plateDocumentFields(p: CasePlateRow) {
  return {
    plate: p.plate,
    entity: p.entity,
    document_type: p.document_type,
    document_date: p.document_date,
    file_id: p.file_id,
    ocr_id: p.ocr_id,
    niv: p.niv,
    motor_number: p.motor_number,
    owner_name: p.owner_name,
  };
}

export async function platesResponse(ctx: ServerContext, row: CaseRow): Promise<PlatesResponse> {
  const rows = await casePlateRows(ctx, row.id);
  // Contract §2.4: every row of the same plate carries the portal's answer, whichever
  // document (and entity) it was read from, once the plate is registered in MEX.
  const portalByPlate = new Map<string, PortalLookupRow>();
  for (const r of rows) if (r.portal) portalByPlate.set(r.plate, r.portal);
  return {
    case_id: row.id,
    internal_id: row.internal_id,
    plates: rows.map((p) => {
      const l = portalByPlate.get(p.plate);
      return Object.assign(plateDocumentFields(p), {
        document_type: p.document_type as PlateEntry['document_type'],
        plate_status: (l?.plate_status ?? null) as PlateEntry['plate_status'],
        plate_valid_from: l?.valid_from ?? null,
        plate_valid_until: l?.valid_until ?? null,
        previous_plate: l?.previous_plate ?? null,
        previous_plate_lookup_status: (l?.lookup_status ?? null) as PlateEntry['previous_plate_lookup_status'],
      });
    }),
  };
}

/** POST /v1/cases/{id}/plates: recompute synchronously and answer with the GET shape. */
export async function recomputePlates(ctx: ServerContext, principal: Principal, caseId: string) {
  const row = await loadCase(ctx, principal, caseId);
  await computePlates(ctx, row);
  return platesResponse(ctx, row);
}

/** The portal lookup of one plate: `pending` → `found` / null / `error` after retries. */
export const platePortalJob: JobHandler<{ case_id: string; plate: string }> = {
  maxAttempts: 3,
  backoffMs: (attempt) => Math.min(1000 * 2 ** attempt, 15_000),
  async run(job, ctx, { signal, idle }) {
    const { case_id, plate } = job.payload;
    const set = (values: Parameters<typeof finishPortalLookup>[2]) =>
      finishPortalLookup(ctx.db, { caseId: case_id, plate, jobId: job.id }, { ...values, updated_at: ctx.clock.now().toISOString() });
    const outcome = await lookupSource(ctx, { source: 'plate_portal', key: plate, signal, idle });
    if (outcome.kind === 'error') {
      if (job.attempts >= (job.maxAttempts ?? 3)) {
        await set({ lookup_status: 'error', raw: JSON.stringify(outcome) });
        return { lookup_status: 'error' };
      }
      throw new SourceUnavailableError('plate_portal', outcome.error);
    }
    if (outcome.kind === 'reason') {
      await set({ lookup_status: 'error', raw: JSON.stringify(outcome) });
      return { lookup_status: 'error' };
    }
    if (outcome.kind === 'not_found') {
      const none = { plate_status: null, valid_from: null, valid_until: null, previous_plate: null };
      await set({ lookup_status: null, ...none, raw: '{"not_found":true}' });
      return { lookup_status: null };
    }
    const d = outcome.data;
    // A previous plate that is the plate itself is no previous plate: the chain would loop.
    const named = normalizePlate(str(d.previous_plate) ?? '');
    const previous = named && named !== plate ? named : null;
    const status = previous ? 'found' : null;
    await set({
      lookup_status: status,
      plate_status: portalStatus(str(d.plate_status)),
      valid_from: portalDate(str(d.valid_from)),
      valid_until: portalDate(str(d.valid_until)),
      previous_plate: previous,
      raw: JSON.stringify(d),
    });
    return { lookup_status: status };
  },
};
