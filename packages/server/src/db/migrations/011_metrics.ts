import type { Kysely } from 'kysely';

/**
 * `jobs.trace_parent`: the W3C `traceparent` of the span that queued the job (the request, or
 * the job that queued it), so the job's own span joins the same trace on whichever worker
 * runs it. Null when traces are off (`docs/operator-guide.md`, Observability).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('trace_parent', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('trace_parent').execute();
}
