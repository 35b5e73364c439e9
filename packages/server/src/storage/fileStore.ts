import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface StoredFile {
  /** Unguessable key: the file's URL path segment, so URLs cannot be enumerated across companies. */
  key: string;
  sizeBytes: number;
  sha256: string;
}

export interface FileStore {
  put(bytes: Uint8Array, ext: string): Promise<StoredFile>;
  get(key: string): Promise<Buffer | null>;
  stream(key: string): fs.ReadStream | null;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{32}(\.[a-z0-9]{1,5})?$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** Files in a local directory (the default store). Writes go to a temp name, then rename. */
export function localFileStore(dir: string): FileStore {
  fs.mkdirSync(dir, { recursive: true });
  const pathOf = (key: string) => path.join(dir, key.slice(0, 2), key);
  // Files fan out over at most 4,096 subdirectories: each is created once per process, not
  // on every write (a directory removed behind the server's back is made again).
  const madeDirs = new Set<string>();
  async function writeNew(file: string, bytes: Uint8Array) {
    const parent = path.dirname(file);
    if (!madeDirs.has(parent)) {
      await fs.promises.mkdir(parent, { recursive: true });
      madeDirs.add(parent);
    }
    try {
      await fs.promises.writeFile(file, bytes);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      madeDirs.delete(parent);
      await fs.promises.mkdir(parent, { recursive: true });
      await fs.promises.writeFile(file, bytes);
    }
  }
  return {
    async put(bytes, ext) {
      const key = `${randomBytes(24).toString('base64url')}${ext ? `.${ext}` : ''}`;
      const target = pathOf(key);
      const tmp = `${target}.tmp-${process.pid}`;
      await writeNew(tmp, bytes);
      await fs.promises.rename(tmp, target);
      return { key, sizeBytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        return await fs.promises.readFile(pathOf(key));
      } catch {
        return null;
      }
    },
    stream(key) {
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
