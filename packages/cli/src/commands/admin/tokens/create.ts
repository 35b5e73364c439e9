import type { Command } from 'commander';
import { outputOptions, positiveInt, type App, type OutputFlags, type RunFn, type RunOptions } from '../../../kit.js';
import { showAdmin } from '../show.js';

export interface CreateTokenFlags extends OutputFlags {
  user: string;
  ttl?: number;
}

/** `vcase admin tokens create`. */
export function register(tokens: Command, app: App, runF: RunFn<CreateTokenFlags> = createTokenRun): Command {
  const cmd = tokens
    .command('create')
    .description('issue a bearer token for a user (e.g. TOKEN=$(vcase admin tokens create U --json | jq -r .access_token))')
    .argument('<user>', 'user_id')
    .option('--ttl <seconds>', 'lifetime (default 86400, at most 7776000: 90 days)', positiveInt);
  return outputOptions(cmd).action(app.action(runF));
}

export async function createTokenRun(opts: RunOptions<CreateTokenFlags>): Promise<void> {
  const { f } = opts;
  const client = await f.client();
  const body = await client.admin.tokens.create(opts.user, opts.ttl ? { ttl_seconds: opts.ttl } : {}, { signal: f.signal });
  await showAdmin(f.io, opts, body);
}
