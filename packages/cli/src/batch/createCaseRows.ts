import path from 'node:path';
import { inferMimeType } from '@vcase/sdk';
import type { Client } from '../context.js';
import { CaseResolver } from './caseResolver.js';
import { digest, field, invalid, type BatchJob } from './runner.js';
import { KeyedLock } from './semaphore.js';
import { checkLocalFiles, isUrl } from '../localFiles.js';
import { KNOWN_TYPES_TEXT, unknownTypeWarning } from '../documentTypes.js';
import { replayWatch, uploadKey } from './uploadRows.js';

export interface CaseFileInput {
  file: string;
  mime_type?: string;
  type?: string;
}

export interface CaseRow {
  internal_id: string;
  status: string;
  vehicle_origin?: string;
  initial_status?: string;
  use_case?: string;
  metadata?: Record<string, unknown>;
  files: CaseFileInput[];
}

/**
 * `vcase cases create --from`: each row creates one case (`internal_id`, `status`, optional
 * `vehicle_origin`, `initial_status`, `use_case`, `metadata`) with its files: URLs go in the
 * create call (the server downloads them), local paths are uploaded after it with
 * row-derived idempotency keys. A case whose internal_id already exists (active) is not
 * created again: the row reports it with `created: false` and only its local files are
 * (idempotently) uploaded, so a rerun never duplicates.
 */
export function createCasesJob(client: Client, opts: { cwd: string; defaults: { status?: string; type?: string } }): BatchJob<CaseRow> {
  const resolver = new CaseResolver(client);
  const lock = new KeyedLock();
  return {
    noun: 'case',
    prepare(record) {
      const internal_id = field(record, 'internal_id');
      const status = field(record, 'status') ?? opts.defaults.status;
      if (!internal_id) throw invalid('internal_id is required');
      if (!status) throw invalid('status is required (a column, or --status)');
      let metadata = record.metadata;
      if (typeof metadata === 'string') {
        try {
          metadata = JSON.parse(metadata);
        } catch {
          throw invalid('metadata is not valid JSON');
        }
      }
      if (metadata !== undefined && (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))) {
        throw invalid('metadata must be a JSON object');
      }
      const files = readFiles(record, opts.defaults.type);
      for (const f of files) {
        if (isUrl(f.file) && !(f.mime_type ?? inferMimeType(f.file))) {
          throw invalid(`mime_type is needed for ${f.file} (not inferable from its name)`);
        }
      }
      return {
        internal_id,
        status,
        vehicle_origin: field(record, 'vehicle_origin'),
        initial_status: field(record, 'initial_status'),
        use_case: field(record, 'use_case'),
        metadata: metadata as Record<string, unknown> | undefined,
        files,
      };
    },
    warnings: (r) => [...new Set(r.files.map((f) => unknownTypeWarning(f.type)).filter((w) => w !== undefined))],
    warningHint: `known types: ${KNOWN_TYPES_TEXT}`,
    identity: (r) => [
      'case',
      r.internal_id,
      r.status,
      r.vehicle_origin ?? null,
      r.initial_status ?? null,
      r.use_case ?? null,
      r.metadata ?? null,
      r.files,
    ],
    exec(row, key, signal) {
      // Two rows of one internal_id in one batch must not both create it.
      return lock.run(row.internal_id, async () => {
        let caseId = await resolver.find(row.internal_id, signal);
        const created = caseId === null;
        // A case found by its internal_id and files uploaded again under their keys: nothing new.
        const replay = replayWatch();
        let extra: Record<string, unknown> = {};
        if (caseId === null) {
          // A row whose file cannot be read or would be refused fails before its case exists.
          await checkLocalFiles(
            opts.cwd,
            row.files.filter((f) => !isUrl(f.file)),
          );
          const urlFiles = row.files.filter((f) => isUrl(f.file));
          const res = await client.cases.create(
            {
              internal_id: row.internal_id,
              status: row.status,
              ...(row.vehicle_origin ? { vehicle_origin: row.vehicle_origin as 'Nacional' | 'Importado' } : {}),
              ...(row.initial_status ? { initial_status: row.initial_status } : {}),
              ...(row.use_case ? { use_case: row.use_case } : {}),
              ...(row.metadata ? { metadata: row.metadata as Record<string, never> } : {}),
              ...(urlFiles.length ? { files: urlFiles.map(createFile) } : {}),
            },
            { signal, idempotencyKey: `vcase-cli-${digest([key], 40)}`, onResponse: replay.onResponse },
          );
          caseId = res.case_id;
          resolver.remember(row.internal_id, caseId);
          extra = 'job_id' in res ? { job_id: res.job_id, total_files: res.total_files } : {};
        }
        const document_ids: string[] = [];
        for (const f of row.files) {
          if (isUrl(f.file)) continue;
          const upload = { case_id: caseId, file: path.resolve(opts.cwd, f.file), mime_type: f.mime_type, type: f.type };
          const res = await client.documents.upload(upload, { signal, idempotencyKey: uploadKey(upload), onResponse: replay.onResponse });
          document_ids.push(res.document_id);
        }
        const replayed = created ? replay.replayed() : replay.replayed() || document_ids.length === 0;
        return { case_id: caseId, created, ...extra, ...(document_ids.length ? { document_ids } : {}), replayed };
      });
    },
  };
}

/** `files` (an array, a JSON array, or `|`-separated), else one `file` column. */
function readFiles(record: Record<string, unknown>, defaultType?: string): CaseFileInput[] {
  let list = record.files;
  if (typeof list === 'string') {
    const text = list.trim();
    if (text.startsWith('[')) {
      try {
        list = JSON.parse(text);
      } catch {
        throw invalid('files is not valid JSON');
      }
    } else
      list = text
        .split('|')
        .map((s) => s.trim())
        .filter(Boolean);
  }
  const out: CaseFileInput[] = [];
  if (Array.isArray(list)) {
    for (const item of list) {
      if (typeof item === 'string') out.push({ file: item, type: defaultType });
      else if (item && typeof item === 'object') {
        const o = item as Record<string, unknown>;
        const file = field(o, 'file', 'url', 'path');
        if (!file) throw invalid('each files[] item needs file (a path or URL)');
        out.push({ file, mime_type: field(o, 'mime_type'), type: field(o, 'type', 'document_type') ?? defaultType });
      } else throw invalid('files must hold paths, URLs or objects');
    }
  } else if (list !== undefined) throw invalid('files must be an array');
  const single = field(record, 'file', 'url', 'path');
  if (single) {
    out.push({ file: single, mime_type: field(record, 'mime_type'), type: field(record, 'type', 'document_type') ?? defaultType });
  }
  return out;
}

/** A URL file as the create call takes it (its MIME type checked inferable when the row was read). */
function createFile(f: CaseFileInput) {
  return { url: f.file, mime_type: f.mime_type ?? inferMimeType(f.file)!, ...(f.type ? { document_type: f.type } : {}) };
}
