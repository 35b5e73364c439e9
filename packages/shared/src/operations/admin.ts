import {
  apiKeySchema,
  companySchema,
  createApiKeyBodySchema,
  createCompanyBodySchema,
  createTokenBodySchema,
  createUserBodySchema,
  sandboxFixtureSchema,
  sandboxFixturesResponseSchema,
  sandboxOutcomeSchema,
  tokenSchema,
  userSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookRegistrationBodySchema,
  webhookRegistrationSchema,
} from '../admin.js';
import { ADMIN_SECURITY_OPERATIONS } from '../adminSecurity.js';
import { jobsSummarySchema } from '../jobsSummary.js';
import { defineOperations } from '../operationSpec.js';

/** Administration (operator-surface §2): companies, credentials, webhooks, the queue, sandbox fixtures. */
export const ADMIN_OPERATIONS = defineOperations({
  createCompany: {
    method: 'POST', path: '/admin/companies', auth: 'admin', group: 'admin',
    summary: 'Create a company',
    body: createCompanyBodySchema, response: companySchema, successStatus: 201, idempotent: true,
  },
  createUser: {
    method: 'POST', path: '/admin/companies/{company_id}/users', auth: 'admin', group: 'admin',
    summary: 'Create a user of a company',
    body: createUserBodySchema, response: userSchema, successStatus: 201, idempotent: true,
  },
  createToken: {
    method: 'POST', path: '/admin/users/{user_id}/tokens', auth: 'admin', group: 'admin',
    summary: 'Issue a bearer token for a user',
    body: createTokenBodySchema, response: tokenSchema, successStatus: 201, answersSecret: true,
  },
  createApiKey: {
    method: 'POST', path: '/admin/companies/{company_id}/api-keys', auth: 'admin', group: 'admin',
    summary: 'Issue an API key for a company',
    body: createApiKeyBodySchema, response: apiKeySchema, successStatus: 201, answersSecret: true,
  },
  revokeApiKey: {
    method: 'DELETE', path: '/admin/api-keys/{key_id}', auth: 'admin', group: 'admin',
    summary: 'Revoke an API key at once',
    response: null, successStatus: 204,
  },
  putWebhook: {
    method: 'PUT', path: '/admin/companies/{company_id}/webhooks/{event}', auth: 'admin', group: 'admin',
    summary: 'Register or replace the webhook of an event',
    body: webhookRegistrationBodySchema, response: webhookRegistrationSchema, successStatus: 200,
  },
  deleteWebhook: {
    method: 'DELETE', path: '/admin/companies/{company_id}/webhooks/{event}', auth: 'admin', group: 'admin',
    summary: 'Remove the webhook of an event',
    response: null, successStatus: 204,
  },
  listWebhookDeliveries: {
    method: 'GET', path: '/admin/companies/{company_id}/webhook-deliveries', auth: 'admin', group: 'admin',
    summary: 'Webhook delivery attempts, newest first',
    query: webhookDeliveriesQuerySchema, response: webhookDeliveriesResponseSchema, successStatus: 200,
  },
  getJobsSummary: {
    method: 'GET', path: '/admin/jobs/summary', auth: 'admin', group: 'admin',
    summary: 'Queue health: unfinished jobs by kind and state, the oldest waiting job, failing jobs',
    response: jobsSummarySchema, successStatus: 200,
  },
  putSandboxFixture: {
    method: 'PUT', path: '/admin/sandbox/fixtures/{source}/{key}', auth: 'admin', group: 'admin',
    summary: 'Store the sandbox outcome of a (source, key) lookup',
    body: sandboxOutcomeSchema, bodyRequired: true, response: sandboxFixtureSchema, successStatus: 200,
  },
  listSandboxFixtures: {
    method: 'GET', path: '/admin/sandbox/fixtures', auth: 'admin', group: 'admin',
    summary: 'Stored sandbox fixtures',
    response: sandboxFixturesResponseSchema, successStatus: 200,
  },
  clearSandboxFixtures: {
    method: 'DELETE', path: '/admin/sandbox/fixtures', auth: 'admin', group: 'admin',
    summary: 'Remove every sandbox fixture',
    response: null, successStatus: 204,
  },
  ...ADMIN_SECURITY_OPERATIONS,
});
