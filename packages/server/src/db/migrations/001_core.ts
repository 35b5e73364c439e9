import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status_catalog', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('use_cases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('pid', 'text')
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_pid_idx').on('users').column('pid').execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('name', 'text')
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();

  await db.schema
    .createTable('cases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.references('companies.id'))
    .addColumn('internal_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('review_status', 'text')
    .addColumn('vehicle_origin', 'text', (c) => c.notNull())
    .addColumn('use_case_id', 'text')
    .addColumn('user_id_added_by', 'text')
    .addColumn('created_by', 'text')
    .addColumn('assigned_to', 'text')
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cases_company_created_idx').on('cases').columns(['company_id', 'active', 'created_at']).execute();
  await db.schema.createIndex('cases_internal_id_idx').on('cases').columns(['company_id', 'internal_id']).execute();

  await db.schema
    .createTable('case_assignments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id'))
    .addColumn('assigned_user_id', 'text', (c) => c.notNull())
    .addColumn('assigned_by', 'text')
    .addColumn('user_label', 'text', (c) => c.notNull())
    .addColumn('pid', 'text')
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('case_assignments_case_idx').on('case_assignments').columns(['case_id', 'created_at']).execute();

  await db.schema
    .createTable('case_metadata_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id'))
    .addColumn('user_id', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('case_metadata_case_idx').on('case_metadata_entries').columns(['case_id', 'created_at']).execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id'))
    .addColumn('parent_id', 'text')
    .addColumn('type', 'text')
    .addColumn('subtype', 'text')
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text')
    .addColumn('source_url', 'text')
    .addColumn('size_bytes', 'integer')
    .addColumn('sha256', 'text')
    .addColumn('parsed_data', 'text')
    .addColumn('json_ocr', 'text')
    .addColumn('validity', 'text')
    .addColumn('classification_method', 'text')
    .addColumn('classification_confidence', 'double precision')
    .addColumn('vin', 'text')
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text')
    .execute();
  await db.schema.createIndex('documents_case_idx').on('documents').columns(['case_id', 'created_at']).execute();
  await db.schema.createIndex('documents_company_idx').on('documents').columns(['company_id', 'created_at']).execute();

  await db.schema
    .createTable('sandbox_fixtures')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sandbox_fixtures_pk', ['source', 'key'])
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'settings',
    'sandbox_fixtures',
    'documents',
    'case_metadata_entries',
    'case_assignments',
    'cases',
    'api_keys',
    'users',
    'use_cases',
    'companies',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
