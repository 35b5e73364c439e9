import type { Kysely, Selectable } from 'kysely';
import type { ServerContext } from '../context.js';
import type { CasesTable, Database } from '../db/database.js';
import { enqueueJob, type Job } from '../jobs/jobQueue.js';
import { WEBHOOK_DELIVER_JOB } from '../jobs/kinds.js';
import type { WebhookDeliverPayload } from './deliverWebhook.js';
import { webhookRequestBody, type WebhookTemplate, type WebhookVars } from './renderTemplate.js';
import { fromJson } from '../db/json.js';
import { findRegistration } from './webhooks.repository.js';

/** The user behind the action, as the template variables name them. */
export interface WebhookActor {
  user_id: string;
  name: string | null;
  email: string | null;
}

export interface EmitWebhookInput {
  event: string;
  caseRow: Selectable<CasesTable>;
  actor?: WebhookActor | null;
}

/** Assignment is not a status change, so it fires for cases without `internal_id` too. */
const NOT_A_STATUS_EVENT = 'v1-assign-analyst';

export function webhookVars(
  ctx: Pick<ServerContext, 'config' | 'address'>,
  caseRow: Selectable<CasesTable>,
  actor: WebhookActor | null,
): WebhookVars {
  const { config } = ctx;
  const webBase = (config.webUrl ?? ctx.address.baseUrl).replace(/\/+$/, '');
  return {
    vehicle_id: caseRow.id,
    internal_id: caseRow.internal_id ?? '',
    review_status: caseRow.review_status,
    url_exp: `${webBase}/cases/${caseRow.id}`,
    user_id: actor?.user_id ?? null,
    user_name: actor?.name ?? null,
    user_email: actor?.email ?? null,
    created_at: caseRow.created_at,
    environment: config.environment,
  };
}

/**
 * Queues the company's webhook for `event`, if it registered one (contract §6). The body is
 * rendered now, from the case as it is at event time; delivery is a durable job run after
 * the caller's transaction commits, so it never delays or rolls back the triggering
 * operation. The job names the registration, whose URL and credentials are read when it
 * sends: they live in one place. `db` may be the caller's transaction. Returns the queued
 * job, or null.
 */
export async function emitWebhook(
  ctx: Pick<ServerContext, 'config' | 'address' | 'clock' | 'ids' | 'jobEvents'>,
  db: Kysely<Database>,
  { event, caseRow, actor = null }: EmitWebhookInput,
): Promise<Job<WebhookDeliverPayload> | null> {
  if (!caseRow.company_id) return null;
  if (event !== NOT_A_STATUS_EVENT && !caseRow.internal_id) return null;
  const registration = await findRegistration(db, caseRow.company_id, event);
  if (!registration) return null;

  const template = fromJson<WebhookTemplate | null>(registration.template, null);
  const body = webhookRequestBody(template, event, webhookVars(ctx, caseRow, actor));
  return queueDelivery(ctx, db, {
    registrationId: registration.id,
    webhookId: `msg_${ctx.ids()}`,
    body,
    event,
    caseId: caseRow.id,
    companyId: caseRow.company_id,
  });
}

/** Queues one delivery (an event's, or a redelivery of a recorded one). `db` may be a transaction. */
export function queueDelivery(ctx: Pick<ServerContext, 'clock' | 'ids'>, db: Kysely<Database>, payload: WebhookDeliverPayload) {
  return enqueueJob<WebhookDeliverPayload>(db, ctx, {
    kind: WEBHOOK_DELIVER_JOB,
    companyId: payload.companyId,
    caseId: payload.caseId,
    maxAttempts: 1, // contract §6: one attempt, no automatic retry
    payload,
  });
}
