import type { Command } from 'commander';
import { readLines } from '../../batch/lines.js';
import { DEFAULT_PROFILE, readLocal, readProfiles, serverAddress, writeProfile, type StoredProfile } from '../../credentials.js';
import { UsageError } from '../../errors.js';
import type { Context } from '../../context.js';
import { outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../kit.js';
import { statusRun } from './status.js';
import { verifyProfile } from './verify.js';

export interface LoginFlags extends OutputFlags {
  withToken?: boolean;
  fromLocal?: boolean;
  /** False with --no-verify. */
  verify: boolean;
  status?: boolean;
}

const HELP = `
Values come from --base-url, --token, --api-key, --admin-token (global flags), --with-token,
--from-local, and, on a terminal, prompts; values not given keep what the profile had.
The profile file is $XDG_CONFIG_HOME/vcase/credentials.json (else ~/.config/vcase/), mode 0600.

Examples:
  $ vcase login                                   # asks for the address and the token
  $ vcase login --from-local                      # next to a server started with \`npm start\`
  $ echo "$TOKEN" | vcase login --base-url https://vcase.example --with-token --profile prod
  $ vcase login --status`;

/** `vcase login`: save credentials to a profile; `--status` shows those in use. */
export function register(program: Command, app: App, runF: RunFn<LoginFlags> = loginRun): Command {
  const cmd = program
    .command('login')
    .description('save the server address and credentials to a profile')
    .option('--with-token', 'read the bearer token from stdin (first line)')
    .option('--from-local', 'copy ./.vcase/credentials.json (and ./.vcase/admin-token) of a local server')
    .option('--no-verify', 'save without checking the credentials against the server')
    .option('--status', 'show the credentials in use and where each comes from (secrets masked)');
  return outputOptions(cmd).addHelpText('after', HELP).action(app.action(runF));
}

export async function loginRun(opts: RunOptions<LoginFlags>): Promise<void> {
  const { f } = opts;
  const name = opts.profile ?? f.ctx.env.VCASE_PROFILE ?? DEFAULT_PROFILE;
  if (opts.status) return statusRun(f, name, opts);

  const existing = (await readProfiles(f.ctx)).profiles[name] ?? {};
  const profile: StoredProfile = { ...existing };
  if (opts.fromLocal) {
    const local = await readLocal(f.ctx.cwd);
    if (!local.base_url) {
      throw new UsageError('./.vcase/credentials.json not found or incomplete', 'hint: run this next to a server started with `npm start`');
    }
    Object.assign(profile, local);
  }
  if (opts.baseUrl) profile.base_url = opts.baseUrl;
  if (opts.token) profile.token = opts.token;
  if (opts.apiKey) profile.api_key = opts.apiKey;
  if (opts.adminToken) profile.admin_token = opts.adminToken;
  if (opts.withToken) {
    profile.token = (await firstLine(f.ctx.stdin)) ?? profile.token;
    if (!profile.token) throw new UsageError('--with-token: no token on stdin');
  }
  const explicit = opts.fromLocal || opts.baseUrl || opts.token || opts.apiKey || opts.adminToken || opts.withToken;
  if (!profile.base_url || (!explicit && f.prompts.interactive)) {
    const address = { default: profile.base_url ?? 'http://127.0.0.1:3000', required: true };
    profile.base_url = await f.prompts.required(undefined, '--base-url', (p) => p.input('Server address', address));
  }
  if (!profile.token && !profile.api_key) {
    profile.token = await f.prompts.required(undefined, '--token (or --with-token)', (p) => p.password('Bearer token'));
  }

  const base_url = serverAddress(profile.base_url, 'the server address');
  if (opts.verify) await verifyProfile(f, { ...profile, base_url });
  const file = await writeProfile(f.ctx, name, profile);
  if (opts.json) return void (await f.io.json({ profile: name, file, base_url }));
  await f.io.err(`Saved profile "${name}" (${base_url}) to ${file}\n`);
}

/** The first line that is not blank, trimmed (`--with-token`). */
async function firstLine(input: Context['stdin']): Promise<string | undefined> {
  for await (const line of readLines(input)) {
    if (line.trim()) return line.trim();
  }
  return undefined;
}
