import type { Command } from 'commander';
import { CASE_ARG } from '../../caseResolution.js';
import { jsonObjectArg, outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../kit.js';
import { renderMetadata } from '../../render/cases.js';

export interface MetadataFlags extends OutputFlags {
  case?: string;
  set?: string;
}

/** `vcase cases metadata`: read it, or `--set` to append an entry. */
export function register(cases: Command, app: App, runF: RunFn<MetadataFlags> = metadataRun): Command {
  const cmd = cases
    .command('metadata')
    .description('business metadata of a case; --set appends an entry')
    .argument(...CASE_ARG)
    .option('--set <json>', 'append this JSON object (or @file) as a history entry');
  return outputOptions(cmd).action(app.action(runF));
}

export async function metadataRun(opts: RunOptions<MetadataFlags>): Promise<void> {
  const { f } = opts;
  const client = await f.client();
  const caseId = await f.cases.resolve(opts.case);
  const request = { signal: f.signal };
  const body = opts.set
    ? await client.cases.appendMetadata(caseId, (await jsonObjectArg(f.ctx, opts.set, '--set')) as Record<string, never>, request)
    : await client.cases.metadata(caseId, request);
  await f.io.show(opts, body, () => renderMetadata(body, f.io.style));
}
