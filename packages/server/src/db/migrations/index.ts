import type { Kysely, Migration, MigrationProvider } from 'kysely';
import * as core from './001_core.js';
import * as jobsWebhooks from './002_jobs_webhooks.js';
import * as documents from './003_documents.js';
import * as readPaths from './004_read_paths.js';
import * as readRevisions from './005_read_revisions.js';
import * as storedFiles from './006_stored_files.js';
import * as fileSegments from './007_file_segments.js';
import * as webhookSecretsTokens from './008_webhook_secrets_tokens.js';
import * as fileChunks from './009_pg_file_chunks.js';
import * as hardening from './010_hardening.js';
import * as metrics from './011_metrics.js';
import * as caseFilesJob from './012_case_files_job.js';

/**
 * Migrations as an explicit in-code map: a directory-reading provider breaks once the
 * server is bundled. Names sort in the order they run.
 */
export const migrations: Record<string, Migration> = {
  '001_core': core,
  '002_jobs_webhooks': jobsWebhooks,
  '003_documents': documents,
  '004_read_paths': readPaths,
  '005_read_revisions': readRevisions,
  '006_stored_files': storedFiles,
  '007_file_segments': fileSegments,
  '008_webhook_secrets_tokens': webhookSecretsTokens,
  '009_pg_file_chunks': fileChunks,
  '010_hardening': hardening,
  '011_metrics': metrics,
  '012_case_files_job': caseFilesJob,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};

export type { Kysely };
