import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

/** The tables as this migration finds and leaves them (later code may change them again). */
interface Schema {
  webhook_registrations: { company_id: string; event: string; id: string | null };
  jobs: { id: string; kind: string; payload: string };
}

/** Jobs rewritten per read: the table keeps a week of deliveries. */
const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  await webhookKeyInOnePlace(db as unknown as Kysely<Schema>);
}

/**
 * A webhook's receiver key is kept in its registration only (docs/webhooks.md): a
 * registration gets an id of its own, delivery jobs name it instead of carrying the key (and
 * the URL), and the copies in existing jobs, pending or done, are dropped. A job whose
 * registration is gone names none and is not sent.
 */
async function webhookKeyInOnePlace(db: Kysely<Schema>) {
  await db.schema.alterTable('webhook_registrations').addColumn('id', 'text').execute();
  const registrations = await db.selectFrom('webhook_registrations').select(['company_id', 'event']).execute();
  const idOf = new Map<string, string>();
  for (const r of registrations) {
    const id = randomUUID();
    idOf.set(`${r.company_id}\u0000${r.event}`, id);
    await db.updateTable('webhook_registrations').set({ id }).where('company_id', '=', r.company_id).where('event', '=', r.event).execute();
  }
  await db.schema.createIndex('webhook_registrations_id_idx').unique().on('webhook_registrations').column('id').execute();

  for (let after = ''; ; ) {
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
      await db.updateTable('jobs').set({ payload: JSON.stringify({ ...kept, registrationId }) }).where('id', '=', job.id).execute();
    }
    after = jobs[jobs.length - 1]!.id;
  }
}
