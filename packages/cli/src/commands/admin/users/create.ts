import type { Command } from 'commander';
import { outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../../kit.js';
import { showAdmin } from '../show.js';

export interface CreateUserFlags extends OutputFlags {
  company: string;
  name?: string;
  email?: string;
  /** false with --no-pid. */
  pid?: string | false;
}

/** `vcase admin users create`. */
export function register(users: Command, app: App, runF: RunFn<CreateUserFlags> = createUserRun): Command {
  const cmd = users
    .command('create')
    .description('create a user')
    .argument('<company>', 'company_id')
    .option('--name <name>', 'display name')
    .option('--email <email>', 'e-mail')
    .option('--pid <pid>', 'profile id (generated when omitted)')
    .option('--no-pid', 'a user without a profile pid');
  return outputOptions(cmd).action(app.action(runF));
}

export async function createUserRun(opts: RunOptions<CreateUserFlags>): Promise<void> {
  const { f } = opts;
  const client = await f.client();
  const pid = opts.pid === false ? { pid: null } : typeof opts.pid === 'string' ? { pid: opts.pid } : {};
  const user = { ...(opts.name ? { name: opts.name } : {}), ...(opts.email ? { email: opts.email } : {}), ...pid };
  await showAdmin(f.io, opts, await client.admin.users.create(opts.company, user, { signal: f.signal }));
}
