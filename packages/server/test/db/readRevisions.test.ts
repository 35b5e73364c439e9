import { describe, expect, it } from 'vitest';
import { CASE_CHILD_TABLES } from '../../src/db/migrations/005_read_revisions.js';
import { AT, caseRow, databasePerTest } from '../helpers/database.js';

const openDatabase = databasePerTest('revisions');

async function migrated() {
  const { db } = await openDatabase();
  await db
    .insertInto('companies')
    .values([
      { id: 'c1', name: 'Uno', status_catalog: '[]', created_at: AT },
      { id: 'c2', name: 'Dos', status_catalog: '[]', created_at: AT },
    ] as never)
    .execute();
  return db;
}

type Db = Awaited<ReturnType<typeof migrated>>;

async function caseRevisions(db: Db) {
  const rows = await db.selectFrom('case_revisions').selectAll().execute();
  return Object.fromEntries(rows.map((r) => [r.case_id, Number(r.revision)]));
}

async function listRevisions(db: Db) {
  const rows = await db.selectFrom('company_case_counts').select(['company_id', 'list_revision']).execute();
  return Object.fromEntries(rows.map((r) => [r.company_id, Number(r.list_revision)]));
}

/** A valid row of each case-owned table, for case `caseId`, with a column to change. */
const CHILD_ROWS: Record<
  (typeof CASE_CHILD_TABLES)[number],
  { row: (caseId: string) => Record<string, unknown>; change: Record<string, unknown> }
> = {
  documents: {
    row: (caseId) => ({
      id: 'doc-1',
      company_id: 'c1',
      case_id: caseId,
      mime_type: 'application/pdf',
      status: 'uploaded',
      active: 1,
      created_at: AT,
      updated_at: AT,
    }),
    change: { status: 'processed' },
  },
  jobs: {
    row: (caseId) => ({
      id: 'job-1',
      kind: 'lookup.tenencia',
      company_id: 'c1',
      case_id: caseId,
      payload: '{}',
      status: 'pending',
      attempts: 0,
      run_at: AT,
      created_at: AT,
      updated_at: AT,
    }),
    change: { status: 'completed', result: '{}' },
  },
  case_plates: {
    row: (caseId) => ({
      id: 'plate-1',
      case_id: caseId,
      plate: 'ABC1234',
      entity: 'MEX',
      document_type: 'certificate_title',
      document_date: '',
      file_id: 'f',
      ocr_id: 'o',
      position: 0,
    }),
    change: { entity: 'JAL' },
  },
  plate_portal_lookups: {
    row: (caseId) => ({ case_id: caseId, plate: 'ABC1234', lookup_status: 'pending', updated_at: AT }),
    change: { lookup_status: 'found' },
  },
  case_assignments: {
    row: (caseId) => ({ id: 'assign-1', case_id: caseId, assigned_user_id: 'u1', user_label: 'Ana', label: 'Ana', created_at: AT }),
    change: { label: 'Ana B.' },
  },
  case_metadata_entries: {
    row: (caseId) => ({ id: 'meta-1', case_id: caseId, data: '{}', created_at: AT }),
    change: { data: '{"a":1}' },
  },
};

describe('read revisions (migration 005)', () => {
  it.each(CASE_CHILD_TABLES)('a write to %s moves the revision of its case, and of no other case', async (table) => {
    const db = await migrated();
    await db
      .insertInto('cases')
      .values([caseRow('a', 'c1'), caseRow('b', 'c1')] as never)
      .execute();
    expect(await caseRevisions(db)).toEqual({});
    const { row, change } = CHILD_ROWS[table];
    const t = table as 'documents';

    await db
      .insertInto(t)
      .values(row('a') as never)
      .execute();
    expect(await caseRevisions(db)).toEqual({ a: 1 });
    await db
      .updateTable(t)
      .set(change as never)
      .execute();
    expect(await caseRevisions(db)).toEqual({ a: 2 });
    // A row moved to another case changes what both cases answer.
    await db
      .updateTable(t)
      .set({ case_id: 'b' } as never)
      .execute();
    expect(await caseRevisions(db)).toEqual({ a: 3, b: 1 });
    await db.deleteFrom(t).execute();
    expect(await caseRevisions(db)).toEqual({ a: 3, b: 2 });
  });

  it("a case's own row moves its revision; every write to a company's cases moves the company's list revision", async () => {
    const db = await migrated();
    await db
      .insertInto('cases')
      .values([caseRow('a', 'c1'), caseRow('b', 'c1', 0)] as never)
      .execute();
    expect(await listRevisions(db)).toEqual({ c1: 2 });
    expect(await caseRevisions(db)).toEqual({});

    await db.updateTable('cases').set({ status: 'processing' }).where('id', '=', 'a').execute();
    expect(await caseRevisions(db)).toEqual({ a: 1 });
    expect(await listRevisions(db)).toEqual({ c1: 3 });

    // Moving a case: both companies' lists change.
    await db.updateTable('cases').set({ company_id: 'c2' }).where('id', '=', 'b').execute();
    expect(await listRevisions(db)).toEqual({ c1: 4, c2: 1 });
    expect(await caseRevisions(db)).toEqual({ a: 1, b: 1 });

    await db.deleteFrom('cases').where('id', '=', 'b').execute();
    expect(await listRevisions(db)).toEqual({ c1: 4, c2: 2 });
    // Cases without a company have no list to move.
    await db
      .insertInto('cases')
      .values(caseRow('z', null) as never)
      .execute();
    expect(await listRevisions(db)).toEqual({ c1: 4, c2: 2 });
    // The active-case totals of migration 004 are untouched by the revisions.
    const counts = await db.selectFrom('company_case_counts').select(['company_id', 'active_cases']).orderBy('company_id').execute();
    expect(counts.map((r) => [r.company_id, Number(r.active_cases)])).toEqual([
      ['c1', 1],
      ['c2', 0],
    ]);
  });

  it('a transaction moves the revision once it commits, and not at all when it rolls back', async () => {
    const db = await migrated();
    await db
      .insertInto('cases')
      .values(caseRow('a', 'c1') as never)
      .execute();
    await db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('case_metadata_entries')
          .values(CHILD_ROWS.case_metadata_entries.row('a') as never)
          .execute();
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await caseRevisions(db)).toEqual({});
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('case_metadata_entries')
        .values(CHILD_ROWS.case_metadata_entries.row('a') as never)
        .execute();
      await trx.updateTable('case_metadata_entries').set({ data: '[]' }).execute();
    });
    expect(await caseRevisions(db)).toEqual({ a: 2 });
  });
});
