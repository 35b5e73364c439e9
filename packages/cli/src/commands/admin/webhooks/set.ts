import { Argument, type Command } from 'commander';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@vcase/sdk';
import { jsonObjectOf, outputOptions, textArg, type App, type OutputFlags, type RunFn, type RunOptions } from '../../../kit.js';
import { showAdmin } from '../show.js';

export interface SetWebhookFlags extends OutputFlags {
  company: string;
  event: string;
  url: string;
  template?: string;
  receiverKey?: string;
}

/** `vcase admin webhooks set`. */
export function register(webhooks: Command, app: App, runF: RunFn<SetWebhookFlags> = setWebhookRun): Command {
  const cmd = webhooks
    .command('set')
    .description('register (or replace) the webhook of an event')
    .argument('<company>', 'company_id')
    .addArgument(new Argument('<event>', 'webhook event').choices(WEBHOOK_EVENTS))
    .requiredOption('--url <url>', 'receiving URL')
    .option('--template <template>', 'body template: JSON object, @file, or text with {{…}} placeholders')
    .option('--receiver-key <key>', 'sent to the receiver as x-api-key');
  return outputOptions(cmd).action(app.action(runF));
}

export async function setWebhookRun(opts: RunOptions<SetWebhookFlags>): Promise<void> {
  const { f } = opts;
  const client = await f.client();
  let template: string | Record<string, unknown> | undefined;
  if (opts.template !== undefined) {
    // A JSON object is sent as an object template; any other text as a string template,
    // which the server checks is JSON once its placeholders stand for values.
    const text = await textArg(f.ctx, opts.template.trim());
    template = jsonObjectOf(text) ?? text;
  }
  const webhook = {
    url: opts.url,
    ...(template !== undefined ? { template: template as string } : {}),
    ...(opts.receiverKey ? { api_key: opts.receiverKey } : {}),
  };
  const body = await client.admin.webhooks.set(opts.company, opts.event as WebhookEvent, webhook, { signal: f.signal });
  await showAdmin(f.io, opts, body);
}
