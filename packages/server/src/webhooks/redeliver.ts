import type { ServerContext } from '../context.js';
import { HttpError } from '../errors.js';
import { queueDelivery } from './emitWebhook.js';
import { findDelivery, findRegistration } from './webhooks.repository.js';

export const webhookNotRegistered = (event: string) =>
  HttpError.of('RESOURCE_NOT_FOUND', `No hay webhook registrado para el evento ${event}`);

/**
 * Sends a recorded delivery again (docs/webhooks.md "Redelivery"): the same body and
 * `webhook-id`, to the company's webhook for that event as it is registered now (URL, key,
 * secrets), as a new delivery job of one attempt like any other. Only the company's own
 * records are found.
 */
export async function redeliver(ctx: ServerContext, companyId: string, deliveryId: string) {
  const original = await findDelivery(ctx.db, companyId, deliveryId);
  if (!original) throw HttpError.of('RESOURCE_NOT_FOUND', 'Entrega de webhook no encontrada');
  const registration = await findRegistration(ctx.db, companyId, original.event);
  if (!registration) throw webhookNotRegistered(original.event);
  // Records from before signatures have no message id: the original's own id stands for it.
  const webhookId = original.webhook_id ?? `msg_${original.id}`;
  const newId = ctx.ids();
  const job = await queueDelivery(ctx, ctx.db, {
    registrationId: registration.id,
    webhookId,
    body: original.request_body,
    event: original.event,
    caseId: original.case_id,
    companyId,
    deliveryId: newId,
    redeliveredFrom: original.id,
  });
  return {
    delivery_id: newId,
    redelivered_from: original.id,
    event: original.event,
    webhook_id: webhookId,
    job_id: job.id,
    status: 'queued' as const,
  };
}
