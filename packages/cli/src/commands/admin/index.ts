import type { Command } from 'commander';
import type { App } from '../../kit.js';
import * as createApiKey from './apiKeys/create.js';
import * as revokeApiKey from './apiKeys/revoke.js';
import * as createCompany from './companies/create.js';
import * as deliveries from './deliveries.js';
import * as clearFixtures from './fixtures/clear.js';
import * as listFixtures from './fixtures/list.js';
import * as setFixture from './fixtures/set.js';
import * as jobs from './jobs.js';
import * as createToken from './tokens/create.js';
import * as listTokens from './tokens/list.js';
import * as revokeAllTokens from './tokens/revokeAll.js';
import * as revokeToken from './tokens/revoke.js';
import * as createUser from './users/create.js';
import * as deleteWebhook from './webhooks/delete.js';
import * as redeliver from './webhooks/redeliver.js';
import * as rotateSecret from './webhooks/rotateSecret.js';
import * as setWebhook from './webhooks/set.js';

/** `vcase admin`: the operator API, one subcommand per file, in help order. */
export function register(program: Command, app: App): void {
  const admin = program
    .command('admin')
    .description('operator API (admin token: --admin-token, VCASE_ADMIN_TOKEN, a profile, or ./.vcase/admin-token)');
  const group = (name: string, description: string, subcommands: { register(parent: Command, app: App): unknown }[]) => {
    const parent = admin.command(name).description(description);
    for (const sub of subcommands) sub.register(parent, app);
  };
  group('companies', 'companies (tenants)', [createCompany]);
  group('users', 'users of a company', [createUser]);
  group('tokens', 'bearer tokens', [createToken, listTokens, revokeToken, revokeAllTokens]);
  group('api-keys', 'API keys of a company', [createApiKey, revokeApiKey]);
  group('webhooks', 'webhook registrations', [setWebhook, deleteWebhook, rotateSecret, redeliver]);
  deliveries.register(admin, app);
  group('fixtures', 'sandbox fixtures: what a sandbox source answers for a key', [setFixture, listFixtures, clearFixtures]);
  jobs.register(admin, app);
}
