import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isStorageKey, localFileStore, newStorageKey } from '../../src/storage/fileStore.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-store-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('storage keys', () => {
  it('are distinct and well formed across many refills of the random pool', () => {
    const keys = Array.from({ length: 2_000 }, (_, i) => newStorageKey(i % 2 ? 'pdf' : ''));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every(isStorageKey)).toBe(true);
    expect(new Set(keys.map((k) => k.slice(12, 20))).size).toBeGreaterThan(1_990);
  });

  it('begin with the time, so a newer key sorts after an older one', async () => {
    const timeOf = (key: string) => Number.parseInt(key.slice(0, 12), 16);
    const before = Date.now();
    const older = newStorageKey('pdf');
    const after = Date.now();
    expect(timeOf(older)).toBeGreaterThanOrEqual(before);
    expect(timeOf(older)).toBeLessThanOrEqual(after);
    // A timer may fire a millisecond early by the wall clock: wait until the clock has moved.
    while (Date.now() <= after) await new Promise((r) => setTimeout(r, 1));
    const newer = newStorageKey('pdf');
    expect(older < newer).toBe(true);
    expect(timeOf(newer)).toBeGreaterThan(timeOf(older));
  });
});

describe('local file store', () => {
  it('stores bytes under an unguessable key and reads them back', async () => {
    const store = localFileStore(dir);
    const bytes = Buffer.from('%PDF-1.4 hola');
    const stored = await store.put(bytes, 'pdf');
    expect(isStorageKey(stored.key)).toBe(true);
    expect(stored.key.endsWith('.pdf')).toBe(true);
    expect(stored).toEqual({ key: stored.key, sizeBytes: bytes.length });
    expect(await store.get(stored.key)).toEqual(bytes);
    expect(await store.get('../../etc/passwd')).toBeNull();
    expect(await store.stream('nope')).toBeNull();
  });

  it('stores small and large files whole under their key, and nothing else', async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-store-sizes-'));
    try {
      const store = localFileStore(own);
      const small = Buffer.alloc(1000, 7);
      const large = Buffer.alloc(300 * 1024, 9);
      const stored = await Promise.all([store.put(small, 'pdf'), store.put(large, 'tif')]);
      expect(await store.get(stored[0].key)).toEqual(small);
      expect(await store.get(stored[1].key)).toEqual(large);
      const files = fs
        .readdirSync(own, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name);
      expect(files.sort()).toEqual(stored.map((s) => s.key).sort());
    } finally {
      fs.rmSync(own, { recursive: true, force: true });
    }
  });

  it('keeps writing when its directories are removed behind its back', async () => {
    const store = localFileStore(dir);
    // 300 writes fill the store's cache of created subdirectories (keys fan out over 4,096).
    const before = [];
    for (let i = 0; i < 300; i++) before.push(await store.put(Buffer.from(`old ${i}`), 'xml'));
    const first = before[0];
    for (const entry of fs.readdirSync(dir)) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    // Same process, same cache: many of these land in a subdirectory it believes exists.
    const again = [];
    for (let i = 0; i < 300; i++) again.push(await store.put(Buffer.from(`doc ${i}`), 'xml'));
    for (const [i, s] of again.entries()) expect((await store.get(s.key))?.toString()).toBe(`doc ${i}`);
    expect(await store.get(first.key)).toBeNull();
    const fanOut = (key: string) => key.slice(12, 14);
    const cachedPrefixes = new Set(before.map((s) => fanOut(s.key)));
    expect(again.some((s) => cachedPrefixes.has(fanOut(s.key)))).toBe(true);
  });

  it('fans files out by the random part of a key, and still reads files stored under keys made before keys were timed', async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-store-fanout-'));
    try {
      const store = localFileStore(own);
      const stored = await Promise.all(Array.from({ length: 40 }, (_, i) => store.put(Buffer.from(`f${i}`), 'pdf')));
      const subdirs = fs.readdirSync(own);
      expect(subdirs.length).toBeGreaterThan(20);
      expect(subdirs.sort()).toEqual([...new Set(stored.map((s) => s.key.slice(12, 14)))].sort());

      const legacy = `${randomBytes(24).toString('base64url')}.xml`;
      fs.mkdirSync(path.join(own, legacy.slice(0, 2)), { recursive: true });
      fs.writeFileSync(path.join(own, legacy.slice(0, 2), legacy), 'antes');
      expect((await store.get(legacy))?.toString()).toBe('antes');
    } finally {
      fs.rmSync(own, { recursive: true, force: true });
    }
  });
});
