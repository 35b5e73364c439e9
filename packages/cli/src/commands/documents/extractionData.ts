import type { Command } from 'commander';
import { outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../kit.js';
import { renderExtraction } from '../../render/documents.js';
import { DOCUMENT_ARG, resolveDocument } from './documentArg.js';

export interface ExtractionDataFlags extends OutputFlags {
  document?: string;
}

/** `vcase documents extraction-data`. */
export function register(documents: Command, app: App, runF: RunFn<ExtractionDataFlags> = extractionDataRun): Command {
  const cmd = documents
    .command('extraction-data')
    .description('validity, QR codes and barcodes, owner data')
    .argument(...DOCUMENT_ARG);
  return outputOptions(cmd).action(app.action(runF));
}

export async function extractionDataRun(opts: RunOptions<ExtractionDataFlags>): Promise<void> {
  const { f } = opts;
  const client = await f.client();
  const body = await client.documents.extractionData(await resolveDocument(f, client, opts.document), { signal: f.signal });
  await f.io.show(opts, body, () => renderExtraction(body, f.io.style));
}
