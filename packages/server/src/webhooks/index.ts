export type { WebhookDeliveriesTable, WebhookRegistrationsTable } from './webhooks.table.js';
export { deliverWebhook, type WebhookDeliverPayload, type WebhookDeliverResult } from './deliverWebhook.js';
export { emitWebhook, webhookVars, type EmitWebhookInput, type WebhookActor } from './emitWebhook.js';
export {
  defaultWebhookBody,
  jsonTemplateProblem,
  renderTemplate,
  webhookRequestBody,
  type WebhookTemplate,
  type WebhookVars,
} from './renderTemplate.js';
export {
  deleteRegistration,
  findRegistration,
  findRegistrationById,
  getRegistration,
  listDeliveries,
  putRegistration,
  recordDelivery,
  rotateSigningSecret,
  secretsInForce,
  toDeliveryDto,
  toRegistrationDto,
  type WebhookDeliveryDto,
  type WebhookRegistrationDto,
} from './webhooks.repository.js';
export { generateWebhookSecret, signatureHeaders, signWebhook } from './signatures.js';
export { redeliver, webhookNotRegistered } from './redeliver.js';
export { registerWebhook } from './registerWebhook.js';
