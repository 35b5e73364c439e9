import type { Command } from 'commander';
import { EXIT } from '../../../errors.js';
import { outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../../kit.js';
import { showAdmin } from '../show.js';

export interface RevokeAllFlags extends OutputFlags {
  user: string;
  yes?: boolean;
}

/** `vcase admin tokens revoke-all` (docs/operator-guide.md "Security"). */
export function register(tokens: Command, app: App, runF: RunFn<RevokeAllFlags> = revokeAllRun): Command {
  const cmd = tokens
    .command('revoke-all')
    .description('revoke every token of a user, those issued before token ids too')
    .argument('<user>', 'user_id')
    .option('-y, --yes', 'do not ask for confirmation');
  return outputOptions(cmd).action(app.action(runF));
}

export async function revokeAllRun(opts: RunOptions<RevokeAllFlags>): Promise<number | void> {
  const { f, user } = opts;
  const client = await f.client();
  if (!(await f.prompts.confirm(`Revoke every token of user ${user}?`, opts.yes))) return EXIT.FAILURE;
  await client.admin.tokens.revokeAll(user, { signal: f.signal });
  await showAdmin(f.io, opts, { user_id: user, revoked: true });
}
