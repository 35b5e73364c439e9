import { buildPath, OPERATIONS, type OperationId, type OperationSpec } from '@vcase/shared';
import { createFetch, type $Fetch, type FetchResponse } from 'ofetch';
import type * as z from 'zod';
import { onAbort } from './abort.js';
import { authHeaders, type Credentials } from './credentials.js';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  RequestValidationError,
  UnexpectedResponseError,
} from './errors.js';
import { isRetryableStatus, retryDelayMs } from './retry.js';
import { sleepUnlessAborted, throwIfAborted, type Sleep } from './sleep.js';

/** Per-call options, accepted by every method as its last argument. */
export interface RequestOptions {
  /** Retries after the first attempt (connection errors, 408, 409, 429, 5xx). Default: the client's (2). */
  maxRetries?: number;
  /** Per-attempt timeout. Default: the client's (60 s). */
  timeoutMs?: number;
  /** Aborts the call (and its retries); it then rejects with APIUserAbortError. */
  signal?: AbortSignal;
  /**
   * `Idempotency-Key` header. POST /v1/cases and POST /v1/documents get a random one per
   * call automatically (kept across that call's retries); pass your own, e.g. derived from
   * a batch row, so that re-running the batch never creates twins.
   */
  idempotencyKey?: string;
  /** Extra headers; an `authorization` or `x-api-key` here replaces the configured credential. */
  headers?: Record<string, string>;
  /**
   * Called with the status and headers of the answer that succeeded, e.g. to read
   * `idempotent-replayed: true`: the server answered a retry of an Idempotency-Key it had
   * already seen with the first answer, and did nothing new.
   */
  onResponse?: (response: { status: number; headers: Headers }) => void;
}

/** Anything with `debug`/`info`/`warn`/`error` methods; `console` works. */
export interface Logger {
  debug?(message: string, meta?: Record<string, unknown>): void;
  info?(message: string, meta?: Record<string, unknown>): void;
  warn?(message: string, meta?: Record<string, unknown>): void;
  error?(message: string, meta?: Record<string, unknown>): void;
}

/** Makes a controller per attempt (its timeout); its signal goes to `fetch`. */
export type AbortControllerClass = new () => { readonly signal: AbortSignal; abort(reason?: unknown): void };

/** How requests go out: a `fetch`, the controllers whose signals it reads and the headers it is given. */
export interface FetchTransport {
  fetch: typeof fetch;
  /** Default: the global AbortController. */
  AbortController?: AbortControllerClass;
  /** The class ofetch builds each request's headers with. Default: the global Headers. */
  Headers?: typeof Headers;
}

export interface TransportConfig {
  baseURL: string;
  credentials: Credentials;
  timeoutMs: number;
  maxRetries: number;
  /** Default: the global `fetch` (looked up at each call), AbortController and Headers. */
  transport?: Partial<FetchTransport>;
  logger?: Logger;
  sleep: Sleep;
  now: () => number;
  defaultHeaders?: Record<string, string>;
}

export interface RequestSpec {
  params?: Record<string, string>;
  query?: object;
  body?: unknown;
  /**
   * Instead of `body`: the body already checked with the operation's rules and serialized to
   * JSON bytes (uploads: see Documents.upload). Sent as is on every attempt.
   */
  jsonBody?: Uint8Array;
}

type Operations = typeof OPERATIONS;

/** The success body type of an operation, from its shared response schema. */
export type ResponseOf<Id extends OperationId> = Operations[Id]['response'] extends z.ZodType ? z.output<Operations[Id]['response']> : void;

/**
 * Operations that add a record or start work each time they run (creates, uploads, metadata
 * entries, assignments, lookup and processing starts, admin credentials): the server replays
 * the first answer to a retry with the same Idempotency-Key, so each call carries one (random,
 * the same across its retries) unless the caller gives one.
 */
const KEYED = new Set<OperationId>((Object.keys(OPERATIONS) as OperationId[]).filter((id) => (OPERATIONS[id] as OperationSpec).idempotent));

/**
 * Sends one operation of the shared OPERATIONS table through ofetch over the transport's
 * `fetch`: picks the credential, owns timeouts and retries (ofetch's are off) and maps
 * failures to the error classes.
 */
export class Transport {
  private readonly $fetch: $Fetch;
  private readonly AbortController: AbortControllerClass;
  private readonly defaultHeaders: Record<string, string>;

  constructor(readonly config: TransportConfig) {
    const { fetch = globalFetch, Headers } = config.transport ?? {};
    this.$fetch = createFetch({ fetch, ...(Headers ? { Headers } : {}) });
    this.AbortController = config.transport?.AbortController ?? AbortController;
    this.defaultHeaders = lowerKeys(config.defaultHeaders ?? {});
  }

  async request<Id extends OperationId>(id: Id, spec: RequestSpec = {}, options: RequestOptions = {}): Promise<ResponseOf<Id>> {
    const op = OPERATIONS[id];
    if (spec.jsonBody === undefined) validateBody(op, spec.body);
    const path = buildPath(op.path, spec.params ?? {});
    const label = `${op.method} ${op.path}`;
    const idempotencyKey = options.idempotencyKey ?? (KEYED.has(id) ? randomKey() : undefined);
    const callHeaders = lowerKeys(options.headers ?? {});
    const suppliedAuth = 'authorization' in callHeaders || 'x-api-key' in callHeaders;
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...this.defaultHeaders,
      ...(suppliedAuth ? {} : authHeaders(op.auth, this.config.credentials, label)),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      ...(spec.jsonBody !== undefined || spec.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...callHeaders,
    };
    // Serialized here, not by ofetch: its check of an object body reads the global FormData,
    // which loads undici on Node (nodeTransport() never does). A JSON string goes through as is.
    const body = spec.jsonBody ?? (spec.body === undefined ? undefined : JSON.stringify(spec.body));
    const query = spec.query && definedEntries(spec.query);
    const maxRetries = options.maxRetries ?? this.config.maxRetries;
    const timeoutMs = options.timeoutMs ?? this.config.timeoutMs;

    for (let retry = 0; ; retry++) {
      throwIfAborted(options.signal);
      const started = this.config.now();
      let error: APIError;
      try {
        const response = await this.attempt(path, { method: op.method, query, headers, body }, timeoutMs, options.signal);
        this.config.logger?.debug?.(`vcase ${op.method} ${path} → ${response.status}`, {
          status: response.status,
          durationMs: this.config.now() - started,
          requestId: response.headers.get('x-request-id') ?? undefined,
        });
        if (response.ok) {
          options.onResponse?.({ status: response.status, headers: response.headers });
          const data = response._data;
          if (op.response === null) return undefined as ResponseOf<Id>;
          if (isJsonObject(data)) return data as ResponseOf<Id>;
          const type = response.headers.get('content-type') ?? 'without a content type';
          throw new UnexpectedResponseError({
            status: response.status,
            headers: response.headers,
            message:
              `unexpected answer to ${op.method} ${this.config.baseURL}${path}: HTTP ${response.status} ${type}, ` +
              'not the JSON body of a vcase server (is the base URL right?)',
          });
        }
        error = APIError.generate(response.status, response._data, response.headers);
      } catch (e) {
        if (!(e instanceof APIError)) throw e;
        error = e;
      }
      const retryable =
        !(error instanceof APIUserAbortError) &&
        (error instanceof APIConnectionError || (error.status !== undefined && isRetryableStatus(error.status)));
      if (!retryable || retry >= maxRetries || !safeToSendAgain(id, error)) throw error;
      const delay = retryDelayMs(retry, error.headers, { now: this.config.now });
      const failure = `vcase ${op.method} ${path} failed (${error.status ?? error.name})`;
      this.config.logger?.warn?.(`${failure}; retry ${retry + 1}/${maxRetries} in ${delay} ms`, {
        status: error.status,
        code: error.code,
        requestId: error.requestId,
        delayMs: delay,
      });
      await sleepUnlessAborted(this.config.sleep, delay, options.signal);
    }
  }

  /**
   * One attempt, its answer read whole (parsed by ofetch: JSON, text, or a Blob), within its own
   * timeout; the caller's signal still aborts it. A request error comes as ofetch's FetchError.
   */
  private async attempt(
    path: string,
    init: { method: string; query?: Record<string, unknown>; headers: Record<string, string>; body?: string | Uint8Array },
    timeoutMs: number,
    signal: AbortSignal | undefined,
  ): Promise<FetchResponse<unknown>> {
    const controller = new this.AbortController();
    const unlink = signal && onAbort(signal, (reason) => controller.abort(reason));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      return await this.$fetch.raw(path, {
        baseURL: this.config.baseURL,
        method: init.method as 'GET',
        query: init.query,
        headers: init.headers,
        body: init.body,
        signal: controller.signal,
        retry: 0,
        ignoreResponseError: true,
      });
    } catch (cause) {
      if (signal?.aborted) throw new APIUserAbortError({ cause });
      if (timedOut) throw new APIConnectionTimeoutError({ timeoutMs });
      throw new APIConnectionError({ message: `Connection error: ${describe(cause)}`, cause });
    } finally {
      clearTimeout(timer);
      unlink?.();
    }
  }
}

/** The global `fetch`, looked up at each call (so a test or polyfill may set it later). */
const globalFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);

/** A parsed JSON object or array: not a text, Blob or stream that ofetch answers for other types. */
function isJsonObject(data: unknown): boolean {
  return Array.isArray(data) || (typeof data === 'object' && data !== null && Object.getPrototypeOf(data) === Object.prototype);
}

/** Network errors raised before a request could reach the server (no connection was made). */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** The first `code` in an error's cause chain (Node puts ECONNREFUSED and the like there). */
function causeCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code) return code;
  }
  return undefined;
}

/**
 * Whether a failed attempt may go again without doing its work twice: every operation reads or
 * sets a state, or is keyed (`KEYED`), but those that answer a secret (`answersSecret` in the
 * shared table: a key of the caller's does not help, the server keeps no answer for them); those
 * go again only after a 429 (refused before any work) or when no connection was made.
 */
function safeToSendAgain(id: OperationId, error: APIError): boolean {
  if (!(OPERATIONS[id] as OperationSpec).answersSecret) return true;
  if (error.status === 429) return true;
  return error.status === undefined && NEVER_SENT.has(causeCode(error.cause) ?? '');
}

/** Checks a body with the operation's shared schema (or its code-aware check), as the server will. */
function validateBody(op: OperationSpec, body: unknown): void {
  if (op.bodyCheck) {
    const result = op.bodyCheck(body);
    if (!result.ok) throw new RequestValidationError(result.code, result.message, result.fields);
    return;
  }
  if (!op.body) return;
  const parsed = op.body.safeParse(body);
  if (parsed.success) return;
  const issues = parsed.error.issues;
  const fields = [...new Set(issues.map((i) => i.path.join('.')).filter(Boolean))];
  const message = issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
  throw new RequestValidationError('VALIDATION_ERROR', message, fields);
}

function randomKey(): string {
  return globalThis.crypto.randomUUID();
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

/** The query without undefined and null values (ofetch would send a null as a bare name). */
function definedEntries(query: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null));
}

/** The innermost reason of a fetch failure (`ECONNREFUSED`, `fetch failed`, …). */
function describe(cause: unknown): string {
  let current: unknown = cause;
  let message = 'unknown error';
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    message = (current as { code?: string }).code ?? current.message;
    current = current.cause;
  }
  return message;
}
