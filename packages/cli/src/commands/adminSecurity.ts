import { Argument, type Command } from 'commander';
import type { Redelivery, WebhookDelivery, WebhookEvent } from '@vcase/sdk';
import { EXIT } from '../errors.js';
import { nonNegativeInt, outputOptions, positiveInt, type App, type OutputFlags } from '../kit.js';
import { pairsOf } from '../render/format.js';
import { renderRecords } from '../render/lookups.js';
import type { Session } from '../session.js';

/** Prints an admin answer: the body with --json, label/value pairs otherwise. */
export async function showAdmin(s: Session, o: OutputFlags, body: unknown, done?: string) {
  if (o.json) return s.json(body ?? null);
  if (body === undefined || body === null) return s.out(done ? `${done}\n` : '');
  return s.out(pairsOf(s.style, body));
}

/** `vcase admin tokens list|revoke|revoke-all` (docs/operator-guide.md "Security"). */
export function registerTokenRevocation(tokens: Command, app: App): void {
  outputOptions(tokens.command('list').description("a user's tokens by id (never the tokens), newest first").argument('<user>', 'user_id'), { list: true }).action(
    app.action<OutputFlags>(async (s, [user], o) => {
      const client = await s.client();
      const body = await client.admin.tokens.list(user!, { signal: s.signal });
      if (o.ndjson) return void (await s.ndjson(body.data));
      if (o.json) return void (await s.json(body));
      await s.out(renderRecords(s.style, body.data, ['token_id', 'created_at', 'expires_at', 'revoked_at']));
    }),
  );
  outputOptions(
    tokens.command('revoke').description('revoke one token (it stops working at once, on every server)').argument('<token>', 'token_id').option('-y, --yes', 'do not ask for confirmation'),
  ).action(
    app.action<OutputFlags & { yes?: boolean }>(async (s, [token], o) => {
      const client = await s.client();
      if (!(await s.confirm(`Revoke token ${token}?`, o.yes))) return EXIT.FAILURE;
      await client.admin.tokens.revoke(token!, { signal: s.signal });
      await showAdmin(s, o, { token_id: token, revoked: true });
    }),
  );
  outputOptions(
    tokens.command('revoke-all').description("revoke every token of a user, those issued before token ids too").argument('<user>', 'user_id').option('-y, --yes', 'do not ask for confirmation'),
  ).action(
    app.action<OutputFlags & { yes?: boolean }>(async (s, [user], o) => {
      const client = await s.client();
      if (!(await s.confirm(`Revoke every token of user ${user}?`, o.yes))) return EXIT.FAILURE;
      await client.admin.tokens.revokeAll(user!, { signal: s.signal });
      await showAdmin(s, o, { user_id: user, revoked: true });
    }),
  );
}

/** How often `redeliver --wait` reads the delivery list. */
const REDELIVERY_POLL_MS = 500;

/** `vcase admin webhooks rotate-secret|redeliver` (docs/webhooks.md); `events`: the webhook events. */
export function registerWebhookSecurity(webhooks: Command, app: App, events: readonly string[]): void {
  outputOptions(
    webhooks
      .command('rotate-secret')
      .description('give a webhook a new signing secret (printed once); the old one keeps signing for the overlap')
      .argument('<company>', 'company_id')
      .addArgument(new Argument('<event>', 'webhook event').choices(events))
      .option('--overlap <seconds>', 'how long the old secret still signs too (default 86400, at most 604800; 0: stops at once)', nonNegativeInt),
  ).action(
    app.action<OutputFlags & { overlap?: number }>(async (s, [company, event], o) => {
      const client = await s.client();
      const body = o.overlap === undefined ? {} : { overlap_seconds: o.overlap };
      await showAdmin(s, o, await client.admin.webhooks.rotateSecret(company!, event as WebhookEvent, body, { signal: s.signal }));
    }),
  );
  outputOptions(
    webhooks
      .command('redeliver')
      .description('send a recorded delivery again (same body and webhook-id) to the webhook as registered now')
      .argument('<company>', 'company_id')
      .argument('<delivery>', 'delivery_id (vcase admin deliveries <company>)')
      .option('--wait', 'wait for the attempt and print its record (exit 1 if it failed, 5 if not recorded in time)')
      .option('--timeout <seconds>', 'with --wait: give up after this long', positiveInt, 60),
  ).action(
    app.action<OutputFlags & { wait?: boolean; timeout: number }>(async (s, [company, delivery], o) => {
      const client = await s.client();
      const queued = await client.admin.deliveries.redeliver(company!, delivery!, { signal: s.signal });
      if (!o.wait) return void (await showAdmin(s, o, queued));
      const record = await recordOf(s, company!, queued, o.timeout * 1000);
      if (!record) {
        await s.err(`delivery ${queued.delivery_id} was not recorded within ${o.timeout} s; see vcase admin deliveries ${company}\n`);
        return EXIT.LOOKUP;
      }
      await showAdmin(s, o, record);
      return record.ok ? EXIT.OK : EXIT.FAILURE;
    }),
  );
}

/** The redelivery's record once its attempt is recorded, or null after `timeoutMs`. */
async function recordOf(s: Session, company: string, queued: Redelivery, timeoutMs: number): Promise<WebhookDelivery | null> {
  const client = await s.client();
  const deadline = s.ctx.clock() + timeoutMs;
  for (;;) {
    const { data } = await client.admin.deliveries.list(company, { event: queued.event as WebhookEvent }, { signal: s.signal });
    const record = data.find((d) => d.delivery_id === queued.delivery_id);
    if (record) return record;
    if (s.ctx.clock() >= deadline) return null;
    await s.ctx.sleep(REDELIVERY_POLL_MS, s.signal);
  }
}
