import { checkUploadDocumentBody, definedOnly, MAX_FILE_BYTES } from '@vcase/shared';
import { FileReadError, FileTooLargeError, RequestValidationError } from './core/errors.js';

/**
 * A file to upload: a local path (`'./factura.pdf'`), an http(s) URL (string or `URL`; the
 * server downloads it), a `file:` URL, bytes (`Buffer`, `Uint8Array`, `ArrayBuffer`), a
 * `Blob`/`File`, or a stream (Node `Readable`, web `ReadableStream`, any async iterable of
 * bytes).
 */
export type Uploadable = string | URL | Uint8Array | ArrayBuffer | Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>;

/** MIME type by file extension (the types POST /v1/documents accepts, contract §4.9). */
export const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  xml: 'application/xml',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  tif: 'image/tiff',
  tiff: 'image/tiff',
};

/** The MIME type a file name (or path, or URL) implies; undefined when the extension is unknown. */
export function inferMimeType(name: string | undefined): string | undefined {
  if (!name) return undefined;
  // A URL's query and fragment are not part of its file name; a path's '?' and '#' are.
  const path = /^[a-z][a-z0-9+.-]*:\/\//i.test(name) ? name.split(/[?#]/)[0]! : name;
  const base = path.split(/[\\/]/).pop() ?? '';
  const ext = /\.([A-Za-z0-9]+)$/.exec(base)?.[1]?.toLowerCase();
  return ext ? MIME_BY_EXTENSION[ext] : undefined;
}

export interface UploadParams {
  case_id: string;
  /** The file; or give `url`/`base64` directly as on the wire. */
  file?: Uploadable;
  /** Public http(s) URL of the file (wire form). */
  url?: string;
  /** File content in base64 (wire form). */
  base64?: string;
  /** Name used to infer the MIME type when `file` has none (bytes, streams). */
  filename?: string;
  /** Inferred from the file name when omitted. */
  mime_type?: string;
  /** Document type; when omitted the server classifies automatically. */
  type?: string;
  parent_file_id?: string;
}

/** Stands in for the file's base64 while the body is checked: the real one is valid by construction. */
const BASE64_STAND_IN = 'AAAA';

/**
 * The POST /v1/documents body for `params`, as JSON bytes: reads paths, bytes and streams
 * (refusing anything over 20 MB before sending), passes URLs through, infers `mime_type`, and
 * checks the body with the server's own rules so a bad body fails here with the same code.
 * The file's base64 is spliced into the bytes, never a field of an object (the CLI peak RSS
 * row, docs/performance.md "SDK transport").
 */
export async function toUploadJson(params: UploadParams): Promise<Uint8Array> {
  const { file, filename, ...rest } = params;
  let source: { url: string } | { base64: string } | Record<string, never> = {};
  let bytes: Uint8Array | undefined;
  let name = filename;
  if (file !== undefined) {
    const resolved = await readUploadable(file);
    if ('url' in resolved) source = { url: resolved.url };
    else {
      bytes = resolved.bytes;
      source = { base64: BASE64_STAND_IN };
    }
    name ??= resolved.name;
  } else {
    name ??= rest.url;
  }
  // Object.assign, not {...rest}: the CLI peak RSS row (docs/performance.md "SDK transport").
  const body = definedOnly(Object.assign({}, rest, source, { mime_type: rest.mime_type ?? inferMimeType(name) }));
  assertUploadBody(body, name);
  if (!bytes) return Buffer.from(JSON.stringify(body));
  delete body.base64;
  // base64 needs no JSON escaping, so it is spliced in as is.
  const fields = JSON.stringify(body).slice(1, -1);
  return Buffer.from(`{${fields}${fields ? ',' : ''}"base64":"${encode(bytes)}"}`);
}

/**
 * Refuses a body the server would refuse, with its code and its Spanish message; the hint,
 * in the message's language, names the file a type was not inferred from.
 */
function assertUploadBody(body: Record<string, unknown>, name: string | undefined): void {
  const check = checkUploadDocumentBody(body);
  if (check.ok) return;
  const hint =
    check.fields.includes('mime_type') && body.mime_type === undefined
      ? ` (no se pudo deducir ${name ? `del nombre "${name}"` : 'del archivo'}; indique mime_type o filename)`
      : '';
  throw new RequestValidationError(check.code, check.message + hint, check.fields);
}

/** Any valid case id: `checkUploadPath` checks everything of a body but the case. */
const ANY_CASE_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Checks, without reading it, that the file at `path` would be accepted by `documents.upload`
 * with this `mime_type` (or the one its name implies): its size within 20 MB and its type one
 * the server takes. Throws what the upload would (FileTooLargeError, RequestValidationError).
 * For work that must not start when a file would be refused later, e.g. creating its case.
 */
export async function checkUploadPath(path: string, mime_type?: string): Promise<void> {
  const fs = await (nodeFs ??= import('node:fs'));
  const stats = await fs.promises.stat(path).catch((error: unknown) => {
    throw FileReadError.of(path, error);
  });
  if (stats.isDirectory()) throw new FileReadError(path, 'EISDIR', null);
  if (stats.isFile()) assertSize(stats.size);
  assertUploadBody(definedOnly({ case_id: ANY_CASE_ID, base64: BASE64_STAND_IN, mime_type: mime_type ?? inferMimeType(path) }), path);
}

type Resolved = { url: string; name: string } | { bytes: Uint8Array; name?: string };

async function readUploadable(file: Uploadable): Promise<Resolved> {
  if (typeof file === 'string') {
    if (/^https?:\/\//i.test(file)) return { url: file, name: file };
    if (/^file:/i.test(file)) return readPath(await fileUrlToPath(file));
    return readPath(file);
  }
  if (file instanceof URL) {
    if (file.protocol === 'file:') return readPath(await fileUrlToPath(file));
    return { url: file.href, name: file.pathname };
  }
  if (file instanceof ArrayBuffer) return { bytes: sized(new Uint8Array(file)) };
  if (file instanceof Uint8Array) return { bytes: sized(file) };
  if (typeof Blob !== 'undefined' && file instanceof Blob) {
    assertSize(file.size);
    return { bytes: sized(new Uint8Array(await file.arrayBuffer())), name: (file as { name?: string }).name };
  }
  const path = (file as { path?: unknown }).path; // fs.ReadStream knows its file name
  const name = typeof path === 'string' ? path : undefined;
  return { bytes: await collect(file as ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>), name };
}

/** Regular files up to this size are read synchronously (see readPath). */
const SYNC_READ_MAX_BYTES = 1024 * 1024;

/**
 * Opens the file once and refuses it by its size before reading anything. Small regular files
 * are then read synchronously (the CLI batch-upload row, docs/performance.md "SDK transport");
 * larger files, and pipes or devices (whose size is unknown), are streamed so the event loop
 * keeps running and the 20 MB limit stops the read.
 */
async function readPath(path: string): Promise<Resolved> {
  const fs = await (nodeFs ??= import('node:fs'));
  let fd: number;
  try {
    fd = fs.openSync(path, 'r');
  } catch (error) {
    throw FileReadError.of(path, error);
  }
  let streaming = false;
  try {
    const stats = fs.fstatSync(fd);
    if (stats.isDirectory()) throw new FileReadError(path, 'EISDIR', null);
    if (stats.isFile()) assertSize(stats.size);
    if (stats.isFile() && stats.size <= SYNC_READ_MAX_BYTES) return { bytes: sized(fs.readFileSync(fd)), name: path };
    streaming = true; // the stream closes the file when it ends or is stopped
    return { bytes: await collect(fs.createReadStream(path, { fd, highWaterMark: SYNC_READ_MAX_BYTES })), name: path };
  } finally {
    if (!streaming) fs.closeSync(fd);
  }
}

let nodeFs: Promise<typeof import('node:fs')> | undefined;

async function fileUrlToPath(url: string | URL): Promise<string> {
  const { fileURLToPath } = await import('node:url');
  return fileURLToPath(url);
}

/** Reads a stream, giving up (and cancelling it) as soon as it passes the limit. */
async function collect(stream: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>): Promise<Uint8Array> {
  const iterable: AsyncIterable<Uint8Array | string> =
    Symbol.asyncIterator in stream ? stream : readableStreamIterator(stream as ReadableStream<Uint8Array>);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of iterable) {
    const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    size += bytes.byteLength;
    if (size > MAX_FILE_BYTES) {
      (stream as { destroy?: () => void }).destroy?.();
      throw new FileTooLargeError(size, MAX_FILE_BYTES);
    }
    chunks.push(bytes);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

async function* readableStreamIterator(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

function assertSize(size: number): void {
  if (size > MAX_FILE_BYTES) throw new FileTooLargeError(size, MAX_FILE_BYTES);
}

/** The bytes, once they are known to be within the limit. */
function sized(bytes: Uint8Array): Uint8Array {
  assertSize(bytes.byteLength);
  return bytes;
}

function encode(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}
