import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { isA } from '@vcase/shared';

/**
 * `jobs.trace_parent`: the W3C `traceparent` of the span that queued the job (the request, or
 * the job that queued it), so the job's own span joins the same trace on whichever worker
 * runs it. Null when traces are off (`docs/operator-guide.md`, Observability).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL runs every pending migration in one transaction, and an earlier one may have
  // changed jobs rows whose read-revision triggers are deferred (005): fire them now, or the
  // table cannot be altered ("pending trigger events").
  if (!isA(SqliteAdapter, db.getExecutor().adapter)) await sql`set constraints all immediate`.execute(db);
  await db.schema.alterTable('jobs').addColumn('trace_parent', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('trace_parent').execute();
}
