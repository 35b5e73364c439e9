import type { Command } from 'commander';
import { CASE_ARG } from '../../caseResolution.js';
import { outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../kit.js';
import { renderVins } from '../../render/cases.js';

export interface VinsFlags extends OutputFlags {
  case?: string;
}

/** `vcase cases vins`. */
export function register(cases: Command, app: App, runF: RunFn<VinsFlags> = vinsRun): Command {
  const cmd = cases
    .command('vins')
    .description('primary VIN and the VINs found per document')
    .argument(...CASE_ARG);
  return outputOptions(cmd).action(app.action(runF));
}

export async function vinsRun(opts: RunOptions<VinsFlags>): Promise<void> {
  const { f } = opts;
  const client = await f.client();
  const body = await client.cases.vins(await f.cases.resolve(opts.case), { signal: f.signal });
  await f.io.show(opts, body, () => renderVins(body, f.io.style));
}
