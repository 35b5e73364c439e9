import type { Command } from 'commander';
import { warnUnknownType } from '../../documentTypes.js';
import { jsonObjectArg, outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../kit.js';
import { renderDocument } from '../../render/documents.js';
import { DOCUMENT_ARG, resolveDocument } from './documentArg.js';

export interface OcrFlags extends OutputFlags {
  document?: string;
  parsedData: string;
  jsonOcr?: string;
  type?: string;
}

/** `vcase documents ocr`: OCR injected by hand. */
export function register(documents: Command, app: App, runF: RunFn<OcrFlags> = ocrRun): Command {
  const cmd = documents
    .command('ocr')
    .description('inject OCR by hand: the document becomes processed with this data')
    .argument(...DOCUMENT_ARG)
    .requiredOption('--parsed-data <json>', 'parsed_data: a JSON object, or @file')
    .option('--json-ocr <json>', 'json_ocr: a JSON object, or @file')
    .option('--type <type>', 'document type');
  return outputOptions(cmd).action(app.action(runF));
}

export async function ocrRun(opts: RunOptions<OcrFlags>): Promise<void> {
  const { f } = opts;
  const client = await f.client();
  const id = await resolveDocument(f, client, opts.document);
  await warnUnknownType(f.io, opts.type);
  const jsonObject = async (value: string, what: string) => (await jsonObjectArg(f.ctx, value, what)) as Record<string, never>;
  const ocr = {
    parsed_data: await jsonObject(opts.parsedData, '--parsed-data'),
    ...(opts.jsonOcr ? { json_ocr: await jsonObject(opts.jsonOcr, '--json-ocr') } : {}),
    ...(opts.type ? { type: opts.type } : {}),
  };
  const body = await client.documents.patchOcr(id, ocr, { signal: f.signal });
  await f.io.show(opts, body, () => renderDocument(body, f.io.style, id));
}
