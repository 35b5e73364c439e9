import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/createDatabase.js';
import { migrationProvider } from '../../src/db/migrations/index.js';
import { AT, databasePerTest } from '../helpers/database.js';
import { tablesHolding } from '../helpers/tablesHolding.js';

const openDatabase = databasePerTest('migration008');

/** A database as 007 left it, with `seed` run on it, then migrated to the latest. */
async function migratedFrom007(seed: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<void>) {
  const { db } = await openDatabase({ migrate: false });
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo('007_file_segments');
  if (error) throw error;
  await seed(db);
  await migrateToLatest(db);
  return db;
}

const job = (id: string, status: string, payload: Record<string, unknown>) => ({
  id,
  kind: 'webhook.deliver',
  company_id: 'co',
  case_id: 'case',
  payload: JSON.stringify(payload),
  status,
  attempts: 0,
  run_at: AT,
  created_at: AT,
  updated_at: AT,
});

describe('migration 008: a webhook key in one place', () => {
  it('drops the receiver key (and URL) copied into delivery jobs and names the registration instead', async () => {
    const db = await migratedFrom007(async (db) => {
      await db
        .insertInto('webhook_registrations')
        .values([
          {
            company_id: 'co',
            event: 'expediente-created',
            url: 'https://a.example/hook?token=url-secret',
            template: null,
            api_key: 'key-in-job',
            updated_at: AT,
          },
        ] as never)
        .execute();
      const old = {
        url: 'https://a.example/hook?token=url-secret',
        body: '{"internal_id":"X"}',
        apiKey: 'key-in-job',
        caseId: 'case',
        companyId: 'co',
      };
      await db
        .insertInto('jobs')
        .values([
          job('job-1', 'pending', { ...old, event: 'expediente-created' }),
          job('job-2', 'completed', { ...old, event: 'expediente-created' }),
          job('job-3', 'pending', { ...old, event: 'v1-assign-analyst' }),
        ] as never)
        .execute();
    });

    const [registration] = await db.selectFrom('webhook_registrations').selectAll().execute();
    expect(registration!.id).toMatch(/^[0-9a-f-]{36}$/);
    // Every delivery is signed from now on: an existing registration gets a secret too (an operator learns it by rotating it).
    expect(registration!.signing_secret).toMatch(/^whsec_/);
    const payloads = Object.fromEntries(
      (await db.selectFrom('jobs').select(['id', 'payload']).orderBy('id').execute()).map((j) => [j.id, JSON.parse(j.payload)]),
    );
    const kept = { body: '{"internal_id":"X"}', caseId: 'case', companyId: 'co' };
    expect(payloads).toEqual({
      'job-1': { ...kept, event: 'expediente-created', registrationId: registration!.id, webhookId: 'msg_job-1' },
      'job-2': { ...kept, event: 'expediente-created', registrationId: registration!.id, webhookId: 'msg_job-2' },
      // No registration for its event: nothing to send it with.
      'job-3': { ...kept, event: 'v1-assign-analyst', registrationId: null, webhookId: 'msg_job-3' },
    });
    expect(await tablesHolding(db, 'key-in-job')).toEqual(['webhook_registrations']);
    expect(await tablesHolding(db, 'url-secret')).toEqual(['webhook_registrations']);
  });
});
