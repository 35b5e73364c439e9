import {
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookEventSchema,
  webhookRegistrationBodySchema,
  webhookRegistrationSchema,
} from '@vcase/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationError } from '../errors.js';
import { assertPublicUrl, UnsafeUrlError } from '../net/publicUrl.js';
import { requireCompanyRow } from '../services/admin.service.js';
import { deleteRegistration, listDeliveries, putRegistration } from '../webhooks/index.js';
import type { RouteDeps } from './routeDeps.js';

const admin = { auth: 'admin' } as const;
const tags = ['admin'];
const registrationParams = z.object({ company_id: z.string(), event: webhookEventSchema });

export const adminWebhookRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { ctx } = deps;

  app.put(
    '/admin/companies/:company_id/webhooks/:event',
    {
      config: admin,
      schema: {
        tags,
        summary: "Register the company's receiver for an event",
        params: registrationParams,
        body: webhookRegistrationBodySchema,
        response: { 200: webhookRegistrationSchema },
      },
    },
    async (req) => {
      await requireCompanyRow(ctx, req.params.company_id);
      try {
        await assertPublicUrl(req.body.url, { allowPrivate: ctx.config.allowPrivateUrls });
      } catch (err) {
        if (err instanceof UnsafeUrlError) throw validationError(err.message, { field: 'url' });
        throw err;
      }
      return putRegistration(ctx.db, {
        company_id: req.params.company_id,
        event: req.params.event,
        url: req.body.url,
        template: req.body.template ?? null,
        api_key: req.body.api_key ?? null,
        updated_at: ctx.clock.now().toISOString(),
      }) as Promise<z.infer<typeof webhookRegistrationSchema>>;
    },
  );

  app.delete(
    '/admin/companies/:company_id/webhooks/:event',
    { config: admin, schema: { tags, summary: 'Remove a webhook registration', params: registrationParams } },
    async (req, reply) => {
      // Idempotent: removing a registration that is not there leaves the same state.
      await deleteRegistration(ctx.db, req.params.company_id, req.params.event);
      return reply.status(204).send();
    },
  );

  app.get(
    '/admin/companies/:company_id/webhook-deliveries',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delivery attempts, newest first',
        params: z.object({ company_id: z.string() }),
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: webhookDeliveriesResponseSchema },
      },
    },
    async (req) => {
      await requireCompanyRow(ctx, req.params.company_id);
      return { data: await listDeliveries(ctx.db, req.params.company_id, req.query) };
    },
  );
};
