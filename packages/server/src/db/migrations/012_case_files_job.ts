import type { Kysely } from 'kysely';

/** The tables as this migration finds them (later code may change them again). */
interface Schema {
  cases: { id: string; files_job_id: string | null };
  jobs: { id: string; case_id: string | null; kind: string; payload: string; created_at: string };
}

/**
 * `cases.files_job_id`: the processing job given the files sent with the case at creation,
 * which downloads them into documents (null: created without files). The duplicate
 * `internal_id` rule reads it, so a case whose files are still to be fetched counts as one
 * with files. Cases created before it get the job found as the old rule found it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = db as unknown as Kysely<Schema>;
  await d.schema.alterTable('cases').addColumn('files_job_id', 'text').execute();
  await d
    .updateTable('cases')
    .set((eb) => ({
      files_job_id: eb
        .selectFrom('jobs')
        .select('jobs.id')
        .whereRef('jobs.case_id', '=', 'cases.id')
        .where('jobs.kind', '=', 'case.process')
        .where('jobs.payload', 'like', '%"files":[{%')
        .orderBy('jobs.created_at')
        .limit(1),
    }))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cases').dropColumn('files_job_id').execute();
}
