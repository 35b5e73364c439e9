import type { Command } from 'commander';
import { warnUnknownType } from '../../documentTypes.js';
import { watchOptions, type App, type RunFn, type RunOptions, type WatchFlags } from '../../kit.js';
import { runLookup } from '../../lookup.js';
import { DOCUMENT_ARG, resolveDocument } from './documentArg.js';
import { ocrSpec } from './ocrSpec.js';

export interface ReclassifyFlags extends WatchFlags {
  document?: string;
  type: string;
}

/** `vcase documents reclassify`: change the type and rerun OCR. */
export function register(documents: Command, app: App, runF: RunFn<ReclassifyFlags> = reclassifyRun): Command {
  const cmd = documents
    .command('reclassify')
    .description('change the type and rerun OCR')
    .argument(...DOCUMENT_ARG)
    .requiredOption('--type <type>', 'the new type');
  return watchOptions(cmd, { watch: 'wait for the new OCR (exit 5 if it fails)' }).action(app.action(runF));
}

export async function reclassifyRun(opts: RunOptions<ReclassifyFlags>): Promise<number> {
  const { f, type } = opts;
  const client = await f.client();
  const id = await resolveDocument(f, client, opts.document);
  await warnUnknownType(f.io, type);
  const spec = {
    ...ocrSpec(client, id),
    start: (r: { signal?: AbortSignal }) => client.documents.reclassify(id, type, r),
    started: (b: { job_id: string }) => `Reclassified as ${type}; OCR job ${b.job_id}.`,
  };
  return runLookup(f, spec, { ...opts, run: true });
}
