import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { OWNER_FILE_MODE, ownerOnlyDir } from './ownerOnly.js';

/** Where a file's content lies: `length` bytes from `offset` in the segment file `segment`. */
export interface SegmentPlace {
  segment: string;
  offset: number;
  length: number;
}

export interface SegmentFiles {
  /**
   * Writes `bytes` at the end of this process's open segment and answers where they lie.
   * Synchronous: called inside the transaction whose rows name the place, before it commits.
   */
  append(bytes: Uint8Array): SegmentPlace;
  /** The bytes at `place`, or null when the segment is missing, too short or misnamed. */
  read(place: SegmentPlace): Promise<Buffer | null>;
  close(): void;
}

/** The folder of segment files in the storage directory (its other folders have two-character names). */
export const SEGMENTS_DIR = 'segments';

/** A segment is closed and a new one begun once it holds this much. */
export const SEGMENT_MAX_BYTES = 256 * 1024 * 1024;

const SEGMENT_NAME = /^[0-9a-f]{12}-[0-9a-f]{16}\.seg$/;

export function isSegmentName(name: string): boolean {
  return SEGMENT_NAME.test(name);
}

/**
 * Append-only segment files for small files' content (SQLite deployments): each upload's bytes
 * are written one after another into a file only this process writes, instead of into the
 * database's pages, where they cost their WAL frames twice (the commit, then the checkpoint's
 * copy) on the event loop and on the checkpointer.
 *
 * Crash rules. A segment is named at random when a process first writes, so two processes
 * (an API server and `vcase-server worker`) never write the same file, and a restarted process
 * starts a new one rather than looking for the end of the old. Bytes are written before the
 * transaction whose row names them commits, so a row never names bytes not yet written; a crash
 * between the two leaves bytes no row names. Each write goes at the offset this process counts,
 * so a write that failed half-way is overwritten by the next one. Like the SQLite commits
 * (`synchronous = NORMAL`) and the large files on disk, writes are not flushed one by one: they
 * survive the process, and reach the disk with the operating system's writeback.
 */
export function segmentFiles(dir: string, maxBytes = SEGMENT_MAX_BYTES): SegmentFiles {
  let open: { name: string; fd: number; size: number } | null = null;

  function begin() {
    ownerOnlyDir(dir);
    const name = `${Date.now().toString(16).padStart(12, '0')}-${randomBytes(8).toString('hex')}.seg`;
    open = { name, fd: fs.openSync(path.join(dir, name), 'wx', OWNER_FILE_MODE), size: 0 };
    return open;
  }

  function close() {
    if (open) fs.closeSync(open.fd);
    open = null;
  }

  return {
    append(bytes) {
      if (open && open.size > 0 && open.size + bytes.byteLength > maxBytes) close();
      const seg = open ?? begin();
      let written = 0;
      while (written < bytes.byteLength) {
        written += fs.writeSync(seg.fd, bytes, written, bytes.byteLength - written, seg.size + written);
      }
      const place = { segment: seg.name, offset: seg.size, length: bytes.byteLength };
      seg.size += bytes.byteLength;
      return place;
    },
    async read({ segment, offset, length }) {
      if (!isSegmentName(segment)) return null;
      let file: fs.promises.FileHandle;
      try {
        file = await fs.promises.open(path.join(dir, segment), 'r');
      } catch {
        return null;
      }
      try {
        const out = Buffer.allocUnsafe(length);
        let got = 0;
        while (got < length) {
          const { bytesRead } = await file.read(out, got, length - got, offset + got);
          if (bytesRead === 0) return null;
          got += bytesRead;
        }
        return out;
      } finally {
        await file.close();
      }
    },
    close,
  };
}
