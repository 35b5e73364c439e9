import fs from 'node:fs/promises';
import path from 'node:path';
import { write, type Context } from './context.js';
import { UsageError } from './errors.js';

/** What a command may need to reach the server. */
export interface Credentials {
  baseURL?: string;
  token?: string;
  apiKey?: string;
  adminToken?: string;
}
export type CredentialField = keyof Credentials;

/** Where each value came from, for `vcase login --status` and error hints. */
export type Source = 'flag' | 'env' | `profile:${string}` | 'local';

export interface Resolved {
  credentials: Credentials;
  sources: Partial<Record<CredentialField, Source>>;
  profile: string;
}

/** A profile as stored by `vcase login` (snake_case, like `.vcase/credentials.json`). */
export interface StoredProfile {
  base_url?: string;
  token?: string;
  api_key?: string;
  admin_token?: string;
}

export interface ProfilesFile {
  profiles: Record<string, StoredProfile>;
}

export const DEFAULT_PROFILE = 'default';

const ENV: Record<CredentialField, string> = {
  baseURL: 'VCASE_BASE_URL',
  token: 'VCASE_TOKEN',
  apiKey: 'VCASE_API_KEY',
  adminToken: 'VCASE_ADMIN_TOKEN',
};
const STORED: Record<CredentialField, keyof StoredProfile> = {
  baseURL: 'base_url',
  token: 'token',
  apiKey: 'api_key',
  adminToken: 'admin_token',
};
const FIELDS = Object.keys(ENV) as CredentialField[];

/** `$XDG_CONFIG_HOME/vcase/credentials.json`, else `~/.config/vcase/credentials.json`. */
export function profilesPath(ctx: Pick<Context, 'env' | 'homedir'>): string {
  const base = nonEmpty(ctx.env.XDG_CONFIG_HOME) ?? path.join(ctx.homedir, '.config');
  return path.join(base, 'vcase', 'credentials.json');
}

export async function readProfiles(ctx: Pick<Context, 'env' | 'homedir'>): Promise<ProfilesFile> {
  const text = await readOptional(profilesPath(ctx));
  if (text === undefined) return { profiles: {} };
  try {
    const parsed = JSON.parse(text) as Partial<ProfilesFile>;
    return { profiles: parsed.profiles && typeof parsed.profiles === 'object' ? parsed.profiles : {} };
  } catch {
    throw new UsageError(`${profilesPath(ctx)} is not valid JSON`, 'hint: fix or remove it, then run `vcase login` again');
  }
}

/** Saves one profile (file mode 0600: it holds secrets). */
export async function writeProfile(ctx: Pick<Context, 'env' | 'homedir'>, name: string, profile: StoredProfile): Promise<string> {
  const file = profilesPath(ctx);
  const all = await readProfiles(ctx);
  all.profiles[name] = Object.fromEntries(Object.entries(profile).filter(([, v]) => v)) as StoredProfile;
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await fs.writeFile(file, JSON.stringify(all, null, 2) + '\n', { mode: 0o600 });
  await fs.chmod(file, 0o600);
  return file;
}

/**
 * Each value from the first place that has it: flags, then environment
 * (VCASE_BASE_URL, VCASE_TOKEN, VCASE_API_KEY, VCASE_ADMIN_TOKEN), then the profile file
 * written by `vcase login` (`--profile`, else VCASE_PROFILE, else `default`), then
 * `./.vcase/credentials.json` of a local server (and `./.vcase/admin-token`).
 */
export async function resolveCredentials(ctx: Context, flags: Credentials & { profile?: string }): Promise<Resolved> {
  const credentials: Credentials = {};
  const sources: Resolved['sources'] = {};
  const take = (field: CredentialField, value: string | undefined, source: Source) => {
    const v = nonEmpty(value);
    if (v !== undefined && credentials[field] === undefined) {
      credentials[field] = v;
      sources[field] = source;
    }
  };
  for (const f of FIELDS) take(f, flags[f], 'flag');
  for (const f of FIELDS) take(f, ctx.env[ENV[f]], 'env');

  const explicit = nonEmpty(flags.profile) ?? nonEmpty(ctx.env.VCASE_PROFILE);
  const profileName = explicit ?? DEFAULT_PROFILE;
  const { profiles } = await readProfiles(ctx).catch(async (error: unknown) => {
    // A broken profile file fails the run only when a profile was asked for by name: flags
    // and the environment (a cron job, CI) still work, with a warning.
    if (explicit) throw error;
    await write(ctx.stderr, `vcase: warning: ${(error as Error).message}; saved profiles are ignored (fix or remove it)\n`);
    return { profiles: {} as ProfilesFile['profiles'] };
  });
  const profile = profiles[profileName];
  if (explicit && !profile) {
    const known = Object.keys(profiles);
    throw new UsageError(
      `profile "${profileName}" not found in ${profilesPath(ctx)}`,
      known.length ? `known profiles: ${known.join(', ')}` : 'hint: create it with `vcase login --profile ' + profileName + '`',
    );
  }
  if (profile) for (const f of FIELDS) take(f, profile[STORED[f]], `profile:${profileName}`);

  if (FIELDS.some((f) => credentials[f] === undefined)) {
    const local = await readLocal(ctx.cwd);
    for (const f of FIELDS) take(f, local[STORED[f]], 'local');
  }
  return { credentials, sources, profile: profileName };
}

/** `./.vcase/credentials.json` (base_url, token, api_key) and `./.vcase/admin-token`, written by a local server. */
export async function readLocal(cwd: string): Promise<StoredProfile> {
  const dir = path.join(cwd, '.vcase');
  const out: StoredProfile = {};
  const text = await readOptional(path.join(dir, 'credentials.json'));
  if (text !== undefined) {
    try {
      const c = JSON.parse(text) as Record<string, unknown>;
      for (const key of ['base_url', 'token', 'api_key'] as const) if (typeof c[key] === 'string') out[key] = c[key];
    } catch {
      // a half-written file from a server starting up: ignore it
    }
  }
  const admin = (await readOptional(path.join(dir, 'admin-token')))?.trim();
  if (admin) out.admin_token = admin;
  return out;
}

/** `abcd…wxyz` for display. */
export function mask(secret: string | undefined): string {
  if (!secret) return '';
  return secret.length <= 10 ? '•'.repeat(secret.length) : `${secret.slice(0, 4)}…${secret.slice(-4)}`;
}

export const ENV_NAMES = ENV;

async function readOptional(file: string): Promise<string | undefined> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw error;
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}

/** A server address as given: an http(s) URL, or a usage error naming where it came from. */
export function serverAddress(value: string, source: string): string {
  const protocol = URL.canParse(value) ? new URL(value).protocol : null;
  if (protocol !== 'http:' && protocol !== 'https:') {
    const example = `http://${value.replace(/^[a-z]+:\/\//i, '') || '127.0.0.1:3000'}`;
    throw new UsageError(`${source} must be an http(s) URL, got "${value}"`, `hint: e.g. ${example}`);
  }
  return value;
}
