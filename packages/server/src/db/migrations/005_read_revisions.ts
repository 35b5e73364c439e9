import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { isA } from '@vcase/shared';

/**
 * Tables whose rows belong to one case (`case_id`) and feed what the case endpoints answer.
 * A write to any of them, by any code path or process, moves the case's revision.
 */
export const CASE_CHILD_TABLES = [
  'documents',
  'jobs',
  'case_plates',
  'plate_portal_lookups',
  'case_assignments',
  'case_metadata_entries',
] as const;

/**
 * Revisions that say when a cached read is still current, kept by the database itself so no
 * write path can forget them:
 * - `case_revisions.revision` moves on every insert, update or delete of the case's row or of
 *   a row of `CASE_CHILD_TABLES` (a case without a row is at revision 0);
 * - `company_case_counts.list_revision` moves on every write to one of the company's cases
 *   (what GET /v1/cases lists).
 *
 * PostgreSQL bumps them in deferred constraint triggers: the counter rows are locked only
 * while the writing transaction commits, not for its whole length.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('case_revisions')
    .addColumn('case_id', 'text', (c) => c.primaryKey())
    .addColumn('revision', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('company_case_counts')
    .addColumn('list_revision', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  if (isA(SqliteAdapter, db.getExecutor().adapter)) {
    const bumpCase = (ref: string) =>
      sql.raw(
        `insert into case_revisions (case_id, revision) select ${ref}, 1 where ${ref} is not null
         on conflict (case_id) do update set revision = revision + 1;`,
      );
    const bumpList = (ref: string) =>
      sql.raw(
        `insert into company_case_counts (company_id, active_cases, list_revision) select ${ref}, 0, 1 where ${ref} is not null
         on conflict (company_id) do update set list_revision = list_revision + 1;`,
      );
    for (const table of CASE_CHILD_TABLES) {
      const name = (op: string) => sql.raw(`${table}_case_revision_${op}`);
      await sql`create trigger ${name('insert')} after insert on ${sql.table(table)} begin ${bumpCase('new.case_id')} end`.execute(db);
      await sql`create trigger ${name('update')} after update on ${sql.table(table)} begin
          ${bumpCase('new.case_id')}
          ${bumpCase('(case when old.case_id is not new.case_id then old.case_id end)')}
        end`.execute(db);
      await sql`create trigger ${name('delete')} after delete on ${sql.table(table)} begin ${bumpCase('old.case_id')} end`.execute(db);
    }
    await sql`create trigger cases_revision_insert after insert on cases begin ${bumpList('new.company_id')} end`.execute(db);
    await sql`create trigger cases_revision_update after update on cases begin
        ${bumpCase('new.id')}
        ${bumpList('new.company_id')}
        ${bumpList('(case when old.company_id is not new.company_id then old.company_id end)')}
      end`.execute(db);
    await sql`create trigger cases_revision_delete after delete on cases begin
        ${bumpCase('old.id')}
        ${bumpList('old.company_id')}
      end`.execute(db);
    return;
  }

  await sql`create function bump_case_revision(target text) returns void language plpgsql as $$
    begin
      if target is not null then
        insert into case_revisions (case_id, revision) values (target, 1)
        on conflict (case_id) do update set revision = case_revisions.revision + 1;
      end if;
    end $$`.execute(db);
  await sql`create function bump_case_list_revision(target text) returns void language plpgsql as $$
    begin
      if target is not null then
        insert into company_case_counts (company_id, active_cases, list_revision) values (target, 0, 1)
        on conflict (company_id) do update set list_revision = company_case_counts.list_revision + 1;
      end if;
    end $$`.execute(db);
  await sql`create function case_child_revision() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform bump_case_revision(new.case_id);
      elsif tg_op = 'UPDATE' then
        perform bump_case_revision(new.case_id);
        if old.case_id is distinct from new.case_id then perform bump_case_revision(old.case_id); end if;
      else
        perform bump_case_revision(old.case_id);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create function case_row_revision() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform bump_case_list_revision(new.company_id);
      elsif tg_op = 'UPDATE' then
        perform bump_case_revision(new.id);
        perform bump_case_list_revision(new.company_id);
        if old.company_id is distinct from new.company_id then perform bump_case_list_revision(old.company_id); end if;
      else
        perform bump_case_revision(old.id);
        perform bump_case_list_revision(old.company_id);
      end if;
      return null;
    end $$`.execute(db);
  for (const table of CASE_CHILD_TABLES) {
    await sql`create constraint trigger ${sql.raw(`${table}_case_revision`)} after insert or update or delete on ${sql.table(table)}
      deferrable initially deferred for each row execute function case_child_revision()`.execute(db);
  }
  await sql`create constraint trigger cases_revision after insert or update or delete on cases
    deferrable initially deferred for each row execute function case_row_revision()`.execute(db);
}
