import type { Command } from 'commander';
import { CASE_ARG } from '../../caseResolution.js';
import { outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../kit.js';
import { renderCaseDetail } from '../../render/cases.js';
import { pipedNote, reviewStatusNote } from '../../render/reviewStatus.js';

export interface GetCaseFlags extends OutputFlags {
  case?: string;
  allFiles?: boolean;
}

/** `vcase cases get`. */
export function register(cases: Command, app: App, runF: RunFn<GetCaseFlags> = getRun): Command {
  const cmd = cases
    .command('get')
    .description('a case and its documents')
    .argument(...CASE_ARG)
    .option('--all-files', 'include inactive documents');
  return outputOptions(cmd).action(app.action(runF));
}

export async function getRun(opts: RunOptions<GetCaseFlags>): Promise<void> {
  const { f } = opts;
  const client = await f.client();
  const caseId = await f.cases.resolve(opts.case);
  const body = await client.cases.get(caseId, opts.allFiles ? { files: 'all' } : {}, { signal: f.signal });
  await f.io.show(opts, body, () => renderCaseDetail(body, f.io.style));
  await pipedNote(f.io, opts, reviewStatusNote(body));
}
