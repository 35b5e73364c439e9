import type { Selectable } from 'kysely';
import { afterEach } from 'vitest';
import type { Config } from '../../src/config.js';
import type { CasesTable } from '../../src/db/database.js';
import { createJobRunner, type JobRunner } from '../../src/jobs/jobRunner.js';
import { WEBHOOK_DELIVER_JOB } from '../../src/jobs/kinds.js';
import { deliverWebhook } from '../../src/webhooks/deliverWebhook.js';
import { putRegistration } from '../../src/webhooks/webhooks.repository.js';
import { createTestContext, type TestContext } from '../jobs/testContext.js';
import { startReceiver } from './receiver.js';

export const COMPANY = '11111111-1111-4111-8111-111111111111';
export const CASE_ID = '22222222-2222-4222-8222-222222222222';
export const actor = { user_id: 'uid-7', name: 'Ana López', email: 'ana@example.com' };

/**
 * Webhook emission and delivery without a server: each test's `setup` makes a context on an
 * in-memory database holding company COMPANY with case CASE_ID (internal_id EXP-42), and a job
 * runner that delivers webhooks. `register` stores a registration of that company, `receiver`
 * starts a receiver; runner, receivers and context are closed after each test.
 */
export function webhookDeliveryBed() {
  let t: TestContext | undefined;
  let runner: JobRunner | undefined;
  const cleanups: (() => Promise<void>)[] = [];

  afterEach(async () => {
    await runner?.stop();
    for (const c of cleanups.splice(0)) await c();
    await t?.close();
    t = undefined;
    runner = undefined;
  });

  async function setup(config: Partial<Config> = {}, caseOverrides: Partial<Selectable<CasesTable>> = {}) {
    const ctx = await createTestContext({
      config: { webUrl: 'https://web.example/', environment: 'staging', webhookTimeoutMs: 2000, ...config },
    });
    t = ctx;
    const jobs = createJobRunner({ ctx: ctx.ctx, handlers: { [WEBHOOK_DELIVER_JOB]: deliverWebhook }, concurrency: 2 });
    runner = jobs;
    const now = ctx.ctx.clock.now().toISOString();
    await ctx.ctx.db.insertInto('companies').values({ id: COMPANY, name: 'Acme', status_catalog: '["nuevo"]', created_at: now }).execute();
    const caseRow: Selectable<CasesTable> = {
      id: CASE_ID,
      company_id: COMPANY,
      internal_id: 'EXP-42',
      status: 'nuevo',
      review_status: 'sin_documentos',
      vehicle_origin: 'Nacional',
      use_case_id: null,
      user_id_added_by: 'uid-7',
      created_by: 'uid-7',
      assigned_to: null,
      active: 1,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      plates_computed_at: null,
      files_job_id: null,
      ...caseOverrides,
    };
    await ctx.ctx.db.insertInto('cases').values(caseRow).execute();
    return { t: ctx, runner: jobs, caseRow };
  }

  const register = (event: string, url: string, extra: { template?: unknown; api_key?: string | null } = {}) => {
    if (!t) throw new Error('register() before setup()');
    return putRegistration(t.ctx.db, {
      company_id: COMPANY,
      event,
      url,
      template: extra.template as never,
      api_key: extra.api_key,
      updated_at: t.ctx.clock.now().toISOString(),
    });
  };

  async function receiver(...args: Parameters<typeof startReceiver>) {
    const r = await startReceiver(...args);
    cleanups.push(r.close);
    return r;
  }

  return { setup, register, receiver };
}
