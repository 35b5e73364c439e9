import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/createDatabase.js';
import { migrationProvider } from '../../src/db/migrations/index.js';
import { findCaseWithFilesByInternalId } from '../../src/repositories/cases.repository.js';
import { AT, caseRow, databasePerTest } from '../helpers/database.js';

const openDatabase = databasePerTest('migration012');

const caseJob = (id: string, caseId: string, status: string, payload: Record<string, unknown>) => ({
  id,
  kind: 'case.process',
  company_id: 'c1',
  case_id: caseId,
  payload: JSON.stringify(payload),
  status,
  attempts: 0,
  run_at: AT,
  created_at: AT,
  updated_at: AT,
});

describe('migration 012: the job given the files sent at creation', () => {
  it('names the files job of cases created before it, so duplicates still count their pending files', async () => {
    const { db } = await openDatabase({ migrate: false });
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo('011_metrics');
    if (error) throw error;
    await db
      .insertInto('companies')
      .values({ id: 'c1', name: 'Uno', status_catalog: '[]', created_at: AT } as never)
      .execute();
    await db
      .insertInto('cases')
      .values([caseRow('queued', 'c1'), caseRow('done', 'c1'), caseRow('plain', 'c1')] as never)
      .execute();
    const files = [{ url: 'https://files.example/a.pdf', mime_type: 'application/pdf' }];
    await db
      .insertInto('jobs')
      .values([
        caseJob('job-queued', 'queued', 'pending', { document_ids: [], actor: null, files }),
        caseJob('job-done', 'done', 'completed', { document_ids: [], actor: null, files }),
        caseJob('job-plain', 'plain', 'processing', { document_ids: [], actor: null }),
      ] as never)
      .execute();
    await migrateToLatest(db);

    const named = await db.selectFrom('cases').select(['id', 'files_job_id']).orderBy('id').execute();
    expect(named).toEqual([
      { id: 'done', files_job_id: 'job-done' },
      { id: 'plain', files_job_id: null },
      { id: 'queued', files_job_id: 'job-queued' },
    ]);
    // Only files still to be fetched count: a finished job's case has none, nor one sent without files.
    expect((await findCaseWithFilesByInternalId(db, 'c1', 'queued'))?.id).toBe('queued');
    expect(await findCaseWithFilesByInternalId(db, 'c1', 'done')).toBeUndefined();
    expect(await findCaseWithFilesByInternalId(db, 'c1', 'plain')).toBeUndefined();
  });
});
