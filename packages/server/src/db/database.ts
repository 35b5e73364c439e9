import type { ColumnType, Generated } from 'kysely';
import type { AccessTokensTable, TokenCutoffsTable, TokenRevisionTable } from '../auth/tokens.table.js';
import type { JobsTable } from '../jobs/jobs.table.js';
import type { WebhookDeliveriesTable, WebhookRegistrationsTable } from '../webhooks/webhooks.table.js';

/**
 * Row types. Timestamps are ISO 8601 strings, JSON columns are text, booleans are 0/1
 * integers: the same rows on SQLite and PostgreSQL.
 */
export interface CompaniesTable {
  id: string;
  name: string;
  status_catalog: string; // JSON string[]
  created_at: string;
}

export interface UseCasesTable {
  id: string;
  company_id: string;
  name: string;
  created_at: string;
}

export interface UsersTable {
  id: string; // the uid
  company_id: string;
  pid: string | null;
  name: string | null;
  email: string | null;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  company_id: string;
  name: string | null;
  key_hash: string;
  created_at: string;
  revoked_at: string | null;
}

export interface CasesTable {
  id: string;
  company_id: string | null;
  internal_id: string;
  status: string;
  review_status: string | null;
  vehicle_origin: string;
  use_case_id: string | null;
  user_id_added_by: string | null;
  created_by: string | null;
  assigned_to: string | null;
  active: number;
  created_at: string;
  updated_at: string;
  plates_computed_at: string | null;
  /** The processing job given the files sent at creation; null without files (migration 012). */
  files_job_id: string | null;
}

export interface CaseAssignmentsTable {
  id: string;
  case_id: string;
  assigned_user_id: string;
  assigned_by: string | null;
  user_label: string;
  pid: string | null;
  label: string;
  created_at: string;
}

export interface CaseMetadataEntriesTable {
  id: string;
  case_id: string;
  user_id: string | null;
  data: string; // JSON object
  created_at: string;
}

export interface DocumentsTable {
  id: string;
  company_id: string;
  case_id: string;
  parent_id: string | null;
  type: string | null;
  subtype: string | null;
  mime_type: string;
  status: string;
  storage_key: string | null;
  source_url: string | null;
  size_bytes: number | null;
  sha256: string | null;
  parsed_data: string | null; // JSON object, null until OCR finishes
  json_ocr: string | null; // JSON object, null until OCR finishes
  validity: string | null; // JSON {document_validity, codes, userInfo}
  classification_method: string | null;
  classification_confidence: number | null;
  vin: string | null; // extracted VIN, indexed for the case list's `vin` filter
  active: number;
  created_at: string;
  updated_at: string;
  processed_at: string | null;
  ocr_id: string | null; // id of the OCR record that produced parsed_data
  /** The one engine run allowed to write this document's OCR (the latest queued); null: none. */
  ocr_run: string | null;
  file_name: string | null;
}

export interface SandboxFixturesTable {
  source: string;
  key: string;
  outcome: string; // JSON object
  updated_at: string;
}

export interface IdempotencyKeysTable {
  company_id: string;
  route: string;
  key: string;
  body_hash: string;
  status_code: number;
  response_body: string;
  created_at: string;
}

/** One plate read from one document (contract §2.4 row, before the portal lookup). */
export interface CasePlatesTable {
  id: string;
  case_id: string;
  plate: string;
  entity: string;
  document_type: string;
  document_date: string; // DD/MM/YYYY or ''
  file_id: string;
  ocr_id: string;
  niv: string | null;
  motor_number: string | null;
  owner_name: string | null;
  position: number;
}

/** The official portal's answer for one plate of one case (contract §2.4 portal fields). */
export interface PlatePortalLookupsTable {
  case_id: string;
  plate: string;
  lookup_status: string | null; // null | pending | found | error
  plate_status: string | null;
  valid_from: string | null;
  valid_until: string | null;
  previous_plate: string | null;
  job_id: string | null;
  raw: string | null;
  updated_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** Active cases per company and the revision of its case list, kept by triggers on `cases` (migrations 004, 005). */
export interface CompanyCaseCountsTable {
  company_id: string;
  active_cases: number;
  list_revision: Generated<number | string>;
}

/** A case's revision: moves on every write to the case or its rows (migration 005). */
export interface CaseRevisionsTable {
  case_id: string;
  revision: number | string;
}

/** Content of a small stored file, by its storage key (migration 006). */
export interface StoredFilesTable {
  key: string;
  /** Empty when the content lies in a segment file (`segment`). */
  content: Buffer;
  created_at: string;
  segment: ColumnType<string | null, string | null | undefined, never>;
  segment_offset: ColumnType<number | null, number | null | undefined, never>;
  segment_length: ColumnType<number | null, number | null | undefined, never>;
  /** How many `stored_file_chunks` rows hold the content (a large file on PostgreSQL); null otherwise. */
  chunks: ColumnType<number | null, number | null | undefined, never>;
}

/** One piece of a large stored file's content (`storage/fileChunks.ts`). */
export interface StoredFileChunksTable {
  key: string;
  seq: number;
  content: Buffer;
}

export interface Database {
  companies: CompaniesTable;
  use_cases: UseCasesTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  access_tokens: AccessTokensTable;
  token_cutoffs: TokenCutoffsTable;
  token_revision: TokenRevisionTable;
  cases: CasesTable;
  company_case_counts: CompanyCaseCountsTable;
  case_revisions: CaseRevisionsTable;
  stored_files: StoredFilesTable;
  stored_file_chunks: StoredFileChunksTable;
  case_assignments: CaseAssignmentsTable;
  case_metadata_entries: CaseMetadataEntriesTable;
  documents: DocumentsTable;
  sandbox_fixtures: SandboxFixturesTable;
  settings: SettingsTable;
  idempotency_keys: IdempotencyKeysTable;
  case_plates: CasePlatesTable;
  plate_portal_lookups: PlatePortalLookupsTable;
  jobs: JobsTable;
  webhook_registrations: WebhookRegistrationsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export type { Generated };
