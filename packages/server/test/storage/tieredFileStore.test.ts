import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../src/clock.js';
import { createGroupCommit } from '../../src/db/groupCommit.js';
import { localFileStore } from '../../src/storage/fileStore.js';
import { INLINE_FILE_BYTES, tieredFileStore } from '../../src/storage/tieredFileStore.js';
import { databasePerTest } from '../helpers/database.js';

const openDatabase = databasePerTest('files');

async function stores() {
  const { db, dialect } = await openDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-tiered-'));
  const disk = localFileStore(dir);
  const store = tieredFileStore({ disk, db, writes: createGroupCommit(db, dialect), clock: manualClock() });
  const filesOnDisk = () => fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
  return { db, disk, store, filesOnDisk, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
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
});
