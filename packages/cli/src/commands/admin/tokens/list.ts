import type { Command } from 'commander';
import { outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../../kit.js';
import { showRecords } from '../show.js';

export interface ListTokensFlags extends OutputFlags {
  user: string;
}

/** `vcase admin tokens list`: a user's tokens by id (docs/operator-guide.md "Security"). */
export function register(tokens: Command, app: App, runF: RunFn<ListTokensFlags> = listTokensRun): Command {
  const cmd = tokens.command('list').description("a user's tokens by id (never the tokens), newest first").argument('<user>', 'user_id');
  return outputOptions(cmd, { list: true }).action(app.action(runF));
}

export async function listTokensRun(opts: RunOptions<ListTokensFlags>): Promise<void> {
  const { f } = opts;
  const client = await f.client();
  const body = await client.admin.tokens.list(opts.user, { signal: f.signal });
  await showRecords(f.io, opts, body, ['token_id', 'created_at', 'expires_at', 'revoked_at']);
}
