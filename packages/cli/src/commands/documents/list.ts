import type { Command } from 'commander';
import { listOptions, type App, type RunFn, type RunOptions } from '../../kit.js';
import type { ListFlags } from '../../output.js';
import { cappedLimit } from '../../pageLimit.js';
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
    .option('--document <id>', 'only this document_id');
  return listOptions(cmd, 10).action(app.action(runF));
}

export async function listRun(opts: RunOptions<ListDocumentsFlags>): Promise<void> {
  const { f } = opts;
  const client = await f.client();
  const caseId = opts.case ? await f.cases.resolve(opts.case) : undefined;
  const query = { case_id: caseId, document_id: opts.document, limit: await cappedLimit(f.io, opts.limit), offset: opts.offset };
  await f.io.list(() => client.documents.list(query, { signal: f.signal }), opts, renderDocumentList, 'No documents.');
}
