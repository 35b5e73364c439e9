import type { CaseListItem, PagePromise } from '@vcase/sdk';
import type { Client, Context } from './context.js';
import { isInteractive, write } from './context.js';
import { resolveCredentials, serverAddress, type Resolved, type Source } from './credentials.js';
import { CliError, EXIT, UsageError } from './errors.js';
import { makeStyle, terminalSafe, type Style } from './ui/style.js';

/** Options every command inherits from the program. */
export interface GlobalOptions {
  baseUrl?: string;
  token?: string;
  apiKey?: string;
  adminToken?: string;
  profile?: string;
  /** False with --no-color. */
  color?: boolean;
  verbose?: boolean;
  /** --request-timeout, in seconds. */
  requestTimeout?: number;
}

/** VCASE_REQUEST_TIMEOUT: whole seconds; anything else is a usage error rather than the default in silence. */
function requestTimeoutFromEnv(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`VCASE_REQUEST_TIMEOUT must be a positive whole number of seconds, not "${value}"`);
  return n;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** One run of one command: the context, the global options, and lazily the client. */
export class Session {
  readonly style: Style;
  readonly errStyle: Style;
  private resolved?: Promise<Resolved>;
  /** The server address the client was made for, and where it came from (named in connection errors). */
  address?: { url: string; source: Source | undefined };
  private clientPromise?: Promise<Client>;

  constructor(
    readonly ctx: Context,
    readonly globals: GlobalOptions,
  ) {
    const noColor = globals.color === false;
    this.style = makeStyle({ tty: ctx.isTTY.stdout, env: ctx.env, noColor, columns: ctx.columns });
    this.errStyle = makeStyle({ tty: ctx.isTTY.stderr, env: ctx.env, noColor, columns: ctx.columns });
  }

  get interactive(): boolean {
    return isInteractive(this.ctx);
  }

  get signal(): AbortSignal {
    return this.ctx.signal;
  }

  out(text: string): Promise<void> {
    return write(this.ctx.stdout, terminalSafe(text, this.style.color));
  }

  err(text: string): Promise<void> {
    return write(this.ctx.stderr, terminalSafe(text, this.errStyle.color));
  }

  /** The API body, as is: `--json` output (JSON escapes the control characters itself). */
  json(value: unknown): Promise<void> {
    return write(this.ctx.stdout, JSON.stringify(value ?? null, null, 2) + '\n');
  }

  /** One JSON value per line, written as the items arrive. */
  async ndjson(items: AsyncIterable<unknown> | Iterable<unknown>): Promise<number> {
    let n = 0;
    for await (const item of items) {
      if (this.signal.aborted) break;
      await write(this.ctx.stdout, JSON.stringify(item) + '\n');
      n++;
    }
    return n;
  }

  /**
   * A list command's output: `--ndjson` streams every item of every page, `--json` prints the
   * page body, else a table of one page (`--all`: of every page) with a footer saying where it
   * stands, rendered by `render`.
   */
  async list<Item>(
    fetchPage: () => PagePromise<Item>,
    flags: { json?: boolean; ndjson?: boolean; all?: boolean },
    render: (items: Item[], style: Style, footer: string) => string,
    emptyText: string,
  ): Promise<void> {
    if (flags.ndjson) return void (await this.ndjson(fetchPage()));
    const page = await fetchPage();
    let items = page.data;
    if (flags.all) {
      items = [];
      // Items, not pages: a record created meanwhile would repeat one at a page boundary.
      for await (const item of page) items.push(item);
    }
    // --json --all: every page's items in one body, its pagination saying there is no more.
    if (flags.json) {
      const pagination = flags.all ? { ...page.pagination, limit: items.length, has_more: false } : page.pagination;
      return void (await this.json({ data: items, pagination }));
    }
    const { total, offset } = page.pagination;
    const footer =
      flags.all || !page.hasNextPage()
        ? `${items.length} of ${total}`
        : `${offset + 1}–${offset + items.length} of ${total} · --all for every page, --ndjson to stream`;
    await this.out(items.length ? render(items, this.style, footer) : this.style.tty ? `${emptyText}\n` : '');
    // Piped, the table has no footer: a page that is not the last says so on stderr, so a
    // script reading stdout does not take one page for the whole list.
    if (!this.style.tty && !flags.all && page.hasNextPage()) await this.err(`vcase: ${footer}\n`);
  }

  credentials(): Promise<Resolved> {
    this.resolved ??= resolveCredentials(this.ctx, {
      baseURL: this.globals.baseUrl,
      token: this.globals.token,
      apiKey: this.globals.apiKey,
      adminToken: this.globals.adminToken,
      profile: this.globals.profile,
    });
    return this.resolved;
  }

  /** The SDK client with the resolved credentials (missing ones are left empty, never read from elsewhere). */
  client(): Promise<Client> {
    this.clientPromise ??= (async () => {
      const { credentials, sources } = await this.credentials();
      if (!credentials.baseURL) {
        throw new CliError(
          'no server address configured',
          EXIT.AUTH,
          'hint: run `vcase login`, set VCASE_BASE_URL, pass --base-url, or run next to a local server (./.vcase/credentials.json)',
        );
      }
      this.address = { url: credentials.baseURL, source: sources.baseURL };
      const verbose = this.globals.verbose;
      const timeoutS = this.globals.requestTimeout ?? requestTimeoutFromEnv(this.ctx.env.VCASE_REQUEST_TIMEOUT);
      return this.ctx.createClient({
        ...(timeoutS ? { timeoutMs: timeoutS * 1000 } : {}),
        baseURL: serverAddress(credentials.baseURL, 'the server address (--base-url, VCASE_BASE_URL or the profile)'),
        // '' rather than undefined: the SDK would otherwise fall back to process.env by itself.
        token: credentials.token ?? '',
        apiKey: credentials.apiKey ?? '',
        adminToken: credentials.adminToken ?? '',
        logger: verbose
          ? { debug: (m) => void this.ctx.stderr.write(`${m}\n`), warn: (m) => void this.ctx.stderr.write(`${m}\n`) }
          : undefined,
      });
    })();
    return this.clientPromise;
  }

  /** A required value: as given, else asked on a terminal, else a usage error. */
  async required(value: string | undefined, what: string, ask: () => Promise<string>): Promise<string> {
    if (value !== undefined && value !== '') return value;
    if (!this.interactive) throw new UsageError(`missing ${what}`, 'hint: pass it as an argument or option; prompts need a terminal on stdin and stdout');
    return ask();
  }

  /** Deletes need `--yes`, or a "yes" at the prompt on a terminal. */
  async confirm(message: string, yes: boolean | undefined): Promise<boolean> {
    if (yes) return true;
    if (!this.interactive) throw new UsageError(`${message}: pass --yes to confirm (no prompts without a terminal)`);
    return this.ctx.prompter.confirm(message, false);
  }

  /** internal_id of the cases this session resolved or listed for a pick, by case_id. */
  private readonly internalIds = new Map<string, string>();

  /** A case as a person knows it: `EXP-1 (case_id)` when its internal_id is known here, else the case_id. */
  caseLabel(caseId: string): string {
    const internalId = this.internalIds.get(caseId);
    return internalId ? `${internalId} (${caseId})` : caseId;
  }

  /**
   * A case from a `case_id`, an exact `internal_id`, or (when missing, on a terminal) a
   * searchable list of the company's cases.
   */
  async caseId(arg: string | undefined, opts: { mustExist?: boolean } = {}): Promise<string> {
    const missing = arg === undefined || arg === '';
    if (missing && !this.interactive) {
      throw new UsageError('missing argument: case (a case_id or an internal_id)', 'hint: prompts need a terminal on stdin and stdout');
    }
    const client = await this.client();
    if (missing) {
      return this.ctx.prompter.search('Case (type to filter by internal id)', async (term) => {
        const page = await client.cases.list({ limit: 20, ...(term ? { internal_id: term } : {}) }, { signal: this.signal });
        for (const c of page.data) this.internalIds.set(c.case_id, c.internal_id);
        return closestFirst(page.data, term).map((c) => caseChoice(c));
      });
    }
    if (isUuid(arg)) {
      // Before a wait that cannot start anything: a case that does not exist would otherwise be
      // waited on (its 404 read as "not yet") instead of answered at once (exit 4).
      // (The metadata read is the lightest that answers 404 for a missing case and only then.)
      if (opts.mustExist) await client.cases.metadata(arg, { signal: this.signal });
      return arg;
    }
    // On a terminal every match, for the picker; otherwise two are enough to refuse.
    const matches = await findCasesByInternalId(client, arg, this.signal, { all: this.interactive });
    for (const c of matches) this.internalIds.set(c.case_id, c.internal_id);
    if (matches.length === 1) return matches[0]!.case_id;
    if (matches.length === 0) {
      const hint = matches.similar.length ? `hint: internal_id is case-sensitive; did you mean ${matches.similar.map((id) => `"${id}"`).join(' or ')}?` : undefined;
      throw new CliError(`no active case with internal_id "${arg}"`, EXIT.NOT_FOUND, hint);
    }
    if (this.interactive) {
      const { summarizeCases, summaryChoices } = await import('./caseSummaries.js');
      return this.ctx.prompter.select(`Several cases have internal_id "${arg}"`, summaryChoices(await summarizeCases(client, matches, this.signal)));
    }
    throw new UsageError(`several cases have internal_id "${arg}": ${matches.map((c) => c.case_id).join(', ')}`, 'hint: pass the case_id');
  }
}

/**
 * The list filter matches internal ids that contain the term, newest first: the case whose id
 * is the term itself goes first (then one equal but for case, then those starting with it),
 * so typing `EXP-1` and Enter picks EXP-1, not a newer EXP-10.
 */
function closestFirst(cases: CaseListItem[], term: string | undefined): CaseListItem[] {
  if (!term) return cases;
  const lower = term.toLowerCase();
  const rank = (id: string) => (id === term ? 0 : id.toLowerCase() === lower ? 1 : id.toLowerCase().startsWith(lower) ? 2 : 3);
  return [...cases].sort((a, b) => rank(a.internal_id) - rank(b.internal_id));
}

function caseChoice(c: CaseListItem) {
  return { name: `${c.internal_id}  ${c.review_status ?? '—'}  ${c.created_at.slice(0, 10)}`, value: c.case_id, description: c.case_id };
}

/**
 * Active cases whose internal_id is exactly `internalId`: the list filter matches partially
 * and ignores case, while the server keeps `EXP-5` and `exp-5` apart, so only an exact match
 * names a case. Cases that match but for case are in `similar` (for a hint). Stops reading
 * pages once two exact matches are found, unless `all` (a picker shows every one).
 */
export async function findCasesByInternalId(
  client: Client,
  internalId: string,
  signal?: AbortSignal,
  opts: { all?: boolean } = {},
): Promise<CaseListItem[] & { similar: string[] }> {
  const exact: CaseListItem[] = [];
  const similar = new Set<string>();
  const lower = internalId.toLowerCase();
  for await (const c of client.cases.list({ internal_id: internalId, limit: 100 }, { signal })) {
    if (!c.active) continue;
    if (c.internal_id === internalId) exact.push(c);
    else if (c.internal_id.toLowerCase() === lower) similar.add(c.internal_id);
    if (exact.length > 1 && !opts.all) break;
  }
  return Object.assign(exact, { similar: [...similar] });
}
