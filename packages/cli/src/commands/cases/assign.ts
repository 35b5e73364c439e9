import type { Command } from 'commander';
import { CASE_ARG } from '../../caseResolution.js';
import { outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../kit.js';
import { renderAssign } from '../../render/cases.js';

export interface AssignFlags extends OutputFlags {
  case?: string;
  user?: string;
}

/** `vcase cases assign`. */
export function register(cases: Command, app: App, runF: RunFn<AssignFlags> = assignRun): Command {
  const cmd = cases
    .command('assign')
    .description('assign a case to a user of the company (appends to the history)')
    .argument(...CASE_ARG)
    .option('--user <id>', 'user uid or pid (prompted on a terminal)');
  return outputOptions(cmd).action(app.action(runF));
}

export async function assignRun(opts: RunOptions<AssignFlags>): Promise<void> {
  const { f } = opts;
  const client = await f.client();
  const caseId = await f.cases.resolve(opts.case);
  const user = await f.prompts.required(opts.user, '--user', (p) => p.input('User (uid or pid)', { required: true }));
  const body = await client.cases.assign(caseId, user, { signal: f.signal });
  await f.io.show(opts, body, () => renderAssign(body, f.io.style));
}
