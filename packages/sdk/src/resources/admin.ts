import type {
  ApiKey,
  Company,
  CreateCompanyBody,
  CreateUserBody,
  Redelivery,
  SandboxOutcome,
  SandboxSource,
  Token,
  User,
  UserTokensResponse,
  WebhookEvent,
  WebhookRegistration,
  WebhookRegistrationBody,
  WebhookSecret,
  createApiKeyBodySchema,
  createTokenBodySchema,
  rotateWebhookSecretBodySchema,
  webhookDeliveriesQuerySchema,
} from '@vcase/shared';
import type * as z from 'zod';
import type { RequestOptions, ResponseOf } from '../core/transport.js';
import { Jobs } from './jobs.js';
import { APIResource, type ClientContext } from './resource.js';

export type CreateTokenParams = z.input<typeof createTokenBodySchema>;
export type CreateApiKeyParams = z.input<typeof createApiKeyBodySchema>;
export type RotateWebhookSecretParams = z.input<typeof rotateWebhookSecretBodySchema>;
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
  /** A bearer token for the user; `ttl_seconds` defaults to 86400, at most 7776000 (90 days). Keep `token_id` to revoke it. */
  create(userId: string, body: CreateTokenParams = {}, options?: RequestOptions): Promise<Token> {
    return this._request('createToken', { params: { user_id: userId }, body }, options);
  }

  /** The user's tokens by id, with expiry and revocation (never the tokens themselves), newest first. */
  list(userId: string, options?: RequestOptions): Promise<UserTokensResponse> {
    return this._request('listUserTokens', { params: { user_id: userId } }, options);
  }

  /** The token stops working at once, on every server. Revoking it again is no error. */
  revoke(tokenId: string, options?: RequestOptions): Promise<void> {
    return this._request('revokeToken', { params: { token_id: tokenId } }, options);
  }

  /** Every token of the user stops working at once, those issued before tokens had ids too. */
  revokeAll(userId: string, options?: RequestOptions): Promise<void> {
    return this._request('revokeUserTokens', { params: { user_id: userId } }, options);
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
  /**
   * Registers (or replaces) the company's webhook for `event`. The answer that creates it holds
   * `signing_secret` (`whsec_…`), the key receivers verify deliveries with: shown this once.
   */
  set(companyId: string, event: WebhookEvent, body: WebhookRegistrationBody, options?: RequestOptions): Promise<WebhookRegistration> {
    return this._request('putWebhook', { params: { company_id: companyId, event }, body }, options);
  }

  /**
   * A new signing secret, shown this once. The old one keeps signing beside it for
   * `overlap_seconds` (default 86400, at most 604800; 0 stops it at once). Not retried once it
   * may have reached the server: a second rotation would end the overlap of the first.
   */
  rotateSecret(
    companyId: string,
    event: WebhookEvent,
    body: RotateWebhookSecretParams = {},
    options?: RequestOptions,
  ): Promise<WebhookSecret> {
    return this._request('rotateWebhookSecret', { params: { company_id: companyId, event }, body }, options);
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

  /**
   * Sends a recorded delivery again: its body and `webhook-id`, to the event's webhook as
   * registered now. Answers the id the new delivery will be recorded under (`list` shows it
   * once sent). Retries carry one Idempotency-Key, so they redeliver once.
   */
  redeliver(companyId: string, deliveryId: string, options?: RequestOptions): Promise<Redelivery> {
    return this._request('redeliverWebhook', { params: { company_id: companyId, delivery_id: deliveryId } }, options);
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
