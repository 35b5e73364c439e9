import { isUuid } from '@vcase/sdk';
import type { Client } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';

/** The `[document]` argument of every command about one document. */
export const DOCUMENT_ARG = ['[document]', 'document_id (picked from a case on a terminal when missing)'] as const;

/** A document id as given, or on a terminal: pick a case, then one of its documents. */
export async function resolveDocument(f: Factory, client: Client, arg: string | undefined): Promise<string> {
  if (arg && !isUuid(arg)) {
    throw new UsageError(`"${arg}" is not a document_id (a UUID)`, 'hint: `vcase documents list --case <case>` lists them');
  }
  if (arg) return arg;
  if (!f.prompts.interactive) {
    throw new UsageError('missing argument: document (a document_id)', 'hint: prompts need a terminal on stdin and stdout');
  }
  const caseId = await f.cases.resolve(undefined);
  const page = await client.documents.list({ case_id: caseId, limit: 100 }, { signal: f.signal });
  if (!page.data.length) throw new UsageError(`case ${caseId} has no documents`);
  return f.prompts.prompter.select(
    'Document',
    page.data.map((d) => ({
      name: `${d.type ?? '(unclassified)'}  ${d.status ?? ''}  ${d.created_at.slice(0, 16)}${d.active ? '' : '  (deleted)'}`,
      value: d.document_id,
      description: d.document_id,
    })),
  );
}
