import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../src/clock.js';
import { createGroupCommit } from '../../src/db/sqlite/groupCommit.js';
import { localFileStore } from '../../src/storage/fileStore.js';
import { segmentFiles } from '../../src/storage/segmentFiles.js';
import { FILE_CHUNK_BYTES } from '../../src/storage/fileChunks.js';
import { INLINE_FILE_BYTES, tieredFileStore } from '../../src/storage/tieredFileStore.js';
import { databasePerTest } from '../helpers/database.js';

const openDatabase = databasePerTest('files');

async function stores({ withSegments = false, largeInDatabase = false } = {}) {
  const { db, dialect } = await openDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-tiered-'));
  const disk = localFileStore(dir);
  const segmentsDir = path.join(dir, 'segments');
  const segments = withSegments ? segmentFiles(segmentsDir) : undefined;
  const writes = createGroupCommit(db, dialect);
  const store = tieredFileStore({ disk, db, writes, clock: manualClock(), segments, largeInDatabase });
  const filesOnDisk = () =>
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !e.name.endsWith('.seg'))
      .map((e) => e.name);
  const segmentBytes = () =>
    fs.existsSync(segmentsDir) ? fs.readdirSync(segmentsDir).reduce((n, f) => n + fs.statSync(path.join(segmentsDir, f)).size, 0) : 0;
  return {
    db,
    disk,
    store,
    writes,
    filesOnDisk,
    segmentBytes,
    cleanup: () => {
      store.close?.();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('tiered file store', () => {
  it('keeps small files in the database and large ones on disk, and reads both back', async () => {
    const { db, store, filesOnDisk, cleanup } = await stores();
    try {
      const small = Buffer.from('<cfdi:Comprobante Version="4.0"/>');
      const limit = Buffer.alloc(INLINE_FILE_BYTES, 1);
      const large = Buffer.alloc(INLINE_FILE_BYTES + 1, 2);
      const [s, l, big] = await Promise.all([store.put(small, 'xml'), store.put(limit, 'pdf'), store.put(large, 'pdf')]);
      expect(s.sizeBytes).toBe(small.length);
      expect(filesOnDisk()).toEqual([big.key]);
      const rows = await db.selectFrom('stored_files').select('key').orderBy('key').execute();
      expect(rows.map((r) => r.key)).toEqual([s.key, l.key].sort());

      expect(await store.get(s.key)).toEqual(small);
      expect(await store.get(l.key)).toEqual(limit);
      expect(await store.get(big.key)).toEqual(large);
      expect(await text((await store.stream(s.key))!)).toBe(small.toString());
      expect((await text((await store.stream(big.key))!)).length).toBe(large.length);
    } finally {
      cleanup();
    }
  });

  it('stores a staged small file only with the transaction that commits it', async () => {
    const { db, store, filesOnDisk, cleanup } = await stores();
    try {
      const keys = async () => (await db.selectFrom('stored_files').select('key').execute()).map((r) => r.key);
      const rolledBack = await store.stage(Buffer.from('se pierde'), 'xml');
      await expect(
        db.transaction().execute(async (trx) => {
          await rolledBack.commit(trx);
          throw new Error('the rows that name the file fail');
        }),
      ).rejects.toThrow('fail');
      expect(await keys()).toEqual([]);
      expect(await store.get(rolledBack.key)).toBeNull();

      const kept = await store.stage(Buffer.from('se guarda'), 'xml');
      expect(await keys()).toEqual([]);
      await db.transaction().execute((trx) => kept.commit(trx));
      expect(await keys()).toEqual([kept.key]);
      expect((await store.get(kept.key))?.toString()).toBe('se guarda');

      // A large file goes to disk when staged; its commit adds nothing to the database.
      const large = await store.stage(Buffer.alloc(INLINE_FILE_BYTES + 1, 3), 'pdf');
      expect(filesOnDisk()).toEqual([large.key]);
      await db.transaction().execute((trx) => large.commit(trx));
      expect(await keys()).toEqual([kept.key]);
    } finally {
      cleanup();
    }
  });

  it('serves files stored on disk before the table existed, and nothing for unknown or malformed keys', async () => {
    const { disk, store, cleanup } = await stores();
    try {
      const old = await disk.put(Buffer.from('antes'), 'pdf');
      expect((await store.get(old.key))?.toString()).toBe('antes');
      expect(await store.stream('A'.repeat(32))).toBeNull();
      expect(await store.get('../../etc/passwd')).toBeNull();
      expect(await store.stream("x' or '1'='1")).toBeNull();
    } finally {
      cleanup();
    }
  });

  it("with segments, keeps a small file's content in a segment and its place in the row, and reads it back", async () => {
    const { db, store, filesOnDisk, segmentBytes, cleanup } = await stores({ withSegments: true });
    try {
      const small = Buffer.from('<cfdi:Comprobante Version="4.0"/>');
      const limit = Buffer.alloc(INLINE_FILE_BYTES, 1);
      const large = Buffer.alloc(INLINE_FILE_BYTES + 1, 2);
      const [s, l, big] = await Promise.all([store.put(small, 'xml'), store.put(limit, 'pdf'), store.put(large, 'pdf')]);
      expect(filesOnDisk()).toEqual([big.key]);
      expect(segmentBytes()).toBe(small.length + limit.length);
      const rows = await db.selectFrom('stored_files').selectAll().orderBy('segment_offset').execute();
      // One group commit: the bytes were appended in the order the units ran.
      expect(rows.map((r) => [r.key, Buffer.from(r.content).length, r.segment_offset, r.segment_length])).toEqual([
        [s.key, 0, 0, small.length],
        [l.key, 0, small.length, limit.length],
      ]);
      expect(await store.get(s.key)).toEqual(small);
      expect(await store.get(l.key)).toEqual(limit);
      expect(await text((await store.stream(s.key))!)).toBe(small.toString());
      expect(await store.get(big.key)).toEqual(large);
    } finally {
      cleanup();
    }
  });

  it('with segments, a unit run again after its shared transaction rolled back writes the bytes once', async () => {
    const { db, store, segmentBytes, cleanup } = await stores({ withSegments: true });
    try {
      const staged = await store.stage(Buffer.from('una vez'), 'xml');
      await expect(
        db.transaction().execute(async (trx) => {
          await staged.commit(trx);
          throw new Error('another unit of the group fails');
        }),
      ).rejects.toThrow('fails');
      expect(await store.get(staged.key)).toBeNull();
      await db.transaction().execute((trx) => staged.commit(trx));
      expect((await store.get(staged.key))?.toString()).toBe('una vez');
      expect(segmentBytes()).toBe('una vez'.length);
    } finally {
      cleanup();
    }
  });

  it('with segments, still serves files whose content the row holds, and answers nothing when the segment is gone', async () => {
    const plain = await stores();
    const before = await plain.store.put(Buffer.from('en la fila'), 'xml');
    const { db, store, cleanup } = await stores({ withSegments: true });
    try {
      const row = await plain.db.selectFrom('stored_files').selectAll().where('key', '=', before.key).executeTakeFirstOrThrow();
      await db.insertInto('stored_files').values({ key: row.key, content: row.content, created_at: row.created_at }).execute();
      expect((await store.get(before.key))?.toString()).toBe('en la fila');

      const gone = await store.put(Buffer.from('borrado'), 'xml');
      await db
        .updateTable('stored_files')
        .set({ segment_length: 10_000 } as never)
        .where('key', '=', gone.key)
        .execute();
      expect(await store.get(gone.key)).toBeNull();
      expect(await store.stream(gone.key)).toBeNull();
    } finally {
      cleanup();
      plain.cleanup();
    }
  });

  describe('with large files in the database (PostgreSQL)', () => {
    /** Bytes that differ at every offset, so a chunk out of place or cut short shows. */
    const patterned = (size: number) => Buffer.from(Array.from({ length: size }, (_, i) => (i * 7 + (i >> 8)) & 0xff));

    it('keeps a large file in chunk rows, nothing on disk, and reads and streams it back whole', async () => {
      const { db, store, filesOnDisk, cleanup } = await stores({ largeInDatabase: true });
      try {
        const large = patterned(2 * FILE_CHUNK_BYTES + 12_345);
        const exact = patterned(FILE_CHUNK_BYTES);
        const [l, e, s] = await Promise.all([store.put(large, 'pdf'), store.put(exact, 'pdf'), store.put(Buffer.from('chica'), 'xml')]);
        expect(filesOnDisk()).toEqual([]);
        const chunks = await db.selectFrom('stored_file_chunks').select(['key', 'seq']).orderBy('key').orderBy('seq').execute();
        expect(chunks.filter((c) => c.key === l.key).map((c) => Number(c.seq))).toEqual([0, 1, 2]);
        expect(chunks.filter((c) => c.key === e.key).map((c) => Number(c.seq))).toEqual([0]);
        expect(chunks.some((c) => c.key === s.key)).toBe(false);

        expect((await store.get(l.key))!.equals(large)).toBe(true);
        expect((await store.get(e.key))!.equals(exact)).toBe(true);
        expect((await store.get(s.key))?.toString()).toBe('chica');
        const pieces: Buffer[] = [];
        for await (const piece of (await store.stream(l.key))!) pieces.push(piece as Buffer);
        expect(pieces.map((p) => p.length)).toEqual([FILE_CHUNK_BYTES, FILE_CHUNK_BYTES, 12_345]);
        expect(Buffer.concat(pieces).equals(large)).toBe(true);
      } finally {
        cleanup();
      }
    });

    it('stores a staged large file only with the transaction that commits it', async () => {
      const { db, store, cleanup } = await stores({ largeInDatabase: true });
      try {
        const staged = await store.stage(patterned(INLINE_FILE_BYTES + 1), 'pdf');
        await expect(
          db.transaction().execute(async (trx) => {
            await staged.commit(trx);
            throw new Error('the rows that name the file fail');
          }),
        ).rejects.toThrow('fail');
        expect(await db.selectFrom('stored_file_chunks').select('key').execute()).toEqual([]);
        expect(await store.get(staged.key)).toBeNull();
        await db.transaction().execute((trx) => staged.commit(trx));
        expect((await store.get(staged.key))!.equals(patterned(INLINE_FILE_BYTES + 1))).toBe(true);
      } finally {
        cleanup();
      }
    });

    it('answers nothing for a file missing a chunk rather than a file cut short', async () => {
      const { db, store, cleanup } = await stores({ largeInDatabase: true });
      try {
        const stored = await store.put(patterned(FILE_CHUNK_BYTES + 10), 'pdf');
        await db.deleteFrom('stored_file_chunks').where('key', '=', stored.key).where('seq', '=', 1).execute();
        expect(await store.get(stored.key)).toBeNull();
        await expect(text((await store.stream(stored.key))!)).rejects.toThrow(/lacks chunk 1 of 2/);
      } finally {
        cleanup();
      }
    });
  });
});
