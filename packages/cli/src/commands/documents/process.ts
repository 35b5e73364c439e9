import type { Command } from 'commander';
import { watchOptions, type App, type RunFn, type RunOptions, type WatchFlags } from '../../kit.js';
import { runLookup } from '../../lookup.js';
import { DOCUMENT_ARG, resolveDocument } from './documentArg.js';
import { ocrSpec } from './ocrSpec.js';

export interface ProcessDocumentFlags extends WatchFlags {
  document?: string;
}

/** `vcase documents process`: run automatic OCR, `--watch` until it ends. */
export function register(documents: Command, app: App, runF: RunFn<ProcessDocumentFlags> = processRun): Command {
  const cmd = documents
    .command('process')
    .description('run automatic OCR on the document')
    .argument(...DOCUMENT_ARG);
  return watchOptions(cmd, { watch: 'wait for the OCR (exit 5 if it fails)' }).action(app.action(runF));
}

export async function processRun(opts: RunOptions<ProcessDocumentFlags>): Promise<number> {
  const { f } = opts;
  const client = await f.client();
  const id = await resolveDocument(f, client, opts.document);
  const spec = {
    ...ocrSpec(client, id),
    start: (r: { signal?: AbortSignal }) => client.documents.process(id, r),
    started: (b: { job_id: string }) => `OCR queued: job ${b.job_id}.`,
  };
  return runLookup(f, spec, { ...opts, run: true });
}
