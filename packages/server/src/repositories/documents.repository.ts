import type { Kysely, Selectable } from 'kysely';
import type { Database, DocumentsTable } from '../db/database.js';

export type DocumentRow = Selectable<DocumentsTable>;

export function listCaseDocuments(db: Kysely<Database>, caseId: string, opts: { includeInactive: boolean }) {
  let q = db.selectFrom('documents').selectAll().where('case_id', '=', caseId);
  if (!opts.includeInactive) q = q.where('active', '=', 1);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function insertDocument(db: Kysely<Database>, row: DocumentRow) {
  await db.insertInto('documents').values(row).execute();
}

/** A document of the company whose case is still active. */
export function findCompanyDocument(db: Kysely<Database>, companyId: string, documentId: string) {
  return db
    .selectFrom('documents')
    .innerJoin('cases', 'cases.id', 'documents.case_id')
    .selectAll('documents')
    .where('documents.id', '=', documentId)
    .where('documents.company_id', '=', companyId)
    .where('cases.active', '=', 1)
    .executeTakeFirst();
}

export function findDocument(db: Kysely<Database>, documentId: string) {
  return db.selectFrom('documents').selectAll().where('id', '=', documentId).executeTakeFirst();
}

/** What GET /files/<key> needs of the document a stored file belongs to, and of its case. */
export function findStoredFileOwner(db: Kysely<Database>, key: string) {
  return db
    .selectFrom('documents')
    .innerJoin('cases', 'cases.id', 'documents.case_id')
    .select(['documents.mime_type', 'documents.file_name', 'documents.active', 'cases.active as case_active'])
    .where('documents.storage_key', '=', key)
    .executeTakeFirst();
}

export async function updateDocument(db: Kysely<Database>, id: string, patch: Partial<DocumentRow>) {
  await db.updateTable('documents').set(patch).where('id', '=', id).execute();
}

export interface DocumentListFilter {
  companyId: string;
  caseId?: string;
  documentId?: string;
  limit: number;
  offset: number;
}

/** The company's documents of active cases, newest first. */
export async function listDocuments(db: Kysely<Database>, f: DocumentListFilter) {
  let q = db
    .selectFrom('documents')
    .innerJoin('cases', 'cases.id', 'documents.case_id')
    .where('documents.company_id', '=', f.companyId)
    .where('cases.active', '=', 1);
  if (f.caseId) q = q.where('documents.case_id', '=', f.caseId);
  if (f.documentId) q = q.where('documents.id', '=', f.documentId);
  const [rows, count] = await Promise.all([
    q
      .selectAll('documents')
      .orderBy('documents.created_at', 'desc')
      .orderBy('documents.id', 'desc')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** What the derived-data rules read of a processed document (no OCR text or validity). */
export type ProcessedDocumentSummary = Pick<DocumentRow, 'id' | 'type' | 'ocr_id' | 'parsed_data' | 'storage_key' | 'created_at'>;

/** True while an active document of the case waits for or runs its own OCR job (`ocr_run`). */
export async function hasDocumentOcrInFlight(db: Kysely<Database>, caseId: string): Promise<boolean> {
  const row = await db
    .selectFrom('documents')
    .innerJoin('jobs', 'jobs.id', 'documents.ocr_run')
    .select('documents.id')
    .where('documents.case_id', '=', caseId)
    .where('documents.active', '=', 1)
    .where('jobs.status', 'in', ['pending', 'processing'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Active, processed documents of a case, newest first, without their (large) OCR columns. */
export function listProcessedDocumentSummaries(db: Kysely<Database>, caseId: string): Promise<ProcessedDocumentSummary[]> {
  return db
    .selectFrom('documents')
    .select(['id', 'type', 'ocr_id', 'parsed_data', 'storage_key', 'created_at'])
    .where('case_id', '=', caseId)
    .where('active', '=', 1)
    .where('status', '=', 'processed')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
