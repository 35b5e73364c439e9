import { DEFAULT_SECRET_OVERLAP_SECONDS, webhookEventSchema } from '@vcase/shared';
import { validationError } from '../errors.js';
import { requireCompanyRow } from '../services/admin.service.js';
import {
  deleteRegistration,
  listDeliveries,
  redeliver,
  registerWebhook,
  rotateSigningSecret,
  webhookNotRegistered,
} from '../webhooks/index.js';
import { uuidParam } from './inputs.js';
import type { OperationHandlers } from './operation.js';

/** The event a path names; one no receiver can be registered for is refused. */
function webhookEvent(value: string) {
  const parsed = webhookEventSchema.safeParse(value);
  if (!parsed.success) throw validationError(`Evento de webhook desconocido: ${value}`, { field: 'event' });
  return parsed.data;
}

/** The webhooks of the `admin` group: a company's receivers, their secrets and deliveries. */
export const WEBHOOK_HANDLERS = {
  putWebhook: async ({ ctx }, i) => {
    const event = webhookEvent(i.params.event);
    const companyId = uuidParam(i.params.company_id);
    await requireCompanyRow(ctx, companyId);
    return registerWebhook(ctx, companyId, event, i.body);
  },
  // Idempotent for a known company: removing a registration that is not there leaves the same state.
  deleteWebhook: async ({ ctx }, i) => {
    const event = webhookEvent(i.params.event);
    const companyId = uuidParam(i.params.company_id);
    await requireCompanyRow(ctx, companyId);
    await deleteRegistration(ctx.db, companyId, event);
  },
  listWebhookDeliveries: async ({ ctx }, i) => {
    const companyId = uuidParam(i.params.company_id);
    await requireCompanyRow(ctx, companyId);
    const { event, case_id } = i.query;
    return { data: await listDeliveries(ctx.db, companyId, { event, ...(case_id ? { case_id: uuidParam(case_id) } : {}) }) };
  },
  rotateWebhookSecret: async ({ ctx }, i) => {
    const event = webhookEvent(i.params.event);
    const companyId = uuidParam(i.params.company_id);
    await requireCompanyRow(ctx, companyId);
    const overlap = i.body.overlap_seconds ?? DEFAULT_SECRET_OVERLAP_SECONDS;
    const rotated = await rotateSigningSecret(ctx.db, companyId, event, ctx.clock.now(), overlap);
    if (!rotated) throw webhookNotRegistered(event);
    return { company_id: companyId, event, ...rotated };
  },
  redeliverWebhook: async ({ ctx }, i) => {
    const companyId = uuidParam(i.params.company_id);
    await requireCompanyRow(ctx, companyId);
    return redeliver(ctx, companyId, uuidParam(i.params.delivery_id));
  },
} satisfies Partial<OperationHandlers>;
