import path from 'node:path';
import { isUuid } from '@vcase/sdk';
import type { Client } from '../context.js';
import { isUrl } from '../localFiles.js';
import { KNOWN_TYPES_TEXT, unknownTypeWarning } from '../documentTypes.js';
import { CaseResolver } from './caseResolver.js';
import { digest, field, invalid, type BatchJob } from './runner.js';

export interface UploadRow {
  case_id?: string;
  internal_id?: string;
  /** A local path (relative to the working directory) or an http(s) URL. */
  file: string;
  mime_type?: string;
  type?: string;
  parent_file_id?: string;
}

/**
 * Whether every call it watched was answered from the server's idempotency record
 * (`idempotent-replayed: true`): the row's work was done by an earlier run.
 */
export function replayWatch() {
  let calls = 0;
  let replays = 0;
  return {
    onResponse: (r: { headers: Headers }) => {
      calls++;
      if (r.headers.get('idempotent-replayed') === 'true') replays++;
    },
    replayed: () => calls > 0 && replays === calls,
  };
}

/**
 * The Idempotency-Key of one upload: from the case it resolved to (however the row named it:
 * a UUID in any case, an internal_id, `--case`), the file (a URL, or the path made absolute)
 * and the fields that change the document. The same upload from `documents upload --from` and
 * from `cases create --from` (or a rerun of either) is one document.
 */
export function uploadKey(u: { case_id: string; file: string; mime_type?: string; type?: string; parent_file_id?: string }): string {
  const parts = ['document', u.case_id.toLowerCase(), u.file, u.mime_type ?? null, u.type ?? null, u.parent_file_id?.toLowerCase() ?? null];
  return `vcase-cli-${digest(parts, 40)}`;
}

/**
 * `vcase documents upload --from`: each row uploads one file to a case given by `case_id`
 * or `internal_id`. The Idempotency-Key is derived from the upload itself (`uploadKey`), so
 * running the same rows again returns the documents already made (within the server's 24 h
 * window) instead of duplicating them.
 */
export function uploadJob(client: Client, opts: { cwd: string; defaults: { case_id?: string; type?: string } }): BatchJob<UploadRow> {
  const resolver = new CaseResolver(client);
  return {
    noun: 'row',
    prepare(record) {
      const caseField = field(record, 'case_id', 'case');
      const row: UploadRow = {
        file: field(record, 'file', 'path', 'url') ?? '',
        mime_type: field(record, 'mime_type', 'mime'),
        type: field(record, 'type', 'document_type') ?? opts.defaults.type,
        parent_file_id: field(record, 'parent_file_id', 'parent'),
      };
      const internalId = field(record, 'internal_id');
      const caseId = field(record, 'case_id');
      if (caseId && !isUuid(caseId)) {
        throw invalid(`case_id "${caseId}" is not a UUID; give your own id as internal_id (or in a "case" column)`);
      }
      if (caseField) {
        if (isUuid(caseField)) row.case_id = caseField.toLowerCase();
        else row.internal_id = caseField; // `case` may hold an internal id
      } else if (internalId) row.internal_id = internalId;
      else if (opts.defaults.case_id) row.case_id = opts.defaults.case_id;
      if (!row.case_id && !row.internal_id) throw invalid('case_id or internal_id is required');
      if (!row.file) throw invalid('file is required (a path or an http(s) URL)');
      return row;
    },
    warnings: (r) => [unknownTypeWarning(r.type)].filter((w) => w !== undefined),
    warningHint: `known types: ${KNOWN_TYPES_TEXT}`,
    identity: (r) => [
      'document',
      r.case_id ?? null,
      r.internal_id ?? null,
      r.file,
      r.mime_type ?? null,
      r.type ?? null,
      r.parent_file_id ?? null,
    ],
    async exec(row, _key, signal) {
      const caseId = row.case_id ?? (await resolver.resolve(row.internal_id!, signal));
      const file = isUrl(row.file) ? row.file : path.resolve(opts.cwd, row.file);
      const upload = { case_id: caseId, file, mime_type: row.mime_type, type: row.type, parent_file_id: row.parent_file_id };
      const replay = replayWatch();
      const res = await client.documents.upload(upload, { signal, idempotencyKey: uploadKey(upload), onResponse: replay.onResponse });
      return { case_id: caseId, document_id: res.document_id, url: res.url, replayed: replay.replayed() };
    },
  };
}
