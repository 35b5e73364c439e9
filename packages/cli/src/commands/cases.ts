import path from 'node:path';
import type { Command } from 'commander';
import type { CreateCaseParams } from '@vcase/sdk';
import { runBatch } from '../batch/runner.js';
import { isUrl } from '../batch/uploadRows.js';
import { checkLocalFiles } from '../localFiles.js';
import { EXIT, UsageError } from '../errors.js';
import { jsonObjectArg, nonNegativeInt, outputOptions, positiveInt, watchOptions, type App, type OutputFlags, type WatchFlags } from '../kit.js';
import { runLookup } from '../lookup.js';
import { renderAssign, renderCaseDetail, renderCaseList, renderCaseStatus, renderMetadata, renderNames, renderVins } from '../render/cases.js';
import { batchOptions, type BatchFlags } from '../batchOptions.js';
import { TYPE_HELP, warnUnknownType } from '../documentTypes.js';
import { confirmNewInternalId, createWithCatalog } from '../createCase.js';
import { cappedLimit, MAX_PAGE_SIZE } from '../pageLimit.js';
import { pipedNote, reviewStatusNote } from '../render/reviewStatus.js';

const CASE_ARG = ['[case]', 'case_id or internal_id (picked from a list on a terminal when missing)'] as const;

const NAMES_STILL_PROCESSING =
  'Documents of this case are still being read: more names may come; ask again in a few seconds.\n';

export function register(program: Command, app: App): void {
  const cases = program.command('cases').description('list, create, inspect, assign, process and delete cases');

  outputOptions(
    cases
      .command('list')
      .description("the company's cases, newest first")
      .option('--internal-id <text>', 'internal id contains (case-insensitive)')
      .option('--vin <text>', 'a document VIN contains')
      .option('--case-type <uuid>', 'use case id')
      .option('--limit <n>', `page size (max ${MAX_PAGE_SIZE}; a larger one is capped, with a note)`, positiveInt, 20)
      .option('--offset <n>', 'items to skip', nonNegativeInt, 0)
      .option('--all', 'every page (the table, or one --json body); --ndjson always streams every page'),
    { list: true },
  ).action(
    app.action<OutputFlags & { internalId?: string; vin?: string; caseType?: string; limit: number; offset: number; all?: boolean }>(async (s, _a, o) => {
      const client = await s.client();
      const query = { internal_id: o.internalId, vin: o.vin, case_type: o.caseType, limit: await cappedLimit(s, o.limit), offset: o.offset };
      await s.list(() => client.cases.list(query, { signal: s.signal }), o, renderCaseList, 'No cases.');
    }),
  );

  outputOptions(cases.command('get').description('a case and its documents').argument(...CASE_ARG).option('--all-files', 'include inactive documents')).action(
    app.action<OutputFlags & { allFiles?: boolean }>(async (s, [arg], o) => {
      const client = await s.client();
      const body = await client.cases.get(await s.caseId(arg), o.allFiles ? { files: 'all' } : {}, { signal: s.signal });
      await (o.json ? s.json(body) : s.out(renderCaseDetail(body, s.style)));
      await pipedNote(s, o, reviewStatusNote(body));
    }),
  );

  batchOptions(
    outputOptions(
      cases
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
        .option('--allow-duplicate', 'create it even when a case with this internal_id exists (asked on a terminal)'),
    ),
  )
    .addHelpText(
      'after',
      `
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
  $ vcase cases create --from cases.csv --status nuevo --concurrency 8 > results.ndjson`,
    )
    .action(
      app.action<
        OutputFlags &
          BatchFlags & { internalId?: string; status?: string; vehicleOrigin?: string; initialStatus?: string; useCase?: string; metadata?: string; file?: string[]; type?: string; allowDuplicate?: boolean }
      >(async (s, _a, o) => {
        const client = await s.client();
        if (o.from) {
          if (o.internalId || o.file) throw new UsageError('--from takes internal_id and files from the rows; drop --internal-id/--file');
          if (o.allowDuplicate) throw new UsageError('--from creates each internal_id once (a row whose case exists reports "created": false); drop --allow-duplicate');
          const { createCasesJob } = await import('../batch/createCaseRows.js');
          const job = createCasesJob(client, { cwd: s.ctx.cwd, defaults: { status: o.status, type: o.type } });
          return runBatch(s, { from: o.from, format: o.format, concurrency: o.concurrency, resume: o.resume }, job);
        }
        const internal_id = await s.required(o.internalId, '--internal-id', () => s.ctx.prompter.input('Internal id', { required: true }));
        // The catalog is known from the server's refusal only: a status it does not hold is picked again from it.
        const status = await s.required(o.status, '--status', () => s.ctx.prompter.input("Status (from the company's catalog)", { default: 'nuevo', required: true }));
        await warnUnknownType(s, o.type);
        const { inferMimeType } = await import('@vcase/sdk');
        const files = o.file ?? [];
        const urls = files.filter(isUrl);
        const body: CreateCaseParams = {
          internal_id,
          status,
          ...(o.vehicleOrigin ? { vehicle_origin: o.vehicleOrigin as 'Nacional' | 'Importado' } : {}),
          ...(o.initialStatus ? { initial_status: o.initialStatus } : {}),
          ...(o.useCase ? { use_case: o.useCase } : {}),
          ...(o.metadata ? { metadata: (await jsonObjectArg(s.ctx, o.metadata, '--metadata')) as CreateCaseParams['metadata'] } : {}),
          ...(urls.length
            ? {
                files: urls.map((url) => {
                  const mime_type = inferMimeType(url);
                  if (!mime_type) throw new UsageError(`cannot infer the MIME type of ${url}; upload it with \`vcase documents upload --mime-type\``);
                  return { url, mime_type, ...(o.type ? { document_type: o.type } : {}) };
                }),
              }
            : {}),
        };
        // A file that cannot be read or would be refused must fail the command before the case exists.
        await checkLocalFiles(s.ctx.cwd, files.filter((f) => !isUrl(f)).map((file) => ({ file })));
        if (!(await confirmNewInternalId(s, client, internal_id, o.allowDuplicate))) {
          await s.err('Cancelled.\n');
          return EXIT.USAGE;
        }
        const created = await createWithCatalog(s, client, body);
        const documents = [];
        for (const file of files.filter((f) => !isUrl(f))) {
          documents.push(await client.documents.upload({ case_id: created.case_id, file: path.resolve(s.ctx.cwd, file), type: o.type }, { signal: s.signal }));
        }
        if (o.json) return void (await s.json(documents.length ? { ...created, documents } : created));
        await s.out(s.style.tty ? `Created case ${created.case_id} (${internal_id})${'job_id' in created ? `, ${created.total_files} file(s) queued as job ${created.job_id}` : ''}.\n` : `${created.case_id}\n`);
        for (const d of documents) await s.out(s.style.tty ? `Uploaded document ${d.document_id}\n` : `${d.document_id}\n`);
      }),
    );

  outputOptions(cases.command('delete').description('soft-delete a case (its files are kept)').argument(...CASE_ARG).option('-y, --yes', 'do not ask for confirmation')).action(
    app.action<OutputFlags & { yes?: boolean }>(async (s, [arg], o) => {
      const client = await s.client();
      const caseId = await s.caseId(arg);
      if (!(await s.confirm(`Delete case ${s.caseLabel(caseId)}?`, o.yes))) {
        await s.err('Cancelled.\n');
        return EXIT.USAGE;
      }
      const body = await client.cases.delete(caseId, { signal: s.signal });
      await (o.json ? s.json(body) : s.out(s.style.tty ? `Deleted case ${body.case_id}.\n` : `${body.case_id}\tdeleted\n`));
    }),
  );

  outputOptions(cases.command('assign').description('assign a case to a user of the company (appends to the history)').argument(...CASE_ARG).option('--user <id>', 'user uid or pid (prompted on a terminal)')).action(
    app.action<OutputFlags & { user?: string }>(async (s, [arg], o) => {
      const client = await s.client();
      const caseId = await s.caseId(arg);
      const user = await s.required(o.user, '--user', () => s.ctx.prompter.input('User (uid or pid)', { required: true }));
      const body = await client.cases.assign(caseId, user, { signal: s.signal });
      await (o.json ? s.json(body) : s.out(renderAssign(body, s.style)));
    }),
  );

  watchOptions(cases.command('process').description('queue OCR and extraction of the case documents').argument(...CASE_ARG), {
    watch: 'wait until processing ends (exit 5 if it ends in error)',
  }).action(
    app.action<WatchFlags>(async (s, [arg], o) => {
      const client = await s.client();
      const caseId = await s.caseId(arg);
      return runLookup(s, processingSpec(client, caseId), { ...o, run: true });
    }),
  );

  watchOptions(cases.command('status').description('the latest processing job').argument(...CASE_ARG), { watch: 'wait until processing ends' }).action(
    app.action<WatchFlags>(async (s, [arg], o) => {
      const client = await s.client();
      return runLookup(s, processingSpec(client, await s.caseId(arg, { mustExist: o.watch })), o);
    }),
  );

  outputOptions(cases.command('names').description('names consolidated from the documents').argument(...CASE_ARG)).action(
    app.action<OutputFlags>(async (s, [arg], o) => {
      const client = await s.client();
      const body = await client.cases.names(await s.caseId(arg), { signal: s.signal });
      await (o.json ? s.json(body) : s.out(renderNames(body, s.style)));
      // On stderr, so piped rows stay rows: the list may still grow.
      if (!o.json && body.status === 'processing') await s.err(NAMES_STILL_PROCESSING);
    }),
  );

  outputOptions(cases.command('vins').description('primary VIN and the VINs found per document').argument(...CASE_ARG)).action(
    app.action<OutputFlags>(async (s, [arg], o) => {
      const client = await s.client();
      const body = await client.cases.vins(await s.caseId(arg), { signal: s.signal });
      await (o.json ? s.json(body) : s.out(renderVins(body, s.style)));
    }),
  );

  outputOptions(
    cases
      .command('metadata')
      .description('business metadata of a case; --set appends an entry')
      .argument(...CASE_ARG)
      .option('--set <json>', 'append this JSON object (or @file) as a history entry'),
  ).action(
    app.action<OutputFlags & { set?: string }>(async (s, [arg], o) => {
      const client = await s.client();
      const caseId = await s.caseId(arg);
      const body = o.set
        ? await client.cases.appendMetadata(caseId, (await jsonObjectArg(s.ctx, o.set, '--set')) as Record<string, never>, { signal: s.signal })
        : await client.cases.metadata(caseId, { signal: s.signal });
      await (o.json ? s.json(body) : s.out(renderMetadata(body, s.style)));
    }),
  );
}

function processingSpec(client: Awaited<ReturnType<App['ctx']['createClient']>>, caseId: string) {
  return {
    what: 'case processing',
    start: (r: { signal?: AbortSignal }) => client.cases.process(caseId, r),
    read: (r: { signal?: AbortSignal }) => client.cases.status(caseId, r),
    wait: (w: Parameters<typeof client.cases.waitForCaseProcessing>[1]) => client.cases.waitForCaseProcessing(caseId, w),
    failed: (b: { status: string }) => b.status === 'error',
    progress: (b: { status: string; processed_files: number; total_files: number }) => `${b.status} · ${b.processed_files}/${b.total_files} files`,
    render: renderCaseStatus,
    started: (b: { job_id: string }) => `Processing queued: job ${b.job_id}.`,
    followUp: `vcase cases status ${caseId} --watch`,
  };
}
