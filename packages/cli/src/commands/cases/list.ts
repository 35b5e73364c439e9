import type { Command } from 'commander';
import { listOptions, type App, type RunFn, type RunOptions } from '../../kit.js';
import type { ListFlags } from '../../output.js';
import { cappedLimit } from '../../pageLimit.js';
import { renderCaseList } from '../../render/cases.js';

export interface ListCasesFlags extends ListFlags {
  internalId?: string;
  vin?: string;
  caseType?: string;
  limit: number;
  offset: number;
}

/** `vcase cases list`. */
export function register(cases: Command, app: App, runF: RunFn<ListCasesFlags> = listRun): Command {
  const cmd = cases
    .command('list')
    .description("the company's cases, newest first")
    .option('--internal-id <text>', 'internal id contains (case-insensitive)')
    .option('--vin <text>', 'a document VIN contains')
    .option('--case-type <uuid>', 'use case id');
  return listOptions(cmd, 20).action(app.action(runF));
}

export async function listRun(opts: RunOptions<ListCasesFlags>): Promise<void> {
  const { f } = opts;
  const client = await f.client();
  const limit = await cappedLimit(f.io, opts.limit);
  const query = { internal_id: opts.internalId, vin: opts.vin, case_type: opts.caseType, limit, offset: opts.offset };
  await f.io.list(() => client.cases.list(query, { signal: f.signal }), opts, renderCaseList, 'No cases.');
}
