import type { Kysely, Selectable } from 'kysely';
import type { Database, DocumentsTable } from '../db/database.js';

export type DocumentRow = Selectable<DocumentsTable>;

export function listCaseDocuments(db: Kysely<Database>, caseId: string, opts: { includeInactive: boolean }) {
  let q = db.selectFrom('documents').selectAll().where('case_id', '=', caseId);
  if (!opts.includeInactive) q = q.where('active', '=', 1);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}
