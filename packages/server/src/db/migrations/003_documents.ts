import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('ocr_id', 'text').execute();
  await db.schema.alterTable('documents').addColumn('file_name', 'text').execute();
  await db.schema.alterTable('cases').addColumn('plates_computed_at', 'text').execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['company_id', 'route', 'key'])
    .execute();

  await db.schema
    .createTable('case_plates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id'))
    .addColumn('plate', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('document_date', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('ocr_id', 'text', (c) => c.notNull())
    .addColumn('niv', 'text')
    .addColumn('motor_number', 'text')
    .addColumn('owner_name', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('case_plates_case_idx').on('case_plates').columns(['case_id', 'position']).execute();

  await db.schema
    .createTable('plate_portal_lookups')
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id'))
    .addColumn('plate', 'text', (c) => c.notNull())
    .addColumn('lookup_status', 'text')
    .addColumn('plate_status', 'text')
    .addColumn('valid_from', 'text')
    .addColumn('valid_until', 'text')
    .addColumn('previous_plate', 'text')
    .addColumn('job_id', 'text')
    .addColumn('raw', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('plate_portal_lookups_pk', ['case_id', 'plate'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('plate_portal_lookups').ifExists().execute();
  await db.schema.dropTable('case_plates').ifExists().execute();
  await db.schema.dropTable('idempotency_keys').ifExists().execute();
  await db.schema.alterTable('cases').dropColumn('plates_computed_at').execute();
  await db.schema.alterTable('documents').dropColumn('file_name').execute();
  await db.schema.alterTable('documents').dropColumn('ocr_id').execute();
}
