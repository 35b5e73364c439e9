import { sql, type Kysely, type Selectable } from 'kysely';
import type { Dialect } from '../db/createDatabase.js';
import type { CaseAssignmentsTable, CaseMetadataEntriesTable, CasesTable, Database } from '../db/database.js';
import { likeContains } from '../db/json.js';
import { precompiled } from '../db/precompiled.js';

export type CaseRow = Selectable<CasesTable>;
export type AssignmentRow = Selectable<CaseAssignmentsTable>;
export type MetadataEntryRow = Selectable<CaseMetadataEntriesTable>;

export interface CaseListFilter {
  companyId: string;
  internalId?: string;
  vin?: string;
  useCaseId?: string;
  limit: number;
  offset: number;
}

export async function insertCase(db: Kysely<Database>, row: CaseRow) {
  await db.insertInto('cases').values(row).execute();
}

/** An active case of the company, or undefined (missing, inactive or foreign all read as absent). */
export function findActiveCase(db: Kysely<Database>, companyId: string, caseId: string) {
  return db
    .selectFrom('cases')
    .selectAll()
    .where('id', '=', caseId)
    .where('company_id', '=', companyId)
    .where('active', '=', 1)
    .executeTakeFirst();
}

const selectCaseRevision = precompiled(
  (db, companyId, caseId) =>
    db
      .selectFrom('cases')
      .leftJoin('case_revisions', 'case_revisions.case_id', 'cases.id')
      .select('case_revisions.revision')
      .where('cases.id', '=', caseId)
      .where('cases.company_id', '=', companyId)
      .where('cases.active', '=', 1),
  '<company>',
  '<case>',
);

/**
 * The revision of an active case of the company (migration 005), or undefined when the case
 * is missing, inactive or foreign. It is read before, never after, anything computed from
 * the case's rows.
 */
export async function activeCaseRevision(db: Kysely<Database>, companyId: string, caseId: string): Promise<string | undefined> {
  const [row] = await selectCaseRevision(db, companyId, caseId);
  return row && String(row.revision ?? 0);
}

/** Whether the company has this active case (one precompiled read, for hot write paths). */
export async function isActiveCase(db: Kysely<Database>, companyId: string, caseId: string): Promise<boolean> {
  return (await selectCaseRevision(db, companyId, caseId)).length > 0;
}

const selectListRevision = precompiled(
  (db, companyId) => db.selectFrom('company_case_counts').select('list_revision').where('company_id', '=', companyId),
  '<company>',
);

/** The revision of the company's case list (migration 005); '0' before its first case. */
export async function caseListRevision(db: Kysely<Database>, companyId: string): Promise<string> {
  const [row] = await selectListRevision(db, companyId);
  return String(row?.list_revision ?? 0);
}

/** A case by id whatever its company (for rules that must tell "foreign" from "missing"). */
export function findCaseById(db: Kysely<Database>, caseId: string) {
  return db.selectFrom('cases').selectAll().where('id', '=', caseId).executeTakeFirst();
}

export async function listCases(db: Kysely<Database>, f: CaseListFilter): Promise<{ rows: CaseRow[]; total: number }> {
  let q = db.selectFrom('cases').where('company_id', '=', f.companyId).where('active', '=', 1);
  if (f.internalId) {
    q = q.where(sql<boolean>`lower(internal_id) like lower(${likeContains(f.internalId)}) escape '\\'`);
  }
  if (f.vin) {
    const pattern = likeContains(f.vin.toUpperCase());
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('documents')
          .select('documents.id')
          .whereRef('documents.case_id', '=', 'cases.id')
          // A deleted document no longer speaks for the case (as in GET …/vins).
          .where('documents.active', '=', 1)
          .where(sql<boolean>`upper(documents.vin) like ${pattern} escape '\\'`),
      ),
    );
  }
  if (f.useCaseId) q = q.where('use_case_id', '=', f.useCaseId);
  const filtered = Boolean(f.internalId || f.vin || f.useCaseId);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).offset(f.offset).execute(),
    filtered
      ? q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()
      : db.selectFrom('company_case_counts').select('active_cases as n').where('company_id', '=', f.companyId).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/**
 * An active case of the company with this internal_id that has files: stored documents, or
 * files sent at creation that its processing job has yet to download.
 */
export function findCaseWithFilesByInternalId(db: Kysely<Database>, companyId: string, internalId: string) {
  return db
    .selectFrom('cases')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('internal_id', '=', internalId)
    .where('active', '=', 1)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('documents').select('documents.id').whereRef('documents.case_id', '=', 'cases.id')),
        eb.exists(
          eb
            .selectFrom('jobs')
            .select('jobs.id')
            .whereRef('jobs.id', '=', 'cases.files_job_id')
            .where('jobs.status', 'in', ['pending', 'processing']),
        ),
      ]),
    )
    .executeTakeFirst();
}

export async function softDeleteCase(db: Kysely<Database>, caseId: string, at: string) {
  await db.updateTable('cases').set({ active: 0, updated_at: at }).where('id', '=', caseId).execute();
}

/**
 * Makes the transaction's later writes to the case wait for other transactions holding it
 * (PostgreSQL, a row lock to the commit); SQLite runs one write transaction at a time anyway.
 */
export async function lockCase(db: Kysely<Database>, dialect: Dialect, caseId: string) {
  if (dialect === 'postgres') await db.selectFrom('cases').select('id').where('id', '=', caseId).forUpdate().execute();
}

export async function updateCase(db: Kysely<Database>, caseId: string, patch: Partial<CaseRow>) {
  await db.updateTable('cases').set(patch).where('id', '=', caseId).execute();
}

export async function insertAssignment(db: Kysely<Database>, row: AssignmentRow) {
  await db.insertInto('case_assignments').values(row).execute();
}

export function listAssignments(db: Kysely<Database>, caseId: string) {
  return db
    .selectFrom('case_assignments')
    .selectAll()
    .where('case_id', '=', caseId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function insertMetadataEntry(db: Kysely<Database>, row: MetadataEntryRow) {
  await db.insertInto('case_metadata_entries').values(row).execute();
}

/** Characters of JSON the case's metadata entries hold together. */
export async function metadataCharsOf(db: Kysely<Database>, caseId: string): Promise<number> {
  const row = await db
    .selectFrom('case_metadata_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>(eb.fn('length', ['data'])), eb.lit(0)).as('chars'))
    .where('case_id', '=', caseId)
    .executeTakeFirst();
  return Number(row?.chars ?? 0);
}

export function listMetadataEntries(db: Kysely<Database>, caseId: string) {
  return db
    .selectFrom('case_metadata_entries')
    .selectAll()
    .where('case_id', '=', caseId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}
