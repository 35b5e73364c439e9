import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import { fromJson } from '../db/json.js';
import type { WebhookTemplate } from './renderTemplate.js';
import { generateWebhookSecret } from './signatures.js';
import type { WebhookDeliveriesTable, WebhookRegistrationsTable } from './webhooks.table.js';

/** Admin API shape of a registration (operator-surface §2). */
export interface WebhookRegistrationDto {
  company_id: string;
  event: string;
  url: string;
  template: WebhookTemplate | null;
  api_key: string | null;
  updated_at: string;
  /** Only in the answer that created the registration: shown once, never read back. */
  signing_secret?: string;
}

/** Admin API shape of one delivery attempt (operator-surface §2). */
export interface WebhookDeliveryDto {
  delivery_id: string;
  event: string;
  case_id: string | null;
  url: string;
  request_body: unknown;
  status_code: number | null;
  ok: boolean;
  response_body: string | null;
  error: string | null;
  duration_ms: number | null;
  created_at: string;
  webhook_id: string | null;
  redelivered_from: string | null;
}

export function toRegistrationDto(row: Selectable<WebhookRegistrationsTable>): WebhookRegistrationDto {
  return {
    company_id: row.company_id,
    event: row.event,
    url: row.url,
    // Stored as JSON text of the object or of the string, so the kind survives.
    template: fromJson<WebhookTemplate | null>(row.template, null),
    api_key: row.api_key,
    updated_at: row.updated_at,
  };
}

export function toDeliveryDto(row: Selectable<WebhookDeliveriesTable>): WebhookDeliveryDto {
  return {
    delivery_id: row.id,
    event: row.event,
    case_id: row.case_id,
    url: row.url,
    // A body that is not JSON (a string template rendered into invalid JSON) stays text.
    request_body: fromJson<unknown>(row.request_body, row.request_body),
    status_code: row.status_code === null ? null : Number(row.status_code),
    ok: Number(row.ok) === 1,
    response_body: row.response_body,
    error: row.error,
    duration_ms: row.duration_ms === null ? null : Number(row.duration_ms),
    created_at: row.created_at,
    webhook_id: row.webhook_id,
    redelivered_from: row.redelivered_from,
  };
}

/**
 * Creates or replaces the company's receiver for `event`. A replaced one keeps its id and
 * signing secret; a new one gets both, and its secret is in the answer (the only time).
 */
export async function putRegistration(
  db: Kysely<Database>,
  reg: {
    company_id: string;
    event: string;
    url: string;
    template?: WebhookTemplate | null;
    api_key?: string | null;
    updated_at: string;
  },
): Promise<WebhookRegistrationDto> {
  const row: Selectable<WebhookRegistrationsTable> = {
    id: randomUUID(),
    company_id: reg.company_id,
    event: reg.event,
    url: reg.url,
    template: reg.template === undefined || reg.template === null ? null : JSON.stringify(reg.template),
    api_key: reg.api_key ?? null,
    signing_secret: generateWebhookSecret(),
    previous_signing_secret: null,
    previous_secret_expires_at: null,
    updated_at: reg.updated_at,
  };
  const stored = await db
    .insertInto('webhook_registrations')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['company_id', 'event']).doUpdateSet({
        url: row.url,
        template: row.template,
        api_key: row.api_key,
        updated_at: row.updated_at,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  const created = stored.signing_secret === row.signing_secret;
  return created ? { ...toRegistrationDto(stored), signing_secret: stored.signing_secret } : toRegistrationDto(stored);
}

/**
 * Gives the registration a new signing secret. With `overlapSeconds` > 0 the one it had
 * keeps signing beside it until then (replacing any older one still in overlap); with 0 it
 * stops at once. Undefined when there is no registration.
 */
export async function rotateSigningSecret(db: Kysely<Database>, companyId: string, event: string, now: Date, overlapSeconds: number) {
  const signingSecret = generateWebhookSecret();
  const previousUntil = overlapSeconds > 0 ? new Date(now.getTime() + overlapSeconds * 1000).toISOString() : null;
  const updated = await db
    .updateTable('webhook_registrations')
    .set((eb) => ({
      signing_secret: signingSecret,
      previous_signing_secret: previousUntil ? eb.ref('signing_secret') : null,
      previous_secret_expires_at: previousUntil,
    }))
    .where('company_id', '=', companyId)
    .where('event', '=', event)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return undefined;
  return { signing_secret: signingSecret, previous_secret_expires_at: previousUntil };
}

/** The secrets a delivery is signed with at `now`: the current one, then one still in overlap. */
export function secretsInForce(row: Selectable<WebhookRegistrationsTable>, now: Date): string[] {
  const previous = row.previous_signing_secret;
  const until = row.previous_secret_expires_at;
  return previous && until && Date.parse(until) > now.getTime() ? [row.signing_secret, previous] : [row.signing_secret];
}

/** The company's registration for `event`, as stored. */
export function findRegistration(db: Kysely<Database>, companyId: string, event: string) {
  return db
    .selectFrom('webhook_registrations')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('event', '=', event)
    .executeTakeFirst();
}

/** The registration a delivery job names, while it exists (and belongs to the company). */
export function findRegistrationById(db: Kysely<Database>, companyId: string, id: string) {
  return db.selectFrom('webhook_registrations').selectAll().where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
}

export async function getRegistration(db: Kysely<Database>, companyId: string, event: string): Promise<WebhookRegistrationDto | undefined> {
  const row = await findRegistration(db, companyId, event);
  return row && toRegistrationDto(row);
}

/** Returns whether a registration existed. */
export async function deleteRegistration(db: Kysely<Database>, companyId: string, event: string): Promise<boolean> {
  const res = await db
    .deleteFrom('webhook_registrations')
    .where('company_id', '=', companyId)
    .where('event', '=', event)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** The company's delivery attempts, newest first. */
export async function listDeliveries(
  db: Kysely<Database>,
  companyId: string,
  filter: { event?: string; case_id?: string; limit?: number } = {},
): Promise<WebhookDeliveryDto[]> {
  let q = db.selectFrom('webhook_deliveries').selectAll().where('company_id', '=', companyId);
  if (filter.event !== undefined) q = q.where('event', '=', filter.event);
  if (filter.case_id !== undefined) q = q.where('case_id', '=', filter.case_id);
  q = q.orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (filter.limit !== undefined) q = q.limit(filter.limit);
  const rows = await q.execute();
  return rows.map(toDeliveryDto);
}

/** One of the company's delivery records (another company's id finds nothing). */
export function findDelivery(db: Kysely<Database>, companyId: string, id: string) {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
}

export async function recordDelivery(db: Kysely<Database>, row: Insertable<WebhookDeliveriesTable>): Promise<WebhookDeliveryDto> {
  const stored = await db.insertInto('webhook_deliveries').values(row).returningAll().executeTakeFirstOrThrow();
  return toDeliveryDto(stored);
}
