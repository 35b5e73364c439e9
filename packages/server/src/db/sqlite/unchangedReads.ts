import fs from 'node:fs';
import os from 'node:os';

/**
 * Bytes read from the start of the `-shm` file: the wal-index header, kept twice (two copies
 * of 48 bytes). See https://www.sqlite.org/walformat.html, "The WAL-Index Header".
 */
const HEADER_BYTES = 96;
const COPY_BYTES = 48;
/** Offset of `isInit` in each copy: 1 once the header is valid. */
const IS_INIT_OFFSET = 12;
/** `iVersion`, the first word of each copy in native byte order: the layout read here. */
export const WAL_INDEX_VERSION = 3_007_000;
const versionOf = (header: Buffer) => (os.endianness() === 'LE' ? header.readUInt32LE(0) : header.readUInt32BE(0));
/** Answers kept at most; past that, all are dropped and read again. */
const MAX_ANSWERS = 10_000;

export type WalState = 'same' | 'changed' | 'unknown';

/**
 * Tells whether a SQLite database in WAL mode may have changed since the last look. Every
 * commit, by any connection of any process, writes a new wal-index header (its change counter,
 * `iChange`, and `mxFrame` move) at the start of the database's `-shm` file, and nothing but a
 * commit (or the first write after a checkpoint restarted the WAL) writes it. Reading those 96
 * bytes is one `pread`; any statement, `PRAGMA data_version` included, opens a read transaction.
 * Bench rows: GET taxes, tickets and case list (docs/performance.md, round 6 and "Simplified").
 *
 * That layout is the unix and windows VFS's own, not SQLite's API: it is read only while its
 * `iVersion` is the one above, and the tests in test/db/sqlite pin it against the SQLite in use.
 *
 * SQLite writes the second copy, then the first; a look that finds the two different caught
 * a commit half-written and answers 'unknown', as does a look before the file exists (it is
 * created by the first statement) or before the header is valid. The `-shm` file is only
 * removed when the last connection to the database closes, and the server's connection stays
 * open while this is in use, so the file read is the one every process writes.
 */
export function watchWalHeader(dbFile: string): { look(): WalState; close(): void } {
  const shmFile = `${dbFile}-shm`;
  const header = Buffer.alloc(HEADER_BYTES);
  const last = Buffer.alloc(HEADER_BYTES);
  let fd = -1;
  let known = false;
  return {
    look() {
      if (fd < 0) {
        try {
          fd = fs.openSync(shmFile, 'r');
        } catch {
          return 'unknown';
        }
      }
      const n = fs.readSync(fd, header, 0, HEADER_BYTES, 0);
      const valid = n === HEADER_BYTES && header[IS_INIT_OFFSET] === 1 && versionOf(header) === WAL_INDEX_VERSION;
      if (!valid || header.compare(header, 0, COPY_BYTES, COPY_BYTES, HEADER_BYTES) !== 0) {
        known = false;
        return 'unknown';
      }
      if (known && header.equals(last)) return 'same';
      header.copy(last);
      known = true;
      return 'changed';
    },
    close() {
      if (fd >= 0) fs.closeSync(fd);
      fd = -1;
      known = false;
    },
  };
}

/**
 * Reads answered from memory while the database is unchanged: `read` runs (and its answer is
 * kept) only when the WAL header moved since the answer was read. The header is looked at
 * before the statement runs, so a kept answer is never older than the header it is filed
 * under; a commit between the two only makes it newer, and the next look drops it. Kept
 * answers are shared between callers, who must not change them.
 */
export function readsWhileUnchanged(
  look: () => WalState,
  read: (sql: string, parameters: readonly unknown[]) => unknown[],
): (sql: string, parameters: readonly unknown[]) => unknown[] {
  const answers = new Map<string, unknown[]>();
  return (sql, parameters) => {
    const state = look();
    if (state !== 'same') answers.clear();
    if (state === 'unknown') return read(sql, parameters);
    const key = `${sql}\u0000${parameters.join('\u0000')}`;
    let rows = answers.get(key);
    if (!rows) {
      rows = read(sql, parameters);
      if (answers.size >= MAX_ANSWERS) answers.clear();
      answers.set(key, rows);
    }
    return rows;
  };
}
