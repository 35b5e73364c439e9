import type { Client, Context } from './context.js';
import { resolveCredentials, serverAddress, type Resolved, type Source } from './credentials.js';
import { CliError, EXIT, UsageError } from './errors.js';

/** The global options that decide which server the client talks to, with what, and how. */
export interface ClientFlags {
  baseUrl?: string;
  token?: string;
  apiKey?: string;
  adminToken?: string;
  profile?: string;
  verbose?: boolean;
  /** --request-timeout, in seconds. */
  requestTimeout?: number;
}

/** VCASE_REQUEST_TIMEOUT: whole seconds; anything else is a usage error rather than the default in silence. */
function requestTimeoutFromEnv(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) {
    throw new UsageError(`VCASE_REQUEST_TIMEOUT must be a positive whole number of seconds, not "${value}"`);
  }
  return n;
}

/** The credentials and the SDK client of one run, each made once, when first asked for. */
export class ClientFactory {
  /** The server address the client was made for, and where it came from (named in connection errors). */
  address?: { url: string; source: Source | undefined };
  private resolved?: Promise<Resolved>;
  private made?: Promise<Client>;

  constructor(
    private readonly ctx: Context,
    private readonly flags: ClientFlags,
  ) {}

  credentials(): Promise<Resolved> {
    const { baseUrl, token, apiKey, adminToken, profile } = this.flags;
    this.resolved ??= resolveCredentials(this.ctx, { baseURL: baseUrl, token, apiKey, adminToken, profile });
    return this.resolved;
  }

  /** The SDK client with the resolved credentials (missing ones are left empty, never read from elsewhere). */
  client(): Promise<Client> {
    this.made ??= this.make();
    return this.made;
  }

  private async make(): Promise<Client> {
    const { credentials, sources } = await this.credentials();
    if (!credentials.baseURL) {
      throw new CliError(
        'no server address configured',
        EXIT.AUTH,
        'hint: run `vcase login`, set VCASE_BASE_URL, pass --base-url, or run next to a local server (./.vcase/credentials.json)',
      );
    }
    this.address = { url: credentials.baseURL, source: sources.baseURL };
    const timeoutS = this.flags.requestTimeout ?? requestTimeoutFromEnv(this.ctx.env.VCASE_REQUEST_TIMEOUT);
    const log = (m: string) => void this.ctx.stderr.write(`${m}\n`);
    return this.ctx.createClient({
      ...(timeoutS ? { timeoutMs: timeoutS * 1000 } : {}),
      baseURL: serverAddress(credentials.baseURL, 'the server address (--base-url, VCASE_BASE_URL or the profile)'),
      // '' rather than undefined: the SDK would otherwise fall back to process.env by itself.
      token: credentials.token ?? '',
      apiKey: credentials.apiKey ?? '',
      adminToken: credentials.adminToken ?? '',
      logger: this.flags.verbose ? { debug: log, warn: log } : undefined,
    });
  }
}
