import type { Command } from 'commander';
import { outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../../kit.js';
import { showAdmin } from '../show.js';

export interface CreateApiKeyFlags extends OutputFlags {
  company: string;
  name?: string;
}

/** `vcase admin api-keys create`. */
export function register(keys: Command, app: App, runF: RunFn<CreateApiKeyFlags> = createApiKeyRun): Command {
  const cmd = keys.command('create').description('issue an API key').argument('<company>', 'company_id').option('--name <name>', 'a label');
  return outputOptions(cmd).action(app.action(runF));
}

export async function createApiKeyRun(opts: RunOptions<CreateApiKeyFlags>): Promise<void> {
  const { f } = opts;
  const client = await f.client();
  await showAdmin(f.io, opts, await client.admin.apiKeys.create(opts.company, opts.name ? { name: opts.name } : {}, { signal: f.signal }));
}
