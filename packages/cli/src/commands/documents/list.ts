import type { Command } from 'commander';
import { nonNegativeInt, outputOptions, positiveInt, type App, type RunFn, type RunOptions } from '../../kit.js';
import type { ListFlags } from '../../output.js';
import { cappedLimit, MAX_PAGE_SIZE } from '../../pageLimit.js';
import { renderDocumentList } from '../../render/documents.js';

export interface ListDocumentsFlags extends ListFlags {
  case?: string;
  document?: string;
  limit: number;
  offset: number;
}

/** `vcase documents list`. */
export function register(documents: Command, app: App, runF: RunFn<ListDocumentsFlags> = listRun): Command {
  const cmd = documents
    .command('list')
    .description("the company's documents, newest first")
    .option('--case <case>', 'only this case (case_id or internal_id)')
    .option('--document <id>', 'only this document_id')
    .option('--limit <n>', `page size (max ${MAX_PAGE_SIZE}; a larger one is capped, with a note)`, positiveInt, 10)
    .option('--offset <n>', 'items to skip', nonNegativeInt, 0)
    .option('--all', 'every page (the table, or one --json body); --ndjson always streams every page');
  return outputOptions(cmd, { list: true }).action(app.action(runF));
}

export async function listRun(opts: RunOptions<ListDocumentsFlags>): Promise<void> {
  const { f } = opts;
  const client = await f.client();
  const caseId = opts.case ? await f.cases.resolve(opts.case) : undefined;
  const query = { case_id: caseId, document_id: opts.document, limit: await cappedLimit(f.io, opts.limit), offset: opts.offset };
  await f.io.list(() => client.documents.list(query, { signal: f.signal }), opts, renderDocumentList, 'No documents.');
}
