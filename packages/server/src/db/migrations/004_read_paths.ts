import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { isA } from '@vcase/shared';

/**
 * `documents.ocr_run`: the engine run allowed to write a document's OCR, so the latest
 * request (reprocess, reclassify, OCR by hand) wins over runs still in flight.
 *
 * Read paths that run on every request:
 * - a company's active-case total, kept by triggers (cases without a company are not counted), so GET /v1/cases does not count the
 *   company's cases on every page (a scan that grows with the company);
 * - the case list and a case's jobs ordered straight from an index, `id` breaking ties.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('ocr_run', 'text').execute();
  await db.schema.dropIndex('cases_company_created_idx').execute();
  await db.schema.createIndex('cases_company_created_idx').on('cases').columns(['company_id', 'active', 'created_at', 'id']).execute();
  await db.schema.dropIndex('jobs_case_kind_idx').execute();
  await db.schema.createIndex('jobs_case_kind_idx').on('jobs').columns(['case_id', 'kind', 'created_at', 'id']).execute();

  await db.schema
    .createTable('company_case_counts')
    .addColumn('company_id', 'text', (c) => c.primaryKey())
    .addColumn('active_cases', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into company_case_counts (company_id, active_cases)
    select company_id, count(*) from cases where active = 1 and company_id is not null group by company_id`.execute(db);

  if (isA(SqliteAdapter, db.getExecutor().adapter)) {
    await sql`create trigger cases_active_count_insert after insert on cases when new.active = 1 and new.company_id is not null
      begin
        insert into company_case_counts (company_id, active_cases) values (new.company_id, 1)
        on conflict (company_id) do update set active_cases = active_cases + 1;
      end`.execute(db);
    await sql`create trigger cases_active_count_delete after delete on cases when old.active = 1
      begin
        update company_case_counts set active_cases = active_cases - 1 where company_id = old.company_id;
      end`.execute(db);
    await sql`create trigger cases_active_count_update after update of active, company_id on cases
      when old.active is not new.active or old.company_id is not new.company_id
      begin
        update company_case_counts set active_cases = active_cases - 1
          where company_id = old.company_id and old.active = 1;
        insert into company_case_counts (company_id, active_cases) select new.company_id, 1
          where new.active = 1 and new.company_id is not null
          on conflict (company_id) do update set active_cases = active_cases + 1;
      end`.execute(db);
  } else {
    await sql`create function cases_active_count() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') and old.active = 1 then
          update company_case_counts set active_cases = active_cases - 1 where company_id = old.company_id;
        end if;
        if tg_op in ('UPDATE', 'INSERT') and new.active = 1 and new.company_id is not null then
          insert into company_case_counts (company_id, active_cases) values (new.company_id, 1)
          on conflict (company_id) do update set active_cases = company_case_counts.active_cases + 1;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger cases_active_count after insert or delete or update of active, company_id on cases
      for each row execute function cases_active_count()`.execute(db);
  }
}
