import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
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

/** The columns an OCR outcome writes besides `status` and `ocr_run` (`writeOcrResult`). */
export type OcrColumns = Pick<
  DocumentRow,
  'type' | 'subtype' | 'json_ocr' | 'parsed_data' | 'validity' | 'vin' | 'ocr_id' | 'processed_at' | 'updated_at'
> &
  Partial<Pick<DocumentRow, 'classification_method' | 'classification_confidence' | 'sha256'>>;

/**
 * Writes an OCR outcome: the document becomes `processed`. With `run` (an engine run), only
 * while that is still the document's run, keeping a type given by hand meanwhile; without,
 * always, ending every run in flight. Answers the type as written; undefined: nothing was.
 */
export function writeOcrResult(db: Kysely<Database>, documentId: string, columns: OcrColumns, run?: string) {
  const kept = <T>(column: 'type' | 'classification_method' | 'classification_confidence', value: T) =>
    run === undefined
      ? value
      : sql<T>`case when classification_method = 'manual' and type is not null then ${sql.ref(column)} else ${value} end`;
  const { classification_method: method, classification_confidence: confidence } = columns;
  return db
    .updateTable('documents')
    .set({
      ...columns,
      type: kept('type', columns.type),
      ...(method !== undefined ? { classification_method: kept('classification_method', method) } : {}),
      ...(confidence !== undefined ? { classification_confidence: kept('classification_confidence', confidence) } : {}),
      status: 'processed',
      ocr_run: run ?? null,
    })
    .where('id', '=', documentId)
    .$if(run !== undefined, (q) => q.where('ocr_run', '=', run ?? null))
    .returning('type')
    .executeTakeFirst();
}

/** The document as a run found it: its run token and OCR version. */
type RunSeen = Pick<DocumentRow, 'id' | 'ocr_run' | 'ocr_id'>;

/** The document still as `seen` (null-safe on the nullable tokens). */
function unchangedSince(seen: RunSeen) {
  return (eb: ExpressionBuilder<Database, 'documents'>) =>
    eb.and([
      eb('id', '=', seen.id),
      seen.ocr_run === null ? eb('ocr_run', 'is', null) : eb('ocr_run', '=', seen.ocr_run),
      seen.ocr_id === null ? eb('ocr_id', 'is', null) : eb('ocr_id', '=', seen.ocr_id),
    ]);
}

/** Takes the document for engine run `run` (`processing`) unless another took it since `seen`; whether it did. */
export async function claimDocumentRun(db: Kysely<Database>, seen: RunSeen, run: string, at: string): Promise<boolean> {
  const res = await db
    .updateTable('documents')
    .set({ status: 'processing', ocr_run: run, updated_at: at })
    .where(unchangedSince(seen))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Marks the document `error` with `validity`, unless another run or OCR by hand took it since `seen`. */
export async function failDocumentRun(db: Kysely<Database>, seen: RunSeen, validity: string, at: string) {
  await db.updateTable('documents').set({ status: 'error', validity, updated_at: at }).where(unchangedSince(seen)).execute();
}

/** Active, processed documents of the case of these types: what their parsed data says, by file. */
export function listProcessedDocumentsOfTypes(db: Kysely<Database>, caseId: string, types: string[]) {
  return db
    .selectFrom('documents')
    .select(['id', 'type', 'parsed_data'])
    .where('case_id', '=', caseId)
    .where('active', '=', 1)
    .where('status', '=', 'processed')
    .where('type', 'in', types)
    .execute();
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
