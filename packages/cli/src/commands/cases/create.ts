import path from 'node:path';
import type { Command } from 'commander';
import type { CreateCaseParams } from '@vcase/sdk';
import { batchOptions, type BatchFlags } from '../../batchOptions.js';
import { runBatch } from '../../batch/runner.js';
import { TYPE_HELP, warnUnknownType } from '../../documentTypes.js';
import { EXIT, UsageError } from '../../errors.js';
import { jsonObjectArg, outputOptions, type App, type OutputFlags, type RunFn, type RunOptions } from '../../kit.js';
import { checkLocalFiles, isUrl } from '../../localFiles.js';
import { confirmNewInternalId, createWithCatalog } from './createChecks.js';

export interface CreateCaseFlags extends OutputFlags, BatchFlags {
  internalId?: string;
  status?: string;
  vehicleOrigin?: string;
  initialStatus?: string;
  useCase?: string;
  metadata?: string;
  file?: string[];
  type?: string;
  allowDuplicate?: boolean;
}

const HELP = `
Batch rows (--from): internal_id, status (or --status), optional vehicle_origin, initial_status,
use_case, metadata (JSON), and files: NDJSON "files": ["a.pdf", {"file": "https://…/b.xml",
"mime_type": "application/xml", "type": "invoice"}], CSV a "file" column (with mime_type/type) or
"files" as a JSON array or paths separated by "|". An internal_id that already exists is not
created again ("created": false), and its local files upload under the same Idempotency-Keys
as \`documents upload --from\` (a rerun adds no copies). Result per row on stdout:
  {"row":1,"ok":true,"key":"…","input":{…},"case_id":"…","created":true,"document_ids":["…"]}

${TYPE_HELP}

Examples:
  $ vcase cases create --internal-id EXP-1042 --status nuevo --file factura.xml --type invoice
  $ vcase cases create --from cases.csv --status nuevo --concurrency 8 > results.ndjson`;

/** `vcase cases create`: one case (with files), or many with `--from`. */
export function register(cases: Command, app: App, runF: RunFn<CreateCaseFlags> = createRun): Command {
  const cmd = cases
    .command('create')
    .description('create a case (optionally with files), or many with --from')
    .option('--internal-id <id>', "client's reference (prompted on a terminal)")
    .option('--status <status>', 'initial status from the company catalog, e.g. nuevo (prompted on a terminal; default for --from rows)')
    .option('--vehicle-origin <origin>', 'Nacional or Importado')
    .option('--initial-status <status>', 'alternative initial status')
    .option('--use-case <uuid>', 'catalog use case')
    .option('--metadata <json>', 'business data: a JSON object, or @file')
    .option('--file <path-or-url...>', 'files to attach: URLs go in the create call, paths are uploaded after it')
    .option('--type <type>', 'document type of the files (default for --from rows)')
    .option('--allow-duplicate', 'create it even when a case with this internal_id exists (asked on a terminal)');
  return batchOptions(outputOptions(cmd)).addHelpText('after', HELP).action(app.action(runF));
}

export async function createRun(opts: RunOptions<CreateCaseFlags>): Promise<number | void> {
  const { f } = opts;
  const client = await f.client();
  if (opts.from) {
    if (opts.internalId || opts.file) {
      throw new UsageError('--from takes internal_id and files from the rows; drop --internal-id/--file');
    }
    if (opts.allowDuplicate) {
      const why = '--from creates each internal_id once (a row whose case exists reports "created": false)';
      throw new UsageError(`${why}; drop --allow-duplicate`);
    }
    const { createCasesJob } = await import('../../batch/createCaseRows.js');
    const job = createCasesJob(client, { cwd: f.ctx.cwd, defaults: { status: opts.status, type: opts.type } });
    return runBatch(f, { from: opts.from, format: opts.format, concurrency: opts.concurrency, resume: opts.resume }, job);
  }
  const internal_id = await f.prompts.required(opts.internalId, '--internal-id', (p) => p.input('Internal id', { required: true }));
  // The catalog is known from the server's refusal only: a status it does not hold is picked again from it.
  const status = await f.prompts.required(opts.status, '--status', (p) =>
    p.input("Status (from the company's catalog)", { default: 'nuevo', required: true }),
  );
  await warnUnknownType(f.io, opts.type);
  const files = opts.file ?? [];
  const body: CreateCaseParams = {
    internal_id,
    status,
    ...(opts.vehicleOrigin ? { vehicle_origin: opts.vehicleOrigin as 'Nacional' | 'Importado' } : {}),
    ...(opts.initialStatus ? { initial_status: opts.initialStatus } : {}),
    ...(opts.useCase ? { use_case: opts.useCase } : {}),
    ...(opts.metadata ? { metadata: (await jsonObjectArg(f.ctx, opts.metadata, '--metadata')) as CreateCaseParams['metadata'] } : {}),
    ...(await urlFiles(files.filter(isUrl), opts.type)),
  };
  const localFiles = files.filter((file) => !isUrl(file));
  // A file that cannot be read or would be refused must fail the command before the case exists.
  await checkLocalFiles(
    f.ctx.cwd,
    localFiles.map((file) => ({ file })),
  );
  if (!(await confirmNewInternalId(f, client, internal_id, opts.allowDuplicate))) {
    await f.io.err('Cancelled.\n');
    return EXIT.USAGE;
  }
  const created = await createWithCatalog(f, client, body);
  const documents = [];
  for (const file of localFiles) {
    const upload = { case_id: created.case_id, file: path.resolve(f.ctx.cwd, file), type: opts.type };
    documents.push(await client.documents.upload(upload, { signal: f.signal }));
  }
  if (opts.json) return void (await f.io.json(documents.length ? { ...created, documents } : created));
  const queued = 'job_id' in created ? `, ${created.total_files} file(s) queued as job ${created.job_id}` : '';
  await f.io.line(`Created case ${created.case_id} (${internal_id})${queued}.`, created.case_id);
  for (const d of documents) await f.io.line(`Uploaded document ${d.document_id}`, d.document_id);
}

/** URLs go in the create call, each with its MIME type (inferred from its name). */
async function urlFiles(urls: string[], type: string | undefined): Promise<Pick<CreateCaseParams, 'files'>> {
  if (!urls.length) return {};
  const { inferMimeType } = await import('@vcase/sdk');
  return {
    files: urls.map((url) => {
      const mime_type = inferMimeType(url);
      if (!mime_type) throw new UsageError(`cannot infer the MIME type of ${url}; upload it with \`vcase documents upload --mime-type\``);
      return { url, mime_type, ...(type ? { document_type: type } : {}) };
    }),
  };
}
