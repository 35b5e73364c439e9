import path from 'node:path';
import type { Command } from 'commander';
import { batchOptions, type BatchFlags } from '../../batchOptions.js';
import { runBatch } from '../../batch/runner.js';
import { uploadJob } from '../../batch/uploadRows.js';
import { TYPE_HELP, warnUnknownType } from '../../documentTypes.js';
import { UsageError } from '../../errors.js';
import { isUrl } from '../../localFiles.js';
import { outputOptions, positiveInt, type App, type OutputFlags, type RunFn, type RunOptions } from '../../kit.js';
import { runLookup } from '../../lookup.js';
import { ocrSpec } from './ocrSpec.js';

export interface UploadFlags extends OutputFlags, BatchFlags {
  file?: string;
  case?: string;
  type?: string;
  mimeType?: string;
  parent?: string;
  watch?: boolean;
  timeout: number;
}

const HELP = `
Batch rows (--from FILE or --from - for stdin), NDJSON or CSV with a header:
  case_id or internal_id   the case (internal_id is resolved through the case list)
  file                     a local path (relative to the working directory) or an http(s) URL
  mime_type, type          optional; parent_file_id optional
One NDJSON result per row on stdout, in completion order:
  {"row":1,"ok":true,"key":"…","input":{…},"case_id":"…","document_id":"…","url":"…"}
  {"row":2,"ok":false,"key":"…","input":{…},"error":{"code":"CASE_NOT_FOUND","message":"…"}}
Each upload carries an Idempotency-Key derived from its case (however the row names it), file
and fields, so a rerun returns the same documents instead of duplicating them (within 24 h);
--resume skips the rows a previous output marks ok.
A refused credential (exit 3), five rows in a row that cannot reach the server or get a
server error (5xx, after retries), or an output closed early (exit 1) stop the batch with that
hint. GET invoices lists documents of type
invoice: give a CFDI "type": "invoice" to have it checked.
${TYPE_HELP}

Examples:
  $ vcase documents upload factura.xml --case EXP-1042 --type invoice --watch
  $ vcase documents upload --from - --concurrency 8 < rows.csv > results.ndjson
  $ vcase documents upload --from rows.ndjson --resume results.ndjson >> results.ndjson`;

/** `vcase documents upload`: one file (path or URL), or many with `--from`. */
export function register(documents: Command, app: App, runF: RunFn<UploadFlags> = uploadRun): Command {
  const cmd = documents
    .command('upload')
    .description('upload a file (path or URL) to a case, or many with --from')
    .argument('[file]', 'a local path or an http(s) URL')
    .option('--case <case>', 'case_id or internal_id (picked on a terminal; default for --from rows)')
    .option('--type <type>', 'document type (automatic classification when omitted; default for --from rows)')
    .option('--mime-type <mime>', 'MIME type (inferred from the file name when omitted)')
    .option('--parent <document>', 'parent document in the same case')
    .option('--watch', 'wait for the OCR of the uploaded file (exit 5 if it fails)')
    .option('--timeout <seconds>', 'with --watch: give up after this long', positiveInt, 300);
  return batchOptions(outputOptions(cmd)).addHelpText('after', HELP).action(app.action(runF));
}

export async function uploadRun(opts: RunOptions<UploadFlags>): Promise<number | void> {
  const { f } = opts;
  const client = await f.client();
  if (opts.from) {
    if (opts.file) throw new UsageError('give either a file argument or --from, not both');
    const caseDefault = opts.case ? await f.cases.resolve(opts.case) : undefined;
    const job = uploadJob(client, { cwd: f.ctx.cwd, defaults: { case_id: caseDefault, type: opts.type } });
    return runBatch(f, { from: opts.from, format: opts.format, concurrency: opts.concurrency, resume: opts.resume }, job);
  }
  const target = await f.prompts.required(opts.file, 'file argument (a path or URL), or --from for a batch', (p) =>
    p.input('File (path or URL)', { required: true }),
  );
  await warnUnknownType(f.io, opts.type);
  const caseId = await f.cases.resolve(opts.case);
  const file = isUrl(target) ? target : path.resolve(f.ctx.cwd, target);
  const upload = { case_id: caseId, file, type: opts.type, mime_type: opts.mimeType, parent_file_id: opts.parent };
  const res = await client.documents.upload(upload, { signal: f.signal });
  if (opts.watch) return runLookup(f, ocrSpec(client, res.document_id), { watch: true, json: opts.json, timeout: opts.timeout });
  await (opts.json ? f.io.json(res) : f.io.line(`Uploaded document ${res.document_id}\n${res.url}`, res.document_id, res.url));
}
