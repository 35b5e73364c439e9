import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { register } from '../../src/commands/login/index.js';
import { EXIT } from '../../src/errors.js';
import { emptyDir, runCli } from '../helpers/harness.js';
import { flagTable } from '../helpers/tables.js';

describe('login: flags', () => {
  flagTable('login', register, [
    { name: 'checked against the server by default', args: [], opts: { verify: true, status: undefined } },
    { name: '--no-verify', args: ['--no-verify', '--from-local'], opts: { verify: false, fromLocal: true } },
    {
      name: 'the global credential flags reach the run',
      args: ['--base-url', 'http://x', '--token', 't', '--profile', 'prod', '--with-token'],
      opts: { baseUrl: 'http://x', token: 't', profile: 'prod', withToken: true },
    },
    { name: '--status', args: ['--status', '--json'], opts: { status: true, json: true } },
  ]);
});

describe('login', () => {
  it('--from-local saves the local server credentials to the profile; --status shows where each value comes from', async () => {
    const dir = emptyDir();
    fs.mkdirSync(path.join(dir, '.vcase'));
    fs.writeFileSync(
      path.join(dir, '.vcase', 'credentials.json'),
      JSON.stringify({ base_url: 'http://127.0.0.1:3000', token: 'tok-123456789012', api_key: 'key-123456789012' }),
    );
    const saved = await runCli(['login', '--from-local', '--no-verify', '--profile', 'dev'], {
      cwd: dir,
      env: { VCASE_BASE_URL: undefined, VCASE_TOKEN: undefined, VCASE_API_KEY: undefined },
    });
    expect(saved.code).toBe(0);
    expect(saved.stderr).toContain('Saved profile "dev"');
    fs.rmSync(path.join(dir, '.vcase'), { recursive: true });

    const status = await runCli(['login', '--status', '--profile', 'dev', '--json'], {
      cwd: dir,
      env: { VCASE_BASE_URL: undefined, VCASE_TOKEN: undefined, VCASE_API_KEY: 'from-env' },
    });
    const body = JSON.parse(status.stdout);
    expect(body.credentials).toEqual([
      { field: 'baseURL', source: 'profile:dev', value: 'http://127.0.0.1:3000' },
      { field: 'token', source: 'profile:dev', value: 'tok-…9012' },
      { field: 'apiKey', source: 'env', value: '••••••••' },
      { field: 'adminToken', source: null, value: null },
    ]);
  });

  it('verifies the token before saving: a refused token saves nothing (exit 3)', async () => {
    const dir = emptyDir();
    const r = await runCli(['login', '--base-url', 'http://x', '--token', 'bad'], {
      cwd: dir,
      routes: {
        'GET /health': { body: { status: 'ok' } },
        'GET /v1/cases': { status: 401, body: { error: { code: null, message: 'Token inválido' } } },
      },
    });
    expect(r.code).toBe(EXIT.AUTH);
    expect(fs.existsSync(path.join(dir, 'xdg', 'vcase', 'credentials.json'))).toBe(false);
  });

  it('verifies each credential it saves on its own: a refused API key or admin token saves nothing (exit 3)', async () => {
    const page = { body: { data: [], pagination: { limit: 1, offset: 0, total: 0, has_more: false } } };
    const refused = { status: 401, body: { error: { code: null, message: 'API key inválida o revocada' } } };
    const dir = emptyDir();
    const key = await runCli(['login', '--base-url', 'http://x', '--token', 'good', '--api-key', 'bad'], {
      cwd: dir,
      routes: {
        'GET /health': { body: { status: 'ok' } },
        'GET /v1/cases': page,
        'GET /v1/documents/00000000-0000-4000-8000-000000000000': refused,
      },
    });
    expect([key.code, key.stderr]).toEqual([EXIT.AUTH, expect.any(String)]);
    expect(key.stderr).toContain('the server refused the API key\nserver: API key inválida o revocada');
    expect(key.requests.find((q) => q.path.startsWith('/v1/documents/'))!.headers['x-api-key']).toBe('bad');
    expect(key.requests.find((q) => q.path.startsWith('/v1/documents/'))!.headers.authorization).toBeUndefined();
    expect(fs.existsSync(path.join(dir, 'xdg', 'vcase', 'credentials.json'))).toBe(false);

    const admin = await runCli(['login', '--base-url', 'http://x', '--token', 'good', '--admin-token', 'bad'], {
      cwd: dir,
      routes: {
        'GET /health': { body: { status: 'ok' } },
        'GET /v1/cases': page,
        'GET /admin/sandbox/fixtures': { status: 401, body: { error: { code: null, message: 'Se requiere el token de administración' } } },
      },
    });
    expect(admin.code).toBe(EXIT.AUTH);
    expect(admin.stderr).toContain('the server refused the admin token');
    expect(fs.existsSync(path.join(dir, 'xdg', 'vcase', 'credentials.json'))).toBe(false);

    // An accepted key reads an unknown document as 404: saved.
    const good = await runCli(['login', '--base-url', 'http://x', '--api-key', 'good', '--admin-token', 'adm'], {
      cwd: dir,
      routes: { 'GET /health': { body: { status: 'ok' } }, 'GET /admin/sandbox/fixtures': { body: { fixtures: [] } } },
    });
    expect(good.code).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'xdg', 'vcase', 'credentials.json'), 'utf8')).profiles.default).toEqual({
      base_url: 'http://x',
      api_key: 'good',
      admin_token: 'adm',
    });
  });

  it('--with-token reads the token from stdin', async () => {
    const dir = emptyDir();
    const r = await runCli(['login', '--base-url', 'http://x', '--with-token'], {
      cwd: dir,
      stdin: 'tok-from-stdin\n',
      routes: {
        'GET /health': { body: { status: 'ok' } },
        'GET /v1/cases': { body: { data: [], pagination: { limit: 1, offset: 0, total: 0, has_more: false } } },
      },
    });
    expect(r.code).toBe(0);
    expect(r.requests[1]!.headers.authorization).toBe('Bearer tok-from-stdin');
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'xdg', 'vcase', 'credentials.json'), 'utf8')).profiles.default).toEqual({
      base_url: 'http://x',
      token: 'tok-from-stdin',
    });
  });
});
