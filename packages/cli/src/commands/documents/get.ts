import type { Command } from 'commander';
import { outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../kit.js';
import { renderDocument } from '../../render/documents.js';
import { DOCUMENT_ARG, resolveDocument } from './documentArg.js';

export interface GetDocumentFlags extends OutputFlags {
  document?: string;
}

/** `vcase documents get`. */
export function register(documents: Command, app: App, runF: RunFn<GetDocumentFlags> = getRun): Command {
  const cmd = documents
    .command('get')
    .description('metadata, OCR status, validity and parsed data')
    .argument(...DOCUMENT_ARG);
  return outputOptions(cmd).action(app.action(runF));
}

export async function getRun(opts: RunOptions<GetDocumentFlags>): Promise<void> {
  const { f } = opts;
  const client = await f.client();
  const id = await resolveDocument(f, client, opts.document);
  const body = await client.documents.get(id, { signal: f.signal });
  await f.io.show(opts, body, () => renderDocument(body, f.io.style, id));
}
