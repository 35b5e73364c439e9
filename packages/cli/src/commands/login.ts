import type { Command } from 'commander';
import { readLines } from '../batch/lines.js';
import { DEFAULT_PROFILE, mask, profilesPath, readLocal, readProfiles, serverAddress, writeProfile, type StoredProfile } from '../credentials.js';
import { CliError, EXIT, UsageError } from '../errors.js';
import { outputOptions, type App, type OutputFlags } from '../kit.js';
import { renderTable } from '../ui/table.js';

interface LoginFlags extends OutputFlags {
  baseUrl?: string;
  token?: string;
  apiKey?: string;
  adminToken?: string;
  profile?: string;
  withToken?: boolean;
  fromLocal?: boolean;
  verify: boolean;
  status?: boolean;
}

export function register(program: Command, app: App): void {
  outputOptions(
    program
      .command('login')
      .description('save the server address and credentials to a profile')
      .option('--with-token', 'read the bearer token from stdin (first line)')
      .option('--from-local', 'copy ./.vcase/credentials.json (and ./.vcase/admin-token) of a local server')
      .option('--no-verify', 'save without checking the credentials against the server')
      .option('--status', 'show the credentials in use and where each comes from (secrets masked)'),
  )
    .addHelpText(
      'after',
      `
Values come from --base-url, --token, --api-key, --admin-token (global flags), --with-token,
--from-local, and, on a terminal, prompts; values not given keep what the profile had.
The profile file is $XDG_CONFIG_HOME/vcase/credentials.json (else ~/.config/vcase/), mode 0600.

Examples:
  $ vcase login                                   # asks for the address and the token
  $ vcase login --from-local                      # next to a server started with \`npm start\`
  $ echo "$TOKEN" | vcase login --base-url https://vcase.example --with-token --profile prod
  $ vcase login --status`,
    )
    .action(
      app.action<LoginFlags>(async (s, _a, o) => {
        const name = o.profile ?? s.ctx.env.VCASE_PROFILE ?? DEFAULT_PROFILE;
        if (o.status) {
          const { credentials, sources } = await s.credentials();
          const rows = (['baseURL', 'token', 'apiKey', 'adminToken'] as const).map((f) => ({
            field: f,
            source: sources[f] ?? null,
            value: f === 'baseURL' ? (credentials[f] ?? null) : credentials[f] ? mask(credentials[f]) : null,
          }));
          if (o.json) return void (await s.json({ profile: name, file: profilesPath(s.ctx), credentials: rows }));
          await s.out(renderTable(s.style, [{ header: 'Credential' }, { header: 'Source' }, { header: 'Value', shrink: true }], rows.map((r) => [r.field, r.source, r.value])));
          if (s.style.tty) await s.out(`profile ${name} · ${profilesPath(s.ctx)}\n`);
          return;
        }

        const existing = (await readProfiles(s.ctx)).profiles[name] ?? {};
        const profile: StoredProfile = { ...existing };
        if (o.fromLocal) {
          const local = await readLocal(s.ctx.cwd);
          if (!local.base_url) throw new UsageError('./.vcase/credentials.json not found or incomplete', 'hint: run this next to a server started with `npm start`');
          Object.assign(profile, local);
        }
        if (o.baseUrl) profile.base_url = o.baseUrl;
        if (o.token) profile.token = o.token;
        if (o.apiKey) profile.api_key = o.apiKey;
        if (o.adminToken) profile.admin_token = o.adminToken;
        if (o.withToken) {
          for await (const line of readLines(s.ctx.stdin)) {
            if (line.trim()) {
              profile.token = line.trim();
              break;
            }
          }
          if (!profile.token) throw new UsageError('--with-token: no token on stdin');
        }
        const explicit = o.fromLocal || o.baseUrl || o.token || o.apiKey || o.adminToken || o.withToken;
        if (!profile.base_url || (!explicit && s.interactive)) {
          profile.base_url = await s.required(undefined, '--base-url', () => s.ctx.prompter.input('Server address', { default: profile.base_url ?? 'http://127.0.0.1:3000', required: true }));
        }
        if (!profile.token && !profile.api_key) {
          profile.token = await s.required(undefined, '--token (or --with-token)', () => s.ctx.prompter.password('Bearer token'));
        }

        serverAddress(profile.base_url, 'the server address');
        if (o.verify) {
          const client = await s.ctx.createClient({ baseURL: profile.base_url, token: profile.token ?? '', apiKey: profile.api_key ?? '', adminToken: profile.admin_token ?? '', maxRetries: 0 });
          try {
            await client.health({ signal: s.signal });
            if (profile.token) await client.cases.list({ limit: 1 }, { signal: s.signal });
          } catch (error) {
            const n = (error as Error).name;
            if (n === 'AuthenticationError' || n === 'PermissionDeniedError') throw new CliError(`the server refused the token: ${(error as Error).message}`, EXIT.AUTH, 'nothing saved');
            throw new CliError(`cannot reach ${profile.base_url}: ${(error as Error).message}`, EXIT.FAILURE, 'nothing saved; --no-verify saves anyway');
          }
        }
        const file = await writeProfile(s.ctx, name, profile);
        if (o.json) return void (await s.json({ profile: name, file, base_url: profile.base_url }));
        await s.err(`Saved profile "${name}" (${profile.base_url}) to ${file}\n`);
      }),
    );
}
