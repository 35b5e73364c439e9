import type { Command } from 'commander';
import { warnUnknownType } from '../../documentTypes.js';
import { outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../kit.js';
import { renderClassify } from '../../render/documents.js';
import { DOCUMENT_ARG, resolveDocument } from './documentArg.js';

export interface ClassifyFlags extends OutputFlags {
  document?: string;
  type?: string;
}

/** `vcase documents classify`: set the type, or detect it from the content. */
export function register(documents: Command, app: App, runF: RunFn<ClassifyFlags> = classifyRun): Command {
  const cmd = documents
    .command('classify')
    .description('set the type (--type), or classify from the content')
    .argument(...DOCUMENT_ARG)
    .option('--type <type>', 'the type to set');
  return outputOptions(cmd).action(app.action(runF));
}

export async function classifyRun(opts: RunOptions<ClassifyFlags>): Promise<void> {
  const { f } = opts;
  const client = await f.client();
  await warnUnknownType(f.io, opts.type);
  const body = await client.documents.classify(await resolveDocument(f, client, opts.document), opts.type, { signal: f.signal });
  await f.io.show(opts, body, () => renderClassify(body, f.io.style));
}
