import { Option, type Command } from 'commander';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@vcase/sdk';
import { outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../kit.js';
import { showRecords } from './show.js';

export interface DeliveriesFlags extends OutputFlags {
  company: string;
  event?: string;
  case?: string;
}

/** `vcase admin deliveries`: webhook delivery attempts. */
export function register(admin: Command, app: App, runF: RunFn<DeliveriesFlags> = deliveriesRun): Command {
  const cmd = admin
    .command('deliveries')
    .description('webhook delivery attempts of a company, newest first')
    .argument('<company>', 'company_id')
    .addOption(new Option('--event <event>', 'only this event').choices(WEBHOOK_EVENTS))
    .option('--case <case_id>', 'only this case');
  return outputOptions(cmd, { list: true }).action(app.action(runF));
}

export async function deliveriesRun(opts: RunOptions<DeliveriesFlags>): Promise<void> {
  const { f } = opts;
  const client = await f.client();
  const query = { ...(opts.event ? { event: opts.event as WebhookEvent } : {}), ...(opts.case ? { case_id: opts.case } : {}) };
  const body = await client.admin.deliveries.list(opts.company, query, { signal: f.signal });
  const columns = ['delivery_id', 'created_at', 'event', 'case_id', 'status_code', 'ok', 'duration_ms', 'error', 'url'] as const;
  await showRecords(f.io, opts, body, [...columns]);
}
