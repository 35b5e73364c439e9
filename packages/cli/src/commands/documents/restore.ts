import type { Command } from 'commander';
import { outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../kit.js';
import { DOCUMENT_ARG, resolveDocument } from './documentArg.js';

export interface RestoreFlags extends OutputFlags {
  document?: string;
}

/** `vcase documents restore`. */
export function register(documents: Command, app: App, runF: RunFn<RestoreFlags> = restoreRun): Command {
  const cmd = documents
    .command('restore')
    .description('restore a soft-deleted document')
    .argument(...DOCUMENT_ARG);
  return outputOptions(cmd).action(app.action(runF));
}

export async function restoreRun(opts: RunOptions<RestoreFlags>): Promise<void> {
  const { f } = opts;
  const client = await f.client();
  const body = await client.documents.restore(await resolveDocument(f, client, opts.document), { signal: f.signal });
  await (opts.json ? f.io.json(body) : f.io.line(`Restored document ${body.document_id}.`, body.document_id, 'restored'));
}
