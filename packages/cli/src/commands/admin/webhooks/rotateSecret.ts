import { Argument, type Command } from 'commander';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@vcase/sdk';
import { nonNegativeInt, outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../../kit.js';
import { showAdmin } from '../show.js';

export interface RotateSecretFlags extends OutputFlags {
  company: string;
  event: string;
  overlap?: number;
}

/** `vcase admin webhooks rotate-secret` (docs/webhooks.md). */
export function register(webhooks: Command, app: App, runF: RunFn<RotateSecretFlags> = rotateSecretRun): Command {
  const cmd = webhooks
    .command('rotate-secret')
    .description('give a webhook a new signing secret (printed once); the old one keeps signing for the overlap')
    .argument('<company>', 'company_id')
    .addArgument(new Argument('<event>', 'webhook event').choices(WEBHOOK_EVENTS))
    .option(
      '--overlap <seconds>',
      'how long the old secret still signs too (default 86400, at most 604800; 0: stops at once)',
      nonNegativeInt,
    );
  return outputOptions(cmd).action(app.action(runF));
}

export async function rotateSecretRun(opts: RunOptions<RotateSecretFlags>): Promise<void> {
  const { f } = opts;
  const client = await f.client();
  const rotation = opts.overlap === undefined ? {} : { overlap_seconds: opts.overlap };
  const body = await client.admin.webhooks.rotateSecret(opts.company, opts.event as WebhookEvent, rotation, { signal: f.signal });
  await showAdmin(f.io, opts, body);
}
