import { DEFAULT_SECRET_OVERLAP_SECONDS } from '@vcase/shared';
import { requireCompanyRow } from '../services/admin.service.js';
import { listUserTokens, revokeToken, revokeUserTokens } from '../services/tokens.service.js';
import { redeliver, rotateSigningSecret, webhookNotRegistered } from '../webhooks/index.js';
import type { OperationHandler } from './handlers.js';
import { obj, uuidParam, webhookEvent } from './inputs.js';

/** Handlers of `ADMIN_SECURITY_OPERATIONS` (packages/shared/src/adminSecurity.ts). */
export const ADMIN_SECURITY_HANDLERS = {
  listUserTokens: ({ ctx }, i) => listUserTokens(ctx, uuidParam(i.params.user_id)),
  revokeUserTokens: ({ ctx }, i) => revokeUserTokens(ctx, uuidParam(i.params.user_id)),
  revokeToken: ({ ctx }, i) => revokeToken(ctx, uuidParam(i.params.token_id)),
  rotateWebhookSecret: async ({ ctx }, i) => {
    const event = webhookEvent(i.params.event);
    const companyId = uuidParam(i.params.company_id);
    await requireCompanyRow(ctx, companyId);
    const overlap = (obj(i.body).overlap_seconds ?? DEFAULT_SECRET_OVERLAP_SECONDS) as number;
    const rotated = await rotateSigningSecret(ctx.db, companyId, event, ctx.clock.now(), overlap);
    if (!rotated) throw webhookNotRegistered(event);
    return { company_id: companyId, event, ...rotated };
  },
  redeliverWebhook: async ({ ctx }, i) => {
    const companyId = uuidParam(i.params.company_id);
    await requireCompanyRow(ctx, companyId);
    return redeliver(ctx, companyId, uuidParam(i.params.delivery_id));
  },
} satisfies Record<string, OperationHandler>;
