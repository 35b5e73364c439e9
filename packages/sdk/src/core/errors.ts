/**
 * Every error the SDK throws extends `VcaseError`. Errors that come from an HTTP answer
 * (or from not getting one) extend `APIError`; the subclass tells the status apart, and
 * `code` carries the contract code from the body `{"error": {"code", "message", "details"}}`.
 */
export class VcaseError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

export interface APIErrorInit {
  status?: number;
  code?: string | null;
  message: string;
  details?: unknown;
  headers?: Headers;
  cause?: unknown;
}

export class APIError extends VcaseError {
  /** HTTP status; undefined when no answer arrived (connection errors, aborts). */
  readonly status: number | undefined;
  /** The contract error code (`VALIDATION_ERROR`, `INVALID_STATUS`, …); null where the contract names none. */
  readonly code: string | null;
  readonly details: unknown;
  /** The `x-request-id` response header, to quote to the operator. */
  readonly requestId: string | undefined;
  readonly headers: Headers | undefined;

  constructor(init: APIErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code ?? null;
    this.details = init.details;
    this.headers = init.headers;
    this.requestId = init.headers?.get('x-request-id') ?? undefined;
  }

  /** The error class for an HTTP error answer, with code/message/details read from its body. */
  static generate(status: number, body: unknown, headers: Headers): APIError {
    const init: APIErrorInit = { status, headers, ...readErrorBody(status, body) };
    const Class = errorClassFor(status);
    return new Class(init);
  }
}

export class BadRequestError extends APIError {}
export class AuthenticationError extends APIError {}
export class PermissionDeniedError extends APIError {}
export class NotFoundError extends APIError {}
export class ConflictError extends APIError {}
export class UnprocessableEntityError extends APIError {}
export class RateLimitError extends APIError {}
export class InternalServerError extends APIError {}

/** No answer: DNS, refused connection, reset socket… Retried by default. */
export class APIConnectionError extends APIError {
  constructor(init: { message?: string; cause?: unknown } = {}) {
    super({ message: init.message ?? 'Connection error', cause: init.cause });
  }
}

/** No answer within `timeoutMs`. Retried by default. */
export class APIConnectionTimeoutError extends APIConnectionError {
  constructor(init: { message?: string; timeoutMs?: number } = {}) {
    super({ message: init.message ?? `Request timed out${init.timeoutMs === undefined ? '' : ` after ${init.timeoutMs} ms`}` });
  }
}

/** The caller's `signal` aborted the call. Never retried. */
export class APIUserAbortError extends APIError {
  constructor(init: { message?: string; cause?: unknown } = {}) {
    super({ message: init.message ?? 'Request was aborted', cause: init.cause });
  }
}

export type CredentialName = 'token' | 'apiKey' | 'adminToken';

const CREDENTIAL_SOURCES: Record<CredentialName, string> = {
  token: 'a bearer token (option `token` or VCASE_TOKEN)',
  apiKey: 'an API key (option `apiKey` or VCASE_API_KEY)',
  adminToken: 'the admin token (option `adminToken` or VCASE_ADMIN_TOKEN)',
};

/** Thrown before sending when the endpoint group's credential is not configured (contract §5). */
export class MissingCredentialError extends VcaseError {
  /** The credential(s) that would do, most preferred first. */
  readonly credentials: CredentialName[];
  readonly operation: string;

  constructor(operation: string, credentials: CredentialName[]) {
    super(`${operation} needs ${credentials.map((c) => CREDENTIAL_SOURCES[c]).join(' or ')}, and none is configured`);
    this.operation = operation;
    this.credentials = credentials;
  }
}

/**
 * A request refused locally, before sending, by the same shared rules the server applies:
 * a BadRequestError with the `code` the server would answer (`VALIDATION_ERROR`,
 * `MISSING_PARAMETER`), but no `requestId` since nothing was sent.
 */
export class RequestValidationError extends BadRequestError {
  declare readonly code: 'MISSING_PARAMETER' | 'VALIDATION_ERROR';
  /** Fields at fault. */
  readonly fields: string[];

  constructor(code: 'MISSING_PARAMETER' | 'VALIDATION_ERROR', message: string, fields: string[] = []) {
    super({ status: 400, code, message, details: { fields } });
    this.fields = fields;
  }
}

/**
 * A success answer without the JSON body the operation has: the base URL points at something
 * that is not a vcase server (a web page, a proxy's login page), or a proxy mangled the answer.
 */
export class UnexpectedResponseError extends APIError {}

const FILE_READ_REASONS: Record<string, string> = { ENOENT: 'no such file', EACCES: 'permission denied', EISDIR: 'it is a directory' };

/** A local file could not be read (missing, unreadable, a directory): nothing was sent. */
export class FileReadError extends VcaseError {
  constructor(
    readonly path: string,
    /** The system's code, e.g. `ENOENT`, `EACCES`, `EISDIR`. */
    readonly code: string | undefined,
    cause: unknown,
  ) {
    super(`cannot read ${path}: ${FILE_READ_REASONS[code ?? ''] ?? String((cause as Error)?.message ?? cause)}`, { cause });
  }

  /** The error of a failed read or stat of `path` (its system code taken from `error`). */
  static of(path: string, error: unknown): FileReadError {
    return new FileReadError(path, (error as { code?: string } | null)?.code, error);
  }
}

/** A file over the 20 MB limit (contract §8), refused before sending. */
export class FileTooLargeError extends RequestValidationError {
  constructor(
    readonly sizeBytes: number,
    readonly limitBytes: number,
  ) {
    // Rounded, a size just over the limit reads as the limit itself: then bytes tell them apart.
    const [size, limit] =
      formatMB(sizeBytes) === formatMB(limitBytes)
        ? [`${sizeBytes} bytes`, `${limitBytes} bytes (${formatMB(limitBytes)})`]
        : [formatMB(sizeBytes), formatMB(limitBytes)];
    super('VALIDATION_ERROR', `file is ${size}; the limit is ${limit} per file`, ['file']);
  }
}

/** A `waitFor…`/`run…` helper reached its deadline; `snapshot` is the last body read (if any). */
export class WaitTimeoutError<T = unknown> extends VcaseError {
  constructor(
    readonly what: string,
    readonly snapshot: T | undefined,
    readonly elapsedMs: number,
    /** The last "not there yet" 404, when the wait read no body at all. */
    cause?: unknown,
  ) {
    super(`${what} did not settle within ${elapsedMs} ms`, cause === undefined ? undefined : { cause });
  }
}

/**
 * A `waitFor…` helper read a state that waiting cannot change: the case's tickets or
 * tenencia were never looked up (`processing` with the contract's "never queried" message).
 * Start the lookup (`startTickets`/`startTaxes`, or use `runTickets`/`runTaxes`).
 */
export class LookupNotStartedError<T = unknown> extends VcaseError {
  constructor(
    readonly what: string,
    readonly snapshot: T,
    readonly serverMessage: string,
  ) {
    super(`${what} will not settle by waiting: ${serverMessage}`);
  }
}

function formatMB(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

function errorClassFor(status: number): new (init: APIErrorInit) => APIError {
  switch (status) {
    case 400:
      return BadRequestError;
    case 401:
      return AuthenticationError;
    case 403:
      return PermissionDeniedError;
    case 404:
      return NotFoundError;
    case 409:
      return ConflictError;
    case 422:
      return UnprocessableEntityError;
    case 429:
      return RateLimitError;
    default:
      return status >= 500 ? InternalServerError : APIError;
  }
}

function readErrorBody(status: number, body: unknown): { code: string | null; message: string; details?: unknown } {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error === 'object' && error !== null) {
    const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
    return {
      code: typeof code === 'string' ? code : null,
      message: typeof message === 'string' && message ? message : `HTTP ${status}`,
      details,
    };
  }
  if (typeof body === 'string' && body.trim()) return { code: null, message: `HTTP ${status}: ${body.trim().slice(0, 300)}` };
  return { code: null, message: `HTTP ${status}` };
}
