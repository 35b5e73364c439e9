import { isUuid, type CaseListItem } from '@vcase/sdk';
import type { Client } from './context.js';
import { CliError, EXIT, UsageError } from './errors.js';
import type { Prompts } from './prompts.js';

/** The `[case]` argument of every command about one case. */
export const CASE_ARG = ['[case]', 'case_id or internal_id (picked from a list on a terminal when missing)'] as const;

/**
 * A case as a person names it: a `case_id`, an exact `internal_id`, or (when missing, on a
 * terminal) a pick from a searchable list of the company's cases.
 */
export class CaseResolution {
  /** internal_id of the cases this run resolved or listed for a pick, by case_id. */
  private readonly internalIds = new Map<string, string>();

  constructor(
    private readonly client: () => Promise<Client>,
    private readonly prompts: Prompts,
    private readonly signal: AbortSignal,
  ) {}

  /** `EXP-1 (case_id)` when its internal_id is known here, else the case_id. */
  label(caseId: string): string {
    const internalId = this.internalIds.get(caseId);
    return internalId ? `${internalId} (${caseId})` : caseId;
  }

  /** The case_id `arg` names; `mustExist` reads a case_id's case first (a 404 answers at once). */
  async resolve(arg: string | undefined, opts: { mustExist?: boolean } = {}): Promise<string> {
    const { interactive } = this.prompts;
    const missing = arg === undefined || arg === '';
    if (missing && !interactive) {
      throw new UsageError('missing argument: case (a case_id or an internal_id)', 'hint: prompts need a terminal on stdin and stdout');
    }
    const client = await this.client();
    const { signal } = this;
    if (missing) return this.pick(client);
    if (isUuid(arg)) {
      // Before a wait that cannot start anything: a case that does not exist would otherwise be
      // waited on (its 404 read as "not yet") instead of answered at once (exit 4).
      // (The metadata read is the lightest that answers 404 for a missing case and only then.)
      if (opts.mustExist) await client.cases.metadata(arg, { signal });
      return arg;
    }
    // On a terminal every match, for the picker; otherwise two are enough to refuse.
    const matches = await findCasesByInternalId(client, arg, signal, { all: interactive });
    for (const c of matches) this.internalIds.set(c.case_id, c.internal_id);
    if (matches.length === 1) return matches[0]!.case_id;
    if (matches.length === 0) {
      const similar = matches.similar.map((id) => `"${id}"`).join(' or ');
      const hint = similar ? `hint: internal_id is case-sensitive; did you mean ${similar}?` : undefined;
      throw new CliError(`no active case with internal_id "${arg}"`, EXIT.NOT_FOUND, hint);
    }
    if (interactive) {
      const { summarizeCases, summaryChoices } = await import('./caseSummaries.js');
      const choices = summaryChoices(await summarizeCases(client, matches, signal));
      return this.prompts.prompter.select(`Several cases have internal_id "${arg}"`, choices);
    }
    const ids = matches.map((c) => c.case_id).join(', ');
    throw new UsageError(`several cases have internal_id "${arg}": ${ids}`, 'hint: pass the case_id');
  }

  private pick(client: Client): Promise<string> {
    return this.prompts.prompter.search('Case (type to filter by internal id)', async (term) => {
      const query = { limit: 20, ...(term ? { internal_id: term } : {}) };
      const page = await client.cases.list(query, { signal: this.signal });
      for (const c of page.data) this.internalIds.set(c.case_id, c.internal_id);
      return closestFirst(page.data, term).map((c) => caseChoice(c));
    });
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
