import type { WebhookEvent, WebhookRegistrationBody } from '@vcase/shared';
import type { ServerContext } from '../context.js';
import { validationError } from '../errors.js';
import { outboundOf } from '../net/outbound.js';
import { assertPublicUrl, UnsafeUrlError } from '../net/publicUrl.js';
import { jsonTemplateProblem } from './renderTemplate.js';
import { putRegistration, type WebhookRegistrationDto } from './webhooks.repository.js';

/**
 * Registers or replaces the company's receiver of `event` once the body passes what its schema
 * cannot check: a URL outbound requests may reach, and a string template that reads as JSON.
 */
export async function registerWebhook(
  ctx: ServerContext,
  companyId: string,
  event: WebhookEvent,
  body: WebhookRegistrationBody,
): Promise<WebhookRegistrationDto> {
  try {
    // A receiver whose name does not resolve yet is registered: every delivery checks its URL again.
    await assertPublicUrl(body.url, { allowPrivate: ctx.config.allowPrivateUrls, acceptUnresolved: true, lookup: outboundOf(ctx).resolve });
  } catch (err) {
    if (err instanceof UnsafeUrlError) throw validationError(err.message, { field: 'url' });
    throw err;
  }
  // A blank string template is no template: the default body (contract §6), never an empty one.
  const template = typeof body.template === 'string' && body.template.trim() === '' ? null : (body.template ?? null);
  const problem = typeof template === 'string' ? jsonTemplateProblem(template) : null;
  if (problem) throw validationError(problem, { field: 'template' });
  return putRegistration(ctx.db, {
    company_id: companyId,
    event,
    url: body.url,
    template,
    api_key: body.api_key ?? null,
    updated_at: ctx.clock.now().toISOString(),
  });
}
