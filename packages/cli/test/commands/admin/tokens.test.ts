import { describe, expect, it } from 'vitest';
import * as createToken from '../../../src/commands/admin/tokens/create.js';
import * as listTokens from '../../../src/commands/admin/tokens/list.js';
import * as revokeAll from '../../../src/commands/admin/tokens/revokeAll.js';
import * as revokeToken from '../../../src/commands/admin/tokens/revoke.js';
import { EXIT } from '../../../src/errors.js';
import { runCli } from '../../helpers/harness.js';
import { flagTable } from '../../helpers/tables.js';

const admin = (...args: string[]) => ['--admin-token', 'adm', 'admin', ...args];
const TOKEN_ID = '0190a1b2-c3d4-4e5f-8a6b-7c8d9e0f1a2b';
const USER_ID = '0190a1b2-c3d4-4e5f-8a6b-000000000001';

describe('admin tokens: flags', () => {
  flagTable('admin tokens create', createToken.register, [
    { name: 'a user, default lifetime', args: [USER_ID], opts: { user: USER_ID, ttl: undefined } },
    { name: '--ttl in seconds', args: [USER_ID, '--ttl', '3600', '--json'], opts: { ttl: 3600, json: true } },
    { name: 'the user is required', args: [], error: "missing required argument 'user'" },
  ]);
  flagTable('admin tokens list', listTokens.register, [
    { name: 'a user', args: [USER_ID, '--ndjson'], opts: { user: USER_ID, ndjson: true } },
  ]);
  flagTable('admin tokens revoke', revokeToken.register, [
    // The argument stands over the global --token (a bearer token) in what the run gets.
    { name: 'a token id, even beside a bearer --token', args: [TOKEN_ID, '--token', 'bearer', '-y'], opts: { token: TOKEN_ID, yes: true } },
  ]);
  flagTable('admin tokens revoke-all', revokeAll.register, [{ name: 'a user', args: [USER_ID], opts: { user: USER_ID, yes: undefined } }]);
});

describe('admin tokens: list and revoke', () => {
  it('lists a user’s tokens by id', async () => {
    const row = { token_id: TOKEN_ID, created_at: '2026-03-01T10:00:00.000Z', expires_at: '2026-03-02T10:00:00.000Z', revoked_at: null };
    const r = await runCli(admin('tokens', 'list', USER_ID, '--json'), {
      routes: { [`GET /admin/users/${USER_ID}/tokens`]: { body: { data: [row] } } },
    });
    expect(r.code, r.stderr).toBe(EXIT.OK);
    expect(JSON.parse(r.stdout)).toEqual({ data: [row] });
    const table = await runCli(admin('tokens', 'list', USER_ID), {
      routes: { [`GET /admin/users/${USER_ID}/tokens`]: { body: { data: [row] } } },
    });
    expect(table.stdout).toContain(TOKEN_ID);
  });

  it('revokes one token, and every token of a user, with --yes; without it and without a terminal, nothing is sent', async () => {
    const one = await runCli(admin('tokens', 'revoke', TOKEN_ID, '--yes', '--json'), {
      routes: { [`DELETE /admin/tokens/${TOKEN_ID}`]: { status: 204 } },
    });
    expect(one.code, one.stderr).toBe(EXIT.OK);
    expect(JSON.parse(one.stdout)).toEqual({ token_id: TOKEN_ID, revoked: true });
    const all = await runCli(admin('tokens', 'revoke-all', USER_ID, '--yes', '--json'), {
      routes: { [`DELETE /admin/users/${USER_ID}/tokens`]: { status: 204 } },
    });
    expect(all.code, all.stderr).toBe(EXIT.OK);
    expect(all.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`DELETE /admin/users/${USER_ID}/tokens`]);
    const unconfirmed = await runCli(admin('tokens', 'revoke', TOKEN_ID));
    expect(unconfirmed.code).not.toBe(EXIT.OK);
    expect(unconfirmed.requests).toEqual([]);
  });
});
