import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text')
    .addColumn('case_id', 'text')
    .addColumn('parent_id', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer')
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  // The claim query scans (status, run_at); lease expiry is checked on the same rows.
  await db.schema.createIndex('jobs_status_run_at_idx').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema.createIndex('jobs_case_kind_idx').on('jobs').columns(['case_id', 'kind', 'created_at']).execute();
  await db.schema.createIndex('jobs_parent_idx').on('jobs').column('parent_id').execute();

  await db.schema
    .createTable('webhook_registrations')
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('template', 'text')
    .addColumn('api_key', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('webhook_registrations_pk', ['company_id', 'event'])
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('case_id', 'text')
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('request_body', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('response_body', 'text')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_company_created_idx')
    .on('webhook_deliveries')
    .columns(['company_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['webhook_deliveries', 'webhook_registrations', 'jobs']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
