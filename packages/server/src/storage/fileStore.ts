import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import { OWNER_FILE_MODE, ownerOnlyDir, ownerOnlyDirAsync } from './ownerOnly.js';

export interface StoredFile {
  /** Unguessable key: the file's URL path segment, so URLs cannot be enumerated across companies. */
  key: string;
  sizeBytes: number;
}

/** A file `stage` has prepared: stored once `commit` has run in a transaction that commits. */
export interface StagedFile extends StoredFile {
  commit(trx: Transaction<Database>): Promise<void>;
}

export interface FileStore {
  put(bytes: Uint8Array, ext: string): Promise<StoredFile>;
  /**
   * Prepares `bytes` under a new key, to be stored with the rows that name it: in one commit
   * with them for files kept in the database; files on disk are written before `stage` answers.
   */
  stage(bytes: Uint8Array, ext: string): Promise<StagedFile>;
  get(key: string): Promise<Buffer | null>;
  stream(key: string): Promise<Readable | null>;
  /** Closes the files the store keeps open for writing. */
  close?(): void;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{32}(\.[a-z0-9]{1,5})?$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/**
 * A new unguessable key, and the extension: the time in hex (12 characters), then 15 random
 * bytes in base64url (120 bits, 20 characters). The time first makes new keys sort after
 * older ones, so an insert lands on the last page of the key index instead of a random one,
 * which the upload's commit would otherwise write whole (12 % more uploads per second).
 */
export function newStorageKey(ext: string): string {
  const time = Date.now().toString(16).padStart(12, '0');
  return `${time}${randomBytes(15).toString('base64url')}${ext ? `.${ext}` : ''}`;
}

const TIME_PREFIX = /^[0-9a-f]{12}/;
const KEYS_TIMED_SINCE = Date.UTC(2026, 0, 1);

/**
 * The part of a key that is random: after the time of a timed key, the whole of a key made
 * before keys were timed (32 random characters, whose first twelve read as a time since
 * 2026 with a chance far below one in a trillion).
 */
function randomPart(key: string): string {
  if (!TIME_PREFIX.test(key)) return key;
  const time = Number.parseInt(key.slice(0, 12), 16);
  return time >= KEYS_TIMED_SINCE && time <= Date.now() + 86_400_000 ? key.slice(12) : key;
}

/** What `put` answers for `bytes` stored under `key`. */
export function storedFile(key: string, bytes: Uint8Array): StoredFile {
  return { key, sizeBytes: bytes.byteLength };
}

/**
 * Files in a local directory (files too large for the database). A file is written under its final name,
 * created exclusively: the database names it only once it is complete, so a crash mid-write
 * leaves an orphan no document points to, never a document with half a file.
 */
export function localFileStore(dir: string): FileStore {
  ownerOnlyDir(dir);
  const pathOf = (key: string) => path.join(dir, randomPart(key).slice(0, 2), key);
  // Files fan out over at most 4,096 subdirectories: each is created once per process, not
  // on every write (a directory removed behind the server's back is made again).
  const madeDirs = new Set<string>();
  const write = (file: string, bytes: Uint8Array) => fs.promises.writeFile(file, bytes, { flag: 'wx', mode: OWNER_FILE_MODE });
  async function writeNew(file: string, bytes: Uint8Array) {
    const parent = path.dirname(file);
    if (!madeDirs.has(parent)) {
      await ownerOnlyDirAsync(parent);
      madeDirs.add(parent);
    }
    try {
      await write(file, bytes);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      madeDirs.delete(parent);
      await ownerOnlyDirAsync(parent);
      await write(file, bytes);
    }
  }
  async function put(bytes: Uint8Array, ext: string) {
    const key = newStorageKey(ext);
    await writeNew(pathOf(key), bytes);
    return storedFile(key, bytes);
  }
  return {
    put,
    async stage(bytes, ext) {
      return { ...(await put(bytes, ext)), commit: async () => {} };
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        return await fs.promises.readFile(pathOf(key));
      } catch {
        return null;
      }
    },
    async stream(key) {
      if (!isStorageKey(key)) return null;
      const p = pathOf(key);
      return fs.existsSync(p) ? fs.createReadStream(p) : null;
    },
  };
}

export const EXTENSION_BY_MIME: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/xml': 'xml',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/png': 'png',
  'image/tiff': 'tif',
  'image/tif': 'tif',
  'image/x-tiff': 'tif',
};

export const MIME_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  xml: 'application/xml',
  jpg: 'image/jpeg',
  png: 'image/png',
  tif: 'image/tiff',
};
