import type { Command } from 'commander';
import { CASE_ARG } from '../../caseResolution.js';
import { watchOptions, type App, type RunFn, type RunOptions, type WatchFlags } from '../../kit.js';
import { runLookup } from '../../lookup.js';
import { processingSpec } from './processingSpec.js';

export interface ProcessCaseFlags extends WatchFlags {
  case?: string;
}

/** `vcase cases process`: queue the case's processing, `--watch` until it ends. */
export function register(cases: Command, app: App, runF: RunFn<ProcessCaseFlags> = processRun): Command {
  const cmd = cases
    .command('process')
    .description('queue OCR and extraction of the case documents')
    .argument(...CASE_ARG);
  return watchOptions(cmd, { watch: 'wait until processing ends (exit 5 if it ends in error)' }).action(app.action(runF));
}

export async function processRun(opts: RunOptions<ProcessCaseFlags>): Promise<number> {
  const { f } = opts;
  const client = await f.client();
  const caseId = await f.cases.resolve(opts.case);
  return runLookup(f, processingSpec(client, caseId), { ...opts, run: true });
}
