import type { Command } from 'commander';
import { EXIT } from '../../../errors.js';
import { outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../../kit.js';
import { showAdmin } from '../show.js';

export interface RevokeTokenFlags extends OutputFlags {
  token: string;
  yes?: boolean;
}

/** `vcase admin tokens revoke` (docs/operator-guide.md "Security"). */
export function register(tokens: Command, app: App, runF: RunFn<RevokeTokenFlags> = revokeTokenRun): Command {
  const cmd = tokens
    .command('revoke')
    .description('revoke one token (it stops working at once, on every server)')
    .argument('<token>', 'token_id')
    .option('-y, --yes', 'do not ask for confirmation');
  return outputOptions(cmd).action(app.action(runF));
}

export async function revokeTokenRun(opts: RunOptions<RevokeTokenFlags>): Promise<number | void> {
  const { f, token } = opts;
  const client = await f.client();
  if (!(await f.prompts.confirm(`Revoke token ${token}?`, opts.yes))) return EXIT.FAILURE;
  await client.admin.tokens.revoke(token, { signal: f.signal });
  await showAdmin(f.io, opts, { token_id: token, revoked: true });
}
