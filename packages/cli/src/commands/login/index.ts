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
          // Each credential saved is tried on its own, with a read it alone may make.
          const only = (c: { token?: string; apiKey?: string; adminToken?: string }) =>
            s.ctx.createClient({ baseURL: profile.base_url!, token: c.token ?? '', apiKey: c.apiKey ?? '', adminToken: c.adminToken ?? '', maxRetries: 0 });
          const checks: [string, () => Promise<unknown>][] = [];
          if (profile.token) checks.push(['token', async () => (await only({ token: profile.token })).cases.list({ limit: 1 }, { signal: s.signal })]);
          // The document list takes a bearer token only; a document read takes the key: an
          // unknown document's 404 says the key was accepted.
          if (profile.api_key) {
            checks.push(['API key', async () => (await only({ apiKey: profile.api_key })).documents.get(NO_DOCUMENT, { signal: s.signal }).catch(notFoundIsFine)]);
          }
          if (profile.admin_token) checks.push(['admin token', async () => (await only({ adminToken: profile.admin_token })).admin.fixtures.list({ signal: s.signal })]);
          let checking = 'server';
          try {
            await (await only({})).health({ signal: s.signal });
            for (const [what, check] of checks) {
              checking = what;
              await check();
            }
          } catch (error) {
            const n = (error as Error).name;
            // The server's answer (Spanish) on a line of its own, not inside this sentence.
            const answer = `${n === 'APIConnectionError' || n === 'APIConnectionTimeoutError' ? 'error' : 'server'}: ${(error as Error).message}`;
            if (n === 'AuthenticationError' || n === 'PermissionDeniedError') throw new CliError(`the server refused the ${checking}\n${answer}`, EXIT.AUTH, 'nothing saved');
            throw new CliError(`cannot reach ${profile.base_url}\n${answer}`, EXIT.FAILURE, 'nothing saved; --no-verify saves anyway');
          }
        }
        const file = await writeProfile(s.ctx, name, profile);
        if (o.json) return void (await s.json({ profile: name, file, base_url: profile.base_url }));
        await s.err(`Saved profile "${name}" (${profile.base_url}) to ${file}\n`);
      }),
    );
}

/** A document id no server holds: reading it tries an API key without touching anything. */
const NO_DOCUMENT = '00000000-0000-4000-8000-000000000000';
const notFoundIsFine = (error: unknown) => {
  if ((error as Error).name !== 'NotFoundError') throw error;
};
