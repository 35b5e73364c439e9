import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Context } from '../src/context.js';
import { profilesPath, resolveCredentials, writeProfile } from '../src/credentials.js';
import { describeError, EXIT, exitCodeFor } from '../src/errors.js';
import { emptyDir, runCli } from './helpers/harness.js';

function setup(opts: {
  env?: Record<string, string>;
  profiles?: Record<string, Record<string, string>>;
  local?: Record<string, string>;
  adminFile?: string;
}) {
  const dir = emptyDir();
  const env = { XDG_CONFIG_HOME: path.join(dir, 'xdg'), ...opts.env };
  if (opts.profiles) {
    fs.mkdirSync(path.join(dir, 'xdg', 'vcase'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'xdg', 'vcase', 'credentials.json'), JSON.stringify({ profiles: opts.profiles }));
  }
  if (opts.local || opts.adminFile) fs.mkdirSync(path.join(dir, '.vcase'));
  if (opts.local) fs.writeFileSync(path.join(dir, '.vcase', 'credentials.json'), JSON.stringify(opts.local));
  if (opts.adminFile) fs.writeFileSync(path.join(dir, '.vcase', 'admin-token'), opts.adminFile + '\n');
  return { env, cwd: dir, homedir: dir } as unknown as Context;
}

const local = { base_url: 'http://local', token: 'local-token', api_key: 'local-key' };

describe('credentials: flags, then env, then the profile, then ./.vcase', () => {
  it.each([
    [
      'only the local server files',
      {},
      { local, adminFile: 'local-admin' },
      { baseURL: 'http://local', token: 'local-token', apiKey: 'local-key', adminToken: 'local-admin' },
      'local',
    ],
    [
      'the default profile beats the local files',
      {},
      { local, profiles: { default: { base_url: 'http://profile', token: 'p-token' } } },
      { baseURL: 'http://profile', token: 'p-token', apiKey: 'local-key' },
      'profile:default',
    ],
    [
      'env beats the profile',
      {},
      { env: { VCASE_TOKEN: 'env-token' }, profiles: { default: { base_url: 'http://profile', token: 'p-token' } } },
      { baseURL: 'http://profile', token: 'env-token' },
      'env',
    ],
    ['flags beat env', { token: 'flag-token' }, { env: { VCASE_TOKEN: 'env-token' } }, { token: 'flag-token' }, 'flag'],
    [
      '--profile picks a named profile',
      { profile: 'prod' },
      { profiles: { default: { token: 'd' }, prod: { base_url: 'http://prod', token: 'prod-token' } } },
      { baseURL: 'http://prod', token: 'prod-token' },
      'profile:prod',
    ],
    [
      'VCASE_PROFILE picks a named profile',
      {},
      { env: { VCASE_PROFILE: 'prod' }, profiles: { prod: { token: 'prod-token' } } },
      { token: 'prod-token' },
      'profile:prod',
    ],
    ['blank values are skipped', { token: ' ' }, { env: { VCASE_TOKEN: '' }, local }, { token: 'local-token' }, 'local'],
  ])('%s', async (_n, flags, where, expected, tokenSource) => {
    const r = await resolveCredentials(setup(where as never), flags);
    expect(r.credentials).toMatchObject(expected);
    if ('token' in expected) expect(r.sources.token).toBe(tokenSource);
  });

  it('an unknown --profile is a usage error that names the known ones', async () => {
    await expect(resolveCredentials(setup({ profiles: { default: {}, staging: {} } }), { profile: 'prod' })).rejects.toMatchObject({
      exitCode: EXIT.USAGE,
      hint: 'known profiles: default, staging',
    });
  });

  it('a broken profile file: flags and env still work, with a warning; a profile asked for by name is an error', async () => {
    const dir = emptyDir();
    fs.mkdirSync(path.join(dir, 'xdg', 'vcase'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'xdg', 'vcase', 'credentials.json'), '{bad');
    const routes = { 'GET /v1/cases': { body: { data: [], pagination: { limit: 20, offset: 0, total: 0, has_more: false } } } };
    const ok = await runCli(['--base-url', 'http://x', '--token', 't', 'cases', 'list'], {
      cwd: dir,
      routes,
      env: { VCASE_BASE_URL: undefined, VCASE_TOKEN: undefined },
    });
    expect(ok.code).toBe(0);
    expect(ok.stderr).toContain('credentials.json is not valid JSON; saved profiles are ignored');
    expect(ok.requests).toHaveLength(1);
    const named = await runCli(['--profile', 'prod', 'cases', 'list'], { cwd: dir, routes });
    expect(named.code).toBe(EXIT.USAGE);
    expect(named.stderr).toContain('credentials.json is not valid JSON');
    expect(named.requests).toHaveLength(0);
  });

  it('profiles are written with mode 0600 and merged', async () => {
    const ctx = setup({});
    await writeProfile(ctx, 'default', { base_url: 'http://a', token: 't' });
    await writeProfile(ctx, 'prod', { base_url: 'http://b', token: '' });
    const file = profilesPath(ctx);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({
      profiles: { default: { base_url: 'http://a', token: 't' }, prod: { base_url: 'http://b' } },
    });
  });
});

describe('exit codes', () => {
  const named = (name: string, extra: object = {}) => Object.assign(new Error('x'), { name, ...extra });
  it.each([
    ['AuthenticationError', EXIT.AUTH],
    ['PermissionDeniedError', EXIT.AUTH],
    ['MissingCredentialError', EXIT.AUTH],
    ['NotFoundError', EXIT.NOT_FOUND],
    ['WaitTimeoutError', EXIT.LOOKUP],
    ['LookupNotStartedError', EXIT.LOOKUP],
    ['RequestValidationError', EXIT.USAGE],
    ['APIUserAbortError', EXIT.INTERRUPTED],
    ['BadRequestError', EXIT.FAILURE],
    ['InternalServerError', EXIT.FAILURE],
    ['TypeError', EXIT.FAILURE],
  ])('%s → %i', (name, code) => {
    expect(exitCodeFor(named(name))).toBe(code);
  });

  it('an API error reads with its code, status and request id', () => {
    expect(
      describeError(named('BadRequestError', { message: 'Falta case_id', code: 'MISSING_PARAMETER', status: 400, requestId: 'r-1' })),
    ).toBe('Falta case_id (MISSING_PARAMETER, HTTP 400)\nrequest id: r-1');
  });
});
