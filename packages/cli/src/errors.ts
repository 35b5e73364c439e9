/**
 * Exit codes (also in README.md and the `vcase --help` epilogue):
 * 0 all good, 1 some rows or the call failed, 2 usage error, 3 authentication,
 * 4 not found, 5 a watched lookup ended in error or timed out, 130 interrupted (Ctrl-C).
 */
export const EXIT = {
  OK: 0,
  FAILURE: 1,
  USAGE: 2,
  AUTH: 3,
  NOT_FOUND: 4,
  LOOKUP: 5,
  INTERRUPTED: 130,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export const EXIT_CODES_HELP = `Exit codes:
  0    all good
  1    the call failed, or some batch rows failed
  2    usage error (bad or missing argument; an unconfirmed delete; no prompts without a terminal)
  3    authentication (missing, invalid or expired credentials; forbidden)
  4    not found
  5    a watched lookup ended in error or timed out
  130  interrupted (Ctrl-C)`;

/** An error the CLI reports itself, with its exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.FAILURE,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Wrong or missing arguments: exit 2. */
export class UsageError extends CliError {
  constructor(message: string, hint?: string) {
    super(message, EXIT.USAGE, hint);
    this.name = 'UsageError';
  }
}

// SDK errors are told apart by name, so that this module (loaded on every run) does not load the SDK.
const AUTH = new Set(['AuthenticationError', 'PermissionDeniedError', 'MissingCredentialError']);
const NOT_FOUND = new Set(['NotFoundError']);
const LOOKUP = new Set(['WaitTimeoutError', 'LookupNotStartedError']);
// A local file named in an argument that cannot be read is a bad argument too.
const USAGE = new Set(['RequestValidationError', 'FileTooLargeError', 'FileReadError']);
const INTERRUPTED = new Set(['APIUserAbortError', 'AbortError', 'ExitPromptError', 'AbortPromptError']);

/** The error as one the CLI reports itself (a `CliError`: it carries its exit code), or null. */
function ownError(error: unknown): CliError | null {
  return typeof (error as CliError | null)?.exitCode === 'number' ? (error as CliError) : null;
}

export function exitCodeFor(error: unknown): ExitCode {
  const own = ownError(error);
  if (own) return own.exitCode;
  const name = (error as { name?: string } | null)?.name ?? '';
  if (AUTH.has(name)) return EXIT.AUTH;
  if (NOT_FOUND.has(name)) return EXIT.NOT_FOUND;
  if (LOOKUP.has(name)) return EXIT.LOOKUP;
  if (USAGE.has(name)) return EXIT.USAGE;
  if (INTERRUPTED.has(name)) return EXIT.INTERRUPTED;
  return EXIT.FAILURE;
}

/** Requests the SDK refused before sending (same code as the server's, but no HTTP answer). */
const LOCAL_REFUSALS = new Set(['RequestValidationError', 'FileTooLargeError']);
export const refusedLocally = (error: unknown) => LOCAL_REFUSALS.has((error as { name?: string } | null)?.name ?? '');

interface ApiLike {
  name?: string;
  message?: string;
  status?: number;
  code?: string | null;
  requestId?: string;
  details?: unknown;
}

/** One or two lines for stderr: what failed, the contract code and status, the request id. */
export function describeError(
  error: unknown,
  opts: { admin?: boolean; address?: { url: string; source: string | undefined } } = {},
): string {
  const own = ownError(error);
  if (own) return own.hint ? `${own.message}\n${own.hint}` : own.message;
  if (typeof error !== 'object' || error === null) return String(error);
  const e = error as ApiLike;
  // A message that already names the status (an answer without an error body) is not tagged with it again.
  const statusTag = e.status && !refusedLocally(error) && !e.message?.includes(`HTTP ${e.status}`) ? `HTTP ${e.status}` : undefined;
  const tags = [e.code, statusTag].filter(Boolean).join(', ');
  let text = tags ? `${e.message} (${tags})` : (e.message ?? String(error));
  if (e.requestId) text += `\nrequest id: ${e.requestId}`;
  const fields = (e.details as { fields?: unknown } | undefined)?.fields;
  if (Array.isArray(fields) && fields.length && !text.includes(String(fields[0]))) text += `\nfields: ${fields.join(', ')}`;
  // A refused value with the values the server takes (INVALID_STATUS: the company's catalog).
  const allowed = allowedValues(error);
  if (allowed) text += `\nallowed: ${allowed.join(', ')}`;
  if (e.name === 'MissingCredentialError' || e.name === 'AuthenticationError') {
    text += opts.admin
      ? '\nhint: set VCASE_ADMIN_TOKEN or pass --admin-token (a local server keeps it in .vcase/admin-token)'
      : '\nhint: run `vcase login`, set VCASE_TOKEN / VCASE_API_KEY, or pass --token / --api-key';
  }
  if (e.name === 'LookupNotStartedError') text += '\nhint: start it with --run';
  if (e.name === 'RequestValidationError' && Array.isArray(fields) && fields.includes('mime_type')) {
    text += "\nhint: the MIME type comes from the file name's extension; `vcase documents upload --mime-type` gives it";
  }
  if (e.name === 'APIConnectionError' || e.name === 'APIConnectionTimeoutError') {
    text += opts.address
      ? `\nhint: is the server running at ${opts.address.url}? That address came from ${addressSource(opts.address.source)} ` +
        '(--base-url, VCASE_BASE_URL, a profile or .vcase/credentials.json; `vcase login` checks it)'
      : '\nhint: is the server running? The address comes from --base-url, VCASE_BASE_URL or .vcase/credentials.json ' +
        '(`vcase login` checks it)';
  }
  return text;
}

/** `details.allowed` of an API error (the values a refused field takes), or undefined. */
export function allowedValues(error: unknown): string[] | undefined {
  const allowed = ((error as ApiLike | null)?.details as { allowed?: unknown } | undefined)?.allowed;
  return Array.isArray(allowed) && allowed.every((v) => typeof v === 'string') ? allowed : undefined;
}

/** Where a server address came from, as the operator would set it. */
function addressSource(source: string | undefined): string {
  if (source === 'flag') return '--base-url';
  if (source === 'env') return 'VCASE_BASE_URL';
  if (source === 'local') return './.vcase/credentials.json';
  if (source?.startsWith('profile:')) return `the profile "${source.slice('profile:'.length)}"`;
  return 'the configuration';
}

/** A short error code for a batch result row: the contract code, else a CLI one. */
export function errorCode(error: unknown): string {
  const e = error as ApiLike & { code?: unknown };
  if (typeof e?.code === 'string' && e.code) {
    if (e.code === 'ENOENT') return 'FILE_NOT_FOUND';
    if (e.code === 'EACCES') return 'FILE_NOT_READABLE';
    if (e.code === 'EISDIR') return 'FILE_IS_DIRECTORY';
    return e.code;
  }
  switch (e?.name) {
    case 'AuthenticationError':
      return 'UNAUTHORIZED';
    case 'MissingCredentialError':
      return 'MISSING_CREDENTIAL';
    case 'PermissionDeniedError':
      return 'FORBIDDEN';
    case 'NotFoundError':
      return 'NOT_FOUND';
    case 'APIConnectionTimeoutError':
      return 'TIMEOUT';
    case 'APIConnectionError':
      return 'CONNECTION_ERROR';
    case 'RateLimitError':
      return 'RATE_LIMITED';
    case 'InternalServerError':
      return 'SERVER_ERROR';
    default:
      return e?.status ? `HTTP_${e.status}` : 'ERROR';
  }
}

/** A failure of one batch row with a CLI-made code (CASE_NOT_FOUND, INVALID_ROW, …). */
export class RowError extends CliError {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message, EXIT.FAILURE);
    this.name = 'RowError';
  }
}
