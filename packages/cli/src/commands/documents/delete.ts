import type { Command } from 'commander';
import { EXIT } from '../../errors.js';
import { outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../kit.js';
import { DOCUMENT_ARG, resolveDocument } from './documentArg.js';

export interface DeleteDocumentFlags extends OutputFlags {
  document?: string;
  yes?: boolean;
}

/** `vcase documents delete`: a soft delete, confirmed. */
export function register(documents: Command, app: App, runF: RunFn<DeleteDocumentFlags> = deleteRun): Command {
  const cmd = documents
    .command('delete')
    .description('soft-delete a document')
    .argument(...DOCUMENT_ARG)
    .option('-y, --yes', 'do not ask for confirmation');
  return outputOptions(cmd).action(app.action(runF));
}

export async function deleteRun(opts: RunOptions<DeleteDocumentFlags>): Promise<number | void> {
  const { f } = opts;
  const client = await f.client();
  const id = await resolveDocument(f, client, opts.document);
  if (!(await f.prompts.confirm(`Delete document ${id}?`, opts.yes))) {
    await f.io.err('Cancelled.\n');
    return EXIT.USAGE;
  }
  const body = await client.documents.delete(id, { signal: f.signal });
  await (opts.json ? f.io.json(body) : f.io.line(`Deleted document ${body.document_id}.`, body.document_id, 'deleted'));
}
