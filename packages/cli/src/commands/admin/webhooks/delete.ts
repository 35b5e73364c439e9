import type { Command } from 'commander';
import type { WebhookEvent } from '@vcase/sdk';
import { EXIT } from '../../../errors.js';
import { outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../../kit.js';
import { showAdmin } from '../show.js';

export interface DeleteWebhookFlags extends OutputFlags {
  company: string;
  event: string;
  yes?: boolean;
}

/** `vcase admin webhooks delete`. */
export function register(webhooks: Command, app: App, runF: RunFn<DeleteWebhookFlags> = deleteWebhookRun): Command {
  const cmd = webhooks
    .command('delete')
    .description('remove the webhook of an event')
    .argument('<company>', 'company_id')
    .argument('<event>', 'event')
    .option('-y, --yes', 'do not ask for confirmation');
  return outputOptions(cmd).action(app.action(runF));
}

export async function deleteWebhookRun(opts: RunOptions<DeleteWebhookFlags>): Promise<number | void> {
  const { f, company, event } = opts;
  const client = await f.client();
  if (!(await f.prompts.confirm(`Remove the ${event} webhook of ${company}?`, opts.yes))) return EXIT.FAILURE;
  await client.admin.webhooks.delete(company, event as WebhookEvent, { signal: f.signal });
  await showAdmin(f.io, opts, { company_id: company, event, deleted: true });
}
