import type { Command } from 'commander';
import { CASE_ARG } from '../../caseResolution.js';
import { watchOptions, type App, type RunFn, type RunOptions, type WatchFlags } from '../../kit.js';
import { runLookup } from '../../lookup.js';
import { processingSpec } from './processingSpec.js';

export interface CaseStatusFlags extends WatchFlags {
  case?: string;
}

/** `vcase cases status`: the latest processing job, `--watch` until it ends. */
export function register(cases: Command, app: App, runF: RunFn<CaseStatusFlags> = statusRun): Command {
  const cmd = cases
    .command('status')
    .description('the latest processing job')
    .argument(...CASE_ARG);
  return watchOptions(cmd, { watch: 'wait until processing ends' }).action(app.action(runF));
}

export async function statusRun(opts: RunOptions<CaseStatusFlags>): Promise<number> {
  const { f } = opts;
  const client = await f.client();
  return runLookup(f, processingSpec(client, await f.cases.resolve(opts.case, { mustExist: opts.watch })), opts);
}
