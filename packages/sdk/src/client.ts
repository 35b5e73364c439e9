import type { HealthResponse } from '@vcase/shared';
import { VcaseError } from './core/errors.js';
import { readEnv } from './core/readEnv.js';
import { DEFAULT_MAX_RETRIES } from './core/retry.js';
import { defaultSleep, type Sleep } from './core/sleep.js';
import { Transport, type FetchTransport, type Logger, type RequestOptions } from './core/transport.js';
import { Admin } from './resources/admin.js';
import { Cases } from './resources/cases.js';
import { Documents } from './resources/documents.js';
import { Ine } from './resources/ine.js';
import type { ClientContext } from './resources/resource.js';
import { SDK_VERSION } from './version.js';
import { Webhooks } from './webhooks.js';

export interface VcaseOptions {
  /** Server address, e.g. `http://127.0.0.1:3000`. Default: VCASE_BASE_URL. */
  baseURL?: string;
  /** Bearer token (cases, document list, INE; documents when no API key). Default: VCASE_TOKEN. */
  token?: string;
  /** API key (documents other than the list). Default: VCASE_API_KEY. */
  apiKey?: string;
  /** Operator token for `vcase.admin`. Default: VCASE_ADMIN_TOKEN. */
  adminToken?: string;
  /** Per-attempt request timeout. Default 60 000. */
  timeoutMs?: number;
  /** Retries after the first attempt. Default 2. */
  maxRetries?: number;
  /** The `fetch` ofetch sends with (any WHATWG fetch). Default: the global one. */
  fetch?: typeof fetch;
  /**
   * Instead of `fetch`: a fetch with the AbortController its signals come from and the Headers
   * class ofetch builds its requests with. On Node, `nodeTransport()` from `@vcase/sdk/node`
   * costs less CPU and memory per request (README, "Choosing the transport").
   */
  transport?: FetchTransport;
  /** Receives one `debug` line per request and one `warn` line per retry. */
  logger?: Logger;
  /** Headers sent on every request. */
  defaultHeaders?: Record<string, string>;
  /** How retries and polling wait; inject one in tests. */
  sleep?: Sleep;
  /** Clock in ms (for `Retry-After` dates and polling deadlines); inject one in tests. */
  now?: () => number;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

/** An option set to this is no credential at all: not the environment's either. */
const NO_CREDENTIAL = '';

/**
 * The vcase client.
 *
 * ```ts
 * const vcase = new Vcase({ baseURL, token, apiKey });
 * const { case_id } = await vcase.cases.create({ internal_id: 'EXP-1', status: 'nuevo' });
 * ```
 */
export class Vcase {
  readonly baseURL: string;
  readonly cases: Cases;
  readonly documents: Documents;
  readonly ine: Ine;
  readonly admin: Admin;
  /** Verifies webhook deliveries (`verify`, `unwrap`): no request, no credential needed. */
  readonly webhooks: Webhooks;
  private readonly options: VcaseOptions;
  private readonly transport: Transport;

  constructor(options: VcaseOptions = {}) {
    const baseURL = (options.baseURL ?? readEnv('VCASE_BASE_URL'))?.trim();
    if (!baseURL) throw new VcaseError('baseURL is missing: pass { baseURL } to new Vcase() or set VCASE_BASE_URL');
    // A mistyped address is said here, once, not as a connection error retried on every call.
    if (!/^https?:$/.test(protocolOf(baseURL))) {
      throw new VcaseError(`baseURL must be an http:// or https:// URL, e.g. http://127.0.0.1:3000 (got "${baseURL}")`);
    }
    if (options.fetch && options.transport) throw new VcaseError('give the client either fetch or transport, not both');
    this.baseURL = baseURL.replace(/\/+$/, '');
    this.options = options;
    const now = options.now ?? Date.now;
    const sleep = options.sleep ?? defaultSleep;
    this.transport = new Transport({
      baseURL: this.baseURL,
      // Credentials never hold white space: one read from a file keeps its line break, which
      // no header may carry.
      credentials: {
        token: (options.token ?? readEnv('VCASE_TOKEN'))?.trim(),
        apiKey: options.apiKey === NO_CREDENTIAL ? undefined : (options.apiKey ?? readEnv('VCASE_API_KEY'))?.trim(),
        adminToken: (options.adminToken ?? readEnv('VCASE_ADMIN_TOKEN'))?.trim(),
      },
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
      transport: options.transport ?? { fetch: options.fetch },
      logger: options.logger,
      sleep,
      now,
      defaultHeaders: { 'user-agent': `vcase-sdk/${SDK_VERSION}`, ...options.defaultHeaders },
    });
    const context: ClientContext = { transport: this.transport, sleep, now };
    this.cases = new Cases(context);
    this.documents = new Documents(context);
    this.ine = new Ine(context);
    this.admin = new Admin(context);
    this.webhooks = new Webhooks(now);
  }

  /**
   * A client like this one with some options replaced, e.g. another tenant's token. A new
   * `token` without a new `apiKey` leaves the key behind (it belongs to the first tenant:
   * document calls would act for it): that client sends its token where a key would go.
   */
  withOptions(overrides: VcaseOptions): Vcase {
    const next: VcaseOptions = { ...this.options, baseURL: this.baseURL, ...overrides };
    if (overrides.token !== undefined && overrides.apiKey === undefined) next.apiKey = NO_CREDENTIAL;
    // A new fetch replaces the transport it came with, and the other way round.
    if (overrides.fetch !== undefined) delete next.transport;
    if (overrides.transport !== undefined) delete next.fetch;
    return new Vcase(next);
  }

  /** `GET /health`: `{status: 'ok'}` once the server accepts requests. No credential. */
  health(options?: RequestOptions): Promise<HealthResponse> {
    return this.transport.request('health', {}, options);
  }
}

/** The URL's scheme (`http:`), or '' when the text is no URL. */
function protocolOf(text: string): string {
  try {
    return new URL(text).protocol;
  } catch {
    return '';
  }
}
