import type { Command } from 'commander';
import { CASE_ARG } from '../../caseResolution.js';
import { outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../kit.js';
import { renderNames } from '../../render/cases.js';

export interface NamesFlags extends OutputFlags {
  case?: string;
}

const STILL_PROCESSING = 'Documents of this case are still being read: more names may come; ask again in a few seconds.\n';

/** `vcase cases names`. */
export function register(cases: Command, app: App, runF: RunFn<NamesFlags> = namesRun): Command {
  const cmd = cases
    .command('names')
    .description('names consolidated from the documents')
    .argument(...CASE_ARG);
  return outputOptions(cmd).action(app.action(runF));
}

export async function namesRun(opts: RunOptions<NamesFlags>): Promise<void> {
  const { f } = opts;
  const client = await f.client();
  const body = await client.cases.names(await f.cases.resolve(opts.case), { signal: f.signal });
  await f.io.show(opts, body, () => renderNames(body, f.io.style));
  // On stderr, so piped rows stay rows: the list may still grow.
  if (!opts.json && body.status === 'processing') await f.io.err(STILL_PROCESSING);
}
