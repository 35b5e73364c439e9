// The upload row's reference: the smallest durable upload Fastify and better-sqlite3 allow.
// POST /documents checks the body as POST /v1/documents does (fields, UUIDs, MIME list, the
// native base64 check with its fallback, 20 MB), decodes the file and commits it in one
// insert. The check is written apart from @vcase/shared so that a slower check in the server
// shows in the ratio; only the contract's data (MIME list, size limit) comes from there. Prints
// "listening on <url>" once it accepts requests.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MAX_FILE_BYTES, SUPPORTED_MIME_TYPES } from '@vcase/shared';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
// The server's own copies, so the reference runs the same versions.
const require = createRequire(path.join(root, 'packages/server/package.json'));
const { default: Fastify } = await import(pathToFileURL(require.resolve('fastify')).href);
const Database = require('better-sqlite3');

const dbFile = process.env.BENCH_UPLOAD_DB;
if (!dbFile) throw new Error('BENCH_UPLOAD_DB (the SQLite file) is required');
const db = new Database(dbFile);
// The pragmas of every vcase SQLite connection (packages/server/src/db/), its checkpoint
// threshold included. The server checkpoints sooner, on a thread of its own; the smallest
// upload has no such thread, so its checkpoints run on the event loop at that threshold.
db.pragma('journal_mode = WAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
db.pragma('wal_autocheckpoint = 10000');
db.exec(`create table if not exists documents (
  id integer primary key, case_id text not null, mime_type text not null, type text,
  parent_id text, content blob not null, created_at text not null)`);
const insert = db.prepare('insert into documents (case_id, mime_type, type, parent_id, content, created_at) values (?, ?, ?, ?, ?, ?)');

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const MIME_TYPES = new Set(SUPPORTED_MIME_TYPES);
const BASE64_TEXT = /^[A-Za-z0-9+/_-]*={0,2}$/;
const DATA_URL_PREFIX = /^data:[^,]*;base64,/i;

/** The same order as the server: `atob` first, the regular expression when it refuses. */
function validBase64(value) {
  try {
    atob(value);
    return true;
  } catch {
    return BASE64_TEXT.test(value) || BASE64_TEXT.test(value.replace(DATA_URL_PREFIX, '').replace(/\s+/g, ''));
  }
}

const blank = (v) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const fail = (reply, code, message) => reply.code(400).send({ error: { code, message } });

const app = Fastify({ bodyLimit: 30 * 1024 * 1024 });
app.post('/documents', async (req, reply) => {
  const b = req.body;
  if (typeof b !== 'object' || b === null || Array.isArray(b)) return fail(reply, 'VALIDATION_ERROR', 'body must be an object');
  // The reference stores given content only: a `url` source would be a download, not an upload.
  const missing = ['case_id', 'mime_type', 'base64'].filter((k) => blank(b[k]));
  if (missing.length) return fail(reply, 'MISSING_PARAMETER', `missing: ${missing.join(', ')}`);
  const mime = typeof b.mime_type === 'string' ? b.mime_type.trim().toLowerCase() : '';
  const type = blank(b.type) ? null : b.type;
  const parent = blank(b.parent_file_id) ? null : b.parent_file_id;
  const ok =
    typeof b.case_id === 'string' &&
    UUID.test(b.case_id) &&
    MIME_TYPES.has(mime) &&
    (type === null || typeof type === 'string') &&
    (parent === null || (typeof parent === 'string' && UUID.test(parent))) &&
    blank(b.url) &&
    typeof b.base64 === 'string' &&
    validBase64(b.base64);
  if (!ok) return fail(reply, 'VALIDATION_ERROR', 'invalid field');
  const bytes = Buffer.from(b.base64.startsWith('data:') ? b.base64.replace(DATA_URL_PREFIX, '') : b.base64, 'base64');
  if (bytes.byteLength === 0 || bytes.byteLength > MAX_FILE_BYTES) return fail(reply, 'VALIDATION_ERROR', 'file empty or over 20 MB');
  const now = new Date().toISOString();
  const { lastInsertRowid } = insert.run(b.case_id.toLowerCase(), mime, type?.trim() ?? null, parent?.toLowerCase() ?? null, bytes, now);
  return reply.code(201).send({ document_id: String(lastInsertRowid) });
});

const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening on ${address}\n`);
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () =>
    app.close().then(() => {
      db.close();
      process.exit(0);
    }),
  );
}
