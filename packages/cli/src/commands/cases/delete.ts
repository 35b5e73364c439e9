import type { Command } from 'commander';
import { CASE_ARG } from '../../caseResolution.js';
import { EXIT } from '../../errors.js';
import { outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../kit.js';

export interface DeleteCaseFlags extends OutputFlags {
  case?: string;
  yes?: boolean;
}

/** `vcase cases delete`: a soft delete, confirmed. */
export function register(cases: Command, app: App, runF: RunFn<DeleteCaseFlags> = deleteRun): Command {
  const cmd = cases
    .command('delete')
    .description('soft-delete a case (its files are kept)')
    .argument(...CASE_ARG)
    .option('-y, --yes', 'do not ask for confirmation');
  return outputOptions(cmd).action(app.action(runF));
}

export async function deleteRun(opts: RunOptions<DeleteCaseFlags>): Promise<number | void> {
  const { f } = opts;
  const client = await f.client();
  const caseId = await f.cases.resolve(opts.case);
  if (!(await f.prompts.confirm(`Delete case ${f.cases.label(caseId)}?`, opts.yes))) {
    await f.io.err('Cancelled.\n');
    return EXIT.USAGE;
  }
  const body = await client.cases.delete(caseId, { signal: f.signal });
  await (opts.json ? f.io.json(body) : f.io.line(`Deleted case ${body.case_id}.`, body.case_id, 'deleted'));
}
