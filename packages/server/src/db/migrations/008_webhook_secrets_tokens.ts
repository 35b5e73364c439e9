import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { generateWebhookSecret } from '../../webhooks/signatures.js';

/** The tables as this migration finds and leaves them (later code may change them again). */
interface Schema {
  webhook_registrations: { company_id: string; event: string; id: string | null; signing_secret: string | null };
  jobs: { id: string; kind: string; payload: string };
  token_revision: { id: number; revision: number };
}

/** Jobs rewritten per read: the table keeps a week of deliveries. */
const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  await webhookKeyInOnePlace(db as unknown as Kysely<Schema>);
  await revocableTokens(db as unknown as Kysely<Schema>);
}

/** Bearer tokens with ids, revocable one by one or per user (auth/tokens.table.ts). */
async function revocableTokens(db: Kysely<Schema>) {
  await db.schema
    .createTable('access_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('access_tokens_user_idx').on('access_tokens').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createTable('token_cutoffs')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('revoked_before', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('token_revision')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('revision', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('token_revision').values({ id: 1, revision: 0 }).execute();
}

/**
 * A webhook's receiver key is kept in its registration only (docs/webhooks.md): a
 * registration gets an id of its own, delivery jobs name it instead of carrying the key (and
 * the URL), and the copies in existing jobs, pending or done, are dropped. A job whose
 * registration is gone names none and is not sent. Registrations also get a signing secret
 * (an operator learns it by rotating it), a job the id of its message (`webhook-id`), and a
 * delivery record that id and the delivery it repeats.
 */
async function webhookKeyInOnePlace(db: Kysely<Schema>) {
  for (const column of ['id', 'signing_secret', 'previous_signing_secret', 'previous_secret_expires_at']) {
    await db.schema.alterTable('webhook_registrations').addColumn(column, 'text').execute();
  }
  for (const column of ['webhook_id', 'redelivered_from']) {
    await db.schema.alterTable('webhook_deliveries').addColumn(column, 'text').execute();
  }
  const registrations = await db.selectFrom('webhook_registrations').select(['company_id', 'event']).execute();
  const idOf = new Map<string, string>();
  for (const r of registrations) {
    const id = randomUUID();
    idOf.set(`${r.company_id}\u0000${r.event}`, id);
    await db
      .updateTable('webhook_registrations')
      .set({ id, signing_secret: generateWebhookSecret() })
      .where('company_id', '=', r.company_id)
      .where('event', '=', r.event)
      .execute();
  }
  await db.schema.createIndex('webhook_registrations_id_idx').unique().on('webhook_registrations').column('id').execute();

  for (let after = ''; ;) {
    const jobs = await db
      .selectFrom('jobs')
      .select(['id', 'payload'])
      .where('kind', '=', 'webhook.deliver')
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (jobs.length === 0) break;
    for (const job of jobs) {
      const { apiKey: _key, url: _url, ...kept } = JSON.parse(job.payload) as Record<string, unknown>;
      const registrationId = idOf.get(`${String(kept.companyId)}\u0000${String(kept.event)}`) ?? null;
      const webhookId = `msg_${job.id}`;
      await db
        .updateTable('jobs')
        .set({ payload: JSON.stringify({ ...kept, registrationId, webhookId }) })
        .where('id', '=', job.id)
        .execute();
    }
    after = jobs[jobs.length - 1]!.id;
  }
}
