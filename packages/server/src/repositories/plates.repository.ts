import type { Kysely, Selectable } from 'kysely';
import type { CasePlatesTable, Database, PlatePortalLookupsTable } from '../db/database.js';

export type CasePlateRow = Selectable<CasePlatesTable>;
export type PortalLookupRow = Selectable<PlatePortalLookupsTable>;

/** Replaces the case's plate rows with `rows`, in their order (`position`). */
export async function replaceCasePlates(db: Kysely<Database>, caseId: string, rows: CasePlateRow[]) {
  await db.deleteFrom('case_plates').where('case_id', '=', caseId).execute();
  if (rows.length) await db.insertInto('case_plates').values(rows).execute();
}

/** The case's plate rows in stored order, without those of inactive (deleted) documents. */
export function listActiveCasePlates(db: Kysely<Database>, caseId: string): Promise<CasePlateRow[]> {
  return db
    .selectFrom('case_plates')
    .selectAll()
    .where('case_id', '=', caseId)
    .where('file_id', 'in', (eb) => eb.selectFrom('documents').select('id').where('case_id', '=', caseId).where('active', '=', 1))
    .orderBy('position')
    .execute();
}

export function listPortalLookups(db: Kysely<Database>, caseId: string): Promise<PortalLookupRow[]> {
  return db.selectFrom('plate_portal_lookups').selectAll().where('case_id', '=', caseId).execute();
}

/** A new portal lookup of the case's plate, run by job `jobId`: `pending`, answers of an earlier one kept until it ends. */
export async function startPortalLookup(db: Kysely<Database>, lookup: { caseId: string; plate: string; jobId: string; at: string }) {
  const { caseId, plate, jobId, at } = lookup;
  await db
    .insertInto('plate_portal_lookups')
    .values({
      case_id: caseId,
      plate,
      lookup_status: 'pending',
      job_id: jobId,
      updated_at: at,
      plate_status: null,
      valid_from: null,
      valid_until: null,
      previous_plate: null,
      raw: null,
    })
    .onConflict((oc) => oc.columns(['case_id', 'plate']).doUpdateSet({ lookup_status: 'pending', job_id: jobId, updated_at: at }))
    .execute();
}

/** Writes the answer of job `jobId`, unless a later lookup of the plate took its place. */
export async function finishPortalLookup(
  db: Kysely<Database>,
  lookup: { caseId: string; plate: string; jobId: string },
  values: Partial<Omit<PortalLookupRow, 'case_id' | 'plate' | 'job_id'>>,
) {
  await db
    .updateTable('plate_portal_lookups')
    .set(values)
    .where('case_id', '=', lookup.caseId)
    .where('plate', '=', lookup.plate)
    .where('job_id', '=', lookup.jobId)
    .execute();
}

/** Whether a portal previous-plate lookup of the case is still running. */
export async function hasPendingPortalLookup(db: Kysely<Database>, caseId: string): Promise<boolean> {
  const row = await db
    .selectFrom('plate_portal_lookups')
    .select('plate')
    .where('case_id', '=', caseId)
    .where('lookup_status', '=', 'pending')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
