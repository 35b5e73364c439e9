import path from 'node:path';
import type { Command } from 'commander';
import type { DocumentDetail } from '@vcase/sdk';
import { runBatch } from '../batch/runner.js';
import { isUrl, uploadJob } from '../batch/uploadRows.js';
import type { Client } from '../context.js';
import { EXIT, UsageError } from '../errors.js';
import { jsonObjectArg, nonNegativeInt, outputOptions, positiveInt, watchOptions, type App, type OutputFlags, type WatchFlags } from '../kit.js';
import { runLookup, type LookupSpec } from '../lookup.js';
import { renderClassify, renderDocument, renderDocumentList, renderExtraction } from '../render/documents.js';
import { isUuid, type Session } from '../session.js';
import { batchOptions, type BatchFlags } from '../batchOptions.js';
import { TYPE_HELP, warnUnknownType } from '../documentTypes.js';
import { cappedLimit, MAX_PAGE_SIZE } from '../pageLimit.js';

const DOC_ARG = ['[document]', 'document_id (picked from a case on a terminal when missing)'] as const;

export function register(program: Command, app: App): void {
  const documents = program.command('documents').description('list, upload, classify, OCR and delete documents');

  outputOptions(
    documents
      .command('list')
      .description("the company's documents, newest first")
      .option('--case <case>', 'only this case (case_id or internal_id)')
      .option('--document <id>', 'only this document_id')
      .option('--limit <n>', `page size (max ${MAX_PAGE_SIZE}; a larger one is capped, with a note)`, positiveInt, 10)
      .option('--offset <n>', 'items to skip', nonNegativeInt, 0)
      .option('--all', 'every page (the table, or one --json body); --ndjson always streams every page'),
    { list: true },
  ).action(
    app.action<OutputFlags & { case?: string; document?: string; limit: number; offset: number; all?: boolean }>(async (s, _a, o) => {
      const client = await s.client();
      const query = { case_id: o.case ? await s.caseId(o.case) : undefined, document_id: o.document, limit: await cappedLimit(s, o.limit), offset: o.offset };
      await s.list(() => client.documents.list(query, { signal: s.signal }), o, renderDocumentList, 'No documents.');
    }),
  );

  outputOptions(documents.command('get').description('metadata, OCR status, validity and parsed data').argument(...DOC_ARG)).action(
    app.action<OutputFlags>(async (s, [arg], o) => {
      const client = await s.client();
      const id = await documentId(s, client, arg);
      const body = await client.documents.get(id, { signal: s.signal });
      await (o.json ? s.json(body) : s.out(renderDocument(body, s.style, id)));
    }),
  );

  const upload = documents
    .command('upload')
    .description('upload a file (path or URL) to a case, or many with --from')
    .argument('[file]', 'a local path or an http(s) URL')
    .option('--case <case>', 'case_id or internal_id (picked on a terminal; default for --from rows)')
    .option('--type <type>', 'document type (automatic classification when omitted; default for --from rows)')
    .option('--mime-type <mime>', 'MIME type (inferred from the file name when omitted)')
    .option('--parent <document>', 'parent document in the same case')
    .option('--watch', 'wait for the OCR of the uploaded file (exit 5 if it fails)')
    .option('--timeout <seconds>', 'with --watch: give up after this long', positiveInt, 300);
  batchOptions(outputOptions(upload))
    .addHelpText(
      'after',
      `
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
  $ vcase documents upload --from rows.ndjson --resume results.ndjson >> results.ndjson`,
    )
    .action(
      app.action<OutputFlags & BatchFlags & { case?: string; type?: string; mimeType?: string; parent?: string; watch?: boolean; timeout: number }>(async (s, [file], o) => {
        const client = await s.client();
        if (o.from) {
          if (file) throw new UsageError('give either a file argument or --from, not both');
          const caseDefault = o.case ? await s.caseId(o.case) : undefined;
          const job = uploadJob(client, { cwd: s.ctx.cwd, defaults: { case_id: caseDefault, type: o.type } });
          return runBatch(s, { from: o.from, format: o.format, concurrency: o.concurrency, resume: o.resume }, job);
        }
        const target = await s.required(file, 'file argument (a path or URL), or --from for a batch', () => s.ctx.prompter.input('File (path or URL)', { required: true }));
        await warnUnknownType(s, o.type);
        const caseId = await s.caseId(o.case);
        const res = await client.documents.upload(
          { case_id: caseId, file: isUrl(target) ? target : path.resolve(s.ctx.cwd, target), type: o.type, mime_type: o.mimeType, parent_file_id: o.parent },
          { signal: s.signal },
        );
        if (!o.watch) {
          await (o.json ? s.json(res) : s.out(s.style.tty ? `Uploaded document ${res.document_id}\n${res.url}\n` : `${res.document_id}\t${res.url}\n`));
          return;
        }
        return runLookup(s, ocrSpec(client, res.document_id), { watch: true, json: o.json, timeout: o.timeout });
      }),
    );

  outputOptions(documents.command('delete').description('soft-delete a document').argument(...DOC_ARG).option('-y, --yes', 'do not ask for confirmation')).action(
    app.action<OutputFlags & { yes?: boolean }>(async (s, [arg], o) => {
      const client = await s.client();
      const id = await documentId(s, client, arg);
      if (!(await s.confirm(`Delete document ${id}?`, o.yes))) {
        await s.err('Cancelled.\n');
        return EXIT.USAGE;
      }
      const body = await client.documents.delete(id, { signal: s.signal });
      await (o.json ? s.json(body) : s.out(s.style.tty ? `Deleted document ${body.document_id}.\n` : `${body.document_id}\tdeleted\n`));
    }),
  );

  outputOptions(documents.command('restore').description('restore a soft-deleted document').argument(...DOC_ARG)).action(
    app.action<OutputFlags>(async (s, [arg], o) => {
      const client = await s.client();
      const body = await client.documents.restore(await documentId(s, client, arg), { signal: s.signal });
      await (o.json ? s.json(body) : s.out(s.style.tty ? `Restored document ${body.document_id}.\n` : `${body.document_id}\trestored\n`));
    }),
  );

  outputOptions(documents.command('classify').description('set the type (--type), or classify from the content').argument(...DOC_ARG).option('--type <type>', 'the type to set')).action(
    app.action<OutputFlags & { type?: string }>(async (s, [arg], o) => {
      const client = await s.client();
      await warnUnknownType(s, o.type);
      const body = await client.documents.classify(await documentId(s, client, arg), o.type, { signal: s.signal });
      await (o.json ? s.json(body) : s.out(renderClassify(body, s.style)));
    }),
  );

  watchOptions(documents.command('reclassify').description('change the type and rerun OCR').argument(...DOC_ARG).requiredOption('--type <type>', 'the new type'), {
    watch: 'wait for the new OCR (exit 5 if it fails)',
  }).action(
    app.action<WatchFlags & { type: string }>(async (s, [arg], o) => {
      const client = await s.client();
      const id = await documentId(s, client, arg);
      await warnUnknownType(s, o.type);
      const spec = ocrSpec(client, id);
      return runLookup(s, { ...spec, start: (r) => client.documents.reclassify(id, o.type, r), started: (b) => `Reclassified as ${o.type}; OCR job ${b.job_id}.` }, { ...o, run: true });
    }),
  );

  watchOptions(documents.command('process').description('run automatic OCR on the document').argument(...DOC_ARG), { watch: 'wait for the OCR (exit 5 if it fails)' }).action(
    app.action<WatchFlags>(async (s, [arg], o) => {
      const client = await s.client();
      const id = await documentId(s, client, arg);
      return runLookup(s, { ...ocrSpec(client, id), start: (r) => client.documents.process(id, r), started: (b) => `OCR queued: job ${b.job_id}.` }, { ...o, run: true });
    }),
  );

  outputOptions(
    documents
      .command('ocr')
      .description('inject OCR by hand: the document becomes processed with this data')
      .argument(...DOC_ARG)
      .requiredOption('--parsed-data <json>', 'parsed_data: a JSON object, or @file')
      .option('--json-ocr <json>', 'json_ocr: a JSON object, or @file')
      .option('--type <type>', 'document type'),
  ).action(
    app.action<OutputFlags & { parsedData: string; jsonOcr?: string; type?: string }>(async (s, [arg], o) => {
      const client = await s.client();
      const id = await documentId(s, client, arg);
      await warnUnknownType(s, o.type);
      const body = await client.documents.patchOcr(
        id,
        {
          parsed_data: (await jsonObjectArg(s.ctx, o.parsedData, '--parsed-data')) as Record<string, never>,
          ...(o.jsonOcr ? { json_ocr: (await jsonObjectArg(s.ctx, o.jsonOcr, '--json-ocr')) as Record<string, never> } : {}),
          ...(o.type ? { type: o.type } : {}),
        },
        { signal: s.signal },
      );
      await (o.json ? s.json(body) : s.out(renderDocument(body, s.style, id)));
    }),
  );

  outputOptions(documents.command('extraction-data').description('validity, QR codes and barcodes, owner data').argument(...DOC_ARG)).action(
    app.action<OutputFlags>(async (s, [arg], o) => {
      const client = await s.client();
      const body = await client.documents.extractionData(await documentId(s, client, arg), { signal: s.signal });
      await (o.json ? s.json(body) : s.out(renderExtraction(body, s.style)));
    }),
  );
}

function ocrSpec(client: Client, id: string): LookupSpec<DocumentDetail, { job_id: string }> {
  return {
    what: 'OCR',
    read: (r) => client.documents.get(id, r),
    wait: (w) => client.documents.waitForOcr(id, w),
    // Also an OCR that ran but could not read the file (json_ocr.error, e.g. unreadable_pdf).
    failed: (b) =>
      (b as { status?: string }).status === 'error' ||
      b.validity.document_validity === 'error' ||
      typeof (b.json_ocr as { error?: unknown } | null)?.error === 'string',
    progress: (b) => (b as { status?: string }).status ?? 'running',
    render: (b, style) => renderDocument(b, style, id),
    followUp: `vcase documents get ${id}`,
  };
}

/** A document id as given, or on a terminal: pick a case, then one of its documents. */
async function documentId(s: Session, client: Client, arg: string | undefined): Promise<string> {
  if (arg && !isUuid(arg)) throw new UsageError(`"${arg}" is not a document_id (a UUID)`, 'hint: `vcase documents list --case <case>` lists them');
  if (arg) return arg;
  if (!s.interactive) throw new UsageError('missing argument: document (a document_id)', 'hint: prompts need a terminal on stdin and stdout');
  const caseId = await s.caseId(undefined);
  const page = await client.documents.list({ case_id: caseId, limit: 100 }, { signal: s.signal });
  if (!page.data.length) throw new UsageError(`case ${caseId} has no documents`);
  return s.ctx.prompter.select(
    'Document',
    page.data.map((d) => ({ name: `${d.type ?? '(unclassified)'}  ${d.status ?? ''}  ${d.created_at.slice(0, 16)}${d.active ? '' : '  (deleted)'}`, value: d.document_id, description: d.document_id })),
  );
}
