import type {
  ApiKey,
  Company,
  CreateCompanyBody,
  CreateUserBody,
  SandboxOutcome,
  SandboxSource,
  Token,
  User,
  WebhookEvent,
  WebhookRegistration,
  WebhookRegistrationBody,
  createApiKeyBodySchema,
  createTokenBodySchema,
  webhookDeliveriesQuerySchema,
} from '@vcase/shared';
import type * as z from 'zod';
import type { RequestOptions, ResponseOf } from '../core/transport.js';
import { Jobs } from './jobs.js';
import { APIResource, type ClientContext } from './resource.js';

export type CreateTokenParams = z.input<typeof createTokenBodySchema>;
export type CreateApiKeyParams = z.input<typeof createApiKeyBodySchema>;
export type WebhookDeliveriesQuery = z.input<typeof webhookDeliveriesQuerySchema>;
export type WebhookDeliveriesResponse = ResponseOf<'listWebhookDeliveries'>;
export type SandboxFixture = ResponseOf<'putSandboxFixture'>;
export type SandboxFixturesResponse = ResponseOf<'listSandboxFixtures'>;

export class Companies extends APIResource {
  /** `status_catalog` defaults to `["processing","nuevo"]`. */
  create(body: CreateCompanyBody, options?: RequestOptions): Promise<Company> {
    return this._request('createCompany', { body }, options);
  }
}

export class Users extends APIResource {
  /** `pid` omitted: generated; `pid: null`: a user without a profile pid. */
  create(companyId: string, body: CreateUserBody = {}, options?: RequestOptions): Promise<User> {
    return this._request('createUser', { params: { company_id: companyId }, body }, options);
  }
}

export class Tokens extends APIResource {
  /** A bearer token for the user; `ttl_seconds` defaults to 86400. */
  create(userId: string, body: CreateTokenParams = {}, options?: RequestOptions): Promise<Token> {
    return this._request('createToken', { params: { user_id: userId }, body }, options);
  }
}

export class ApiKeys extends APIResource {
  create(companyId: string, body: CreateApiKeyParams = {}, options?: RequestOptions): Promise<ApiKey> {
    return this._request('createApiKey', { params: { company_id: companyId }, body }, options);
  }

  /** The key stops working at once. */
  revoke(keyId: string, options?: RequestOptions): Promise<void> {
    return this._request('revokeApiKey', { params: { key_id: keyId } }, options);
  }
}

export class Webhooks extends APIResource {
  /** Registers (or replaces) the company's webhook for `event`. */
  set(companyId: string, event: WebhookEvent, body: WebhookRegistrationBody, options?: RequestOptions): Promise<WebhookRegistration> {
    return this._request('putWebhook', { params: { company_id: companyId, event }, body }, options);
  }

  delete(companyId: string, event: WebhookEvent, options?: RequestOptions): Promise<void> {
    return this._request('deleteWebhook', { params: { company_id: companyId, event } }, options);
  }
}

export class Deliveries extends APIResource {
  /** Webhook delivery attempts, newest first. */
  list(companyId: string, query: WebhookDeliveriesQuery = {}, options?: RequestOptions): Promise<WebhookDeliveriesResponse> {
    return this._request('listWebhookDeliveries', { params: { company_id: companyId }, query }, options);
  }
}

export class SandboxFixtures extends APIResource {
  /** Stores the outcome the sandbox answers for `(source, key)`; see operator-surface §3 for keys. */
  set(source: SandboxSource, key: string, outcome: SandboxOutcome, options?: RequestOptions): Promise<SandboxFixture> {
    return this._request('putSandboxFixture', { params: { source, key }, body: outcome }, options);
  }

  list(options?: RequestOptions): Promise<SandboxFixturesResponse> {
    return this._request('listSandboxFixtures', {}, options);
  }

  /** Removes every fixture. */
  clear(options?: RequestOptions): Promise<void> {
    return this._request('clearSandboxFixtures', {}, options);
  }
}

/** Operator API (`/admin`, operator-surface §2). Admin token. */
export class Admin extends APIResource {
  readonly companies: Companies;
  readonly users: Users;
  readonly tokens: Tokens;
  readonly apiKeys: ApiKeys;
  readonly webhooks: Webhooks;
  readonly deliveries: Deliveries;
  readonly fixtures: SandboxFixtures;
  readonly jobs: Jobs;

  constructor(client: ClientContext) {
    super(client);
    this.companies = new Companies(client);
    this.users = new Users(client);
    this.tokens = new Tokens(client);
    this.apiKeys = new ApiKeys(client);
    this.webhooks = new Webhooks(client);
    this.deliveries = new Deliveries(client);
    this.fixtures = new SandboxFixtures(client);
    this.jobs = new Jobs(client);
  }
}
