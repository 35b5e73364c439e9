import type { Command } from 'commander';
import { EXIT } from '../../../errors.js';
import { outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../../kit.js';
import { showAdmin } from '../show.js';

export interface RevokeApiKeyFlags extends OutputFlags {
  key: string;
  yes?: boolean;
}

/** `vcase admin api-keys revoke`. */
export function register(keys: Command, app: App, runF: RunFn<RevokeApiKeyFlags> = revokeApiKeyRun): Command {
  const cmd = keys
    .command('revoke')
    .description('revoke an API key (it stops working at once)')
    .argument('<key>', 'key_id')
    .option('-y, --yes', 'do not ask for confirmation');
  return outputOptions(cmd).action(app.action(runF));
}

export async function revokeApiKeyRun(opts: RunOptions<RevokeApiKeyFlags>): Promise<number | void> {
  const { f, key } = opts;
  const client = await f.client();
  if (!(await f.prompts.confirm(`Revoke API key ${key}?`, opts.yes))) return EXIT.FAILURE;
  await client.admin.apiKeys.revoke(key, { signal: f.signal });
  await showAdmin(f.io, opts, { key_id: key, revoked: true });
}
