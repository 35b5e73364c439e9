import type { Command } from 'commander';
import type { Redelivery, WebhookDelivery, WebhookEvent } from '@vcase/sdk';
import { EXIT } from '../../../errors.js';
import type { Factory } from '../../../factory.js';
import { outputOptions, positiveInt, type App, type OutputFlags, type RunFn, type RunOptions } from '../../../kit.js';
import { showAdmin } from '../show.js';

export interface RedeliverFlags extends OutputFlags {
  company: string;
  delivery: string;
  wait?: boolean;
  timeout: number;
}

/** How often `redeliver --wait` reads the delivery list. */
const REDELIVERY_POLL_MS = 500;

/** `vcase admin webhooks redeliver` (docs/webhooks.md). */
export function register(webhooks: Command, app: App, runF: RunFn<RedeliverFlags> = redeliverRun): Command {
  const cmd = webhooks
    .command('redeliver')
    .description('send a recorded delivery again (same body and webhook-id) to the webhook as registered now')
    .argument('<company>', 'company_id')
    .argument('<delivery>', 'delivery_id (vcase admin deliveries <company>)')
    .option('--wait', 'wait for the attempt and print its record (exit 1 if it failed, 5 if not recorded in time)')
    .option('--timeout <seconds>', 'with --wait: give up after this long', positiveInt, 60);
  return outputOptions(cmd).action(app.action(runF));
}

export async function redeliverRun(opts: RunOptions<RedeliverFlags>): Promise<number | void> {
  const { f, company } = opts;
  const client = await f.client();
  const queued = await client.admin.deliveries.redeliver(company, opts.delivery, { signal: f.signal });
  if (!opts.wait) return void (await showAdmin(f.io, opts, queued));
  const record = await recordOf(f, company, queued, opts.timeout * 1000);
  if (!record) {
    await f.io.err(`delivery ${queued.delivery_id} was not recorded within ${opts.timeout} s; see vcase admin deliveries ${company}\n`);
    return EXIT.LOOKUP;
  }
  await showAdmin(f.io, opts, record);
  return record.ok ? EXIT.OK : EXIT.FAILURE;
}

/** The redelivery's record once its attempt is recorded, or null after `timeoutMs`. */
async function recordOf(f: Factory, company: string, queued: Redelivery, timeoutMs: number): Promise<WebhookDelivery | null> {
  const client = await f.client();
  const deadline = f.ctx.clock() + timeoutMs;
  for (;;) {
    const { data } = await client.admin.deliveries.list(company, { event: queued.event as WebhookEvent }, { signal: f.signal });
    const record = data.find((d) => d.delivery_id === queued.delivery_id);
    if (record) return record;
    if (f.ctx.clock() >= deadline) return null;
    await f.ctx.sleep(REDELIVERY_POLL_MS, f.signal);
  }
}
