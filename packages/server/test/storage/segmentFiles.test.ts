import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { segmentFiles } from '../../src/storage/segmentFiles.js';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-segments-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  vi.restoreAllMocks();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('segment files', () => {
  it('appends files one after another and reads each back from its place', async () => {
    const dir = tempDir();
    const segments = segmentFiles(dir);
    const files = [Buffer.from('<cfdi:Comprobante/>'), Buffer.alloc(5000, 7), Buffer.from('%PDF-1.4 fin')];
    const places = files.map((f) => segments.append(f));
    expect(places.map((p) => p.offset)).toEqual([0, files[0].length, files[0].length + files[1].length]);
    expect(new Set(places.map((p) => p.segment)).size).toBe(1);
    for (const [i, p] of places.entries()) expect(await segments.read(p)).toEqual(files[i]);
    segments.close();
    expect(fs.readdirSync(dir)).toEqual([places[0].segment]);
  });

  it('a new writer (a restart, another process) begins its own segment; the old one is still read', async () => {
    const dir = tempDir();
    const first = segmentFiles(dir);
    const old = first.append(Buffer.from('antes'));
    const second = segmentFiles(dir);
    const now = second.append(Buffer.from('después'));
    expect(now.segment).not.toBe(old.segment);
    expect(now.offset).toBe(0);
    expect((await second.read(old))?.toString()).toBe('antes');
    expect((await first.read(now))?.toString()).toBe('después');
    first.close();
    second.close();
  });

  it('begins a new segment once the open one would pass its size; a larger file fits alone', async () => {
    const dir = tempDir();
    const segments = segmentFiles(dir, 100);
    const a = segments.append(Buffer.alloc(60, 1));
    const b = segments.append(Buffer.alloc(60, 2));
    const big = segments.append(Buffer.alloc(250, 3));
    const c = segments.append(Buffer.alloc(10, 4));
    expect(b.segment).not.toBe(a.segment);
    expect(big.segment).not.toBe(b.segment);
    expect(c.segment).not.toBe(big.segment);
    expect([a.offset, b.offset, big.offset, c.offset]).toEqual([0, 0, 0, 0]);
    expect(await segments.read(big)).toEqual(Buffer.alloc(250, 3));
    segments.close();
  });

  it('a write that failed half-way is overwritten by the next one', async () => {
    const dir = tempDir();
    const segments = segmentFiles(dir);
    const first = segments.append(Buffer.from('primero'));
    const real = fs.writeSync;
    vi.spyOn(fs, 'writeSync').mockImplementationOnce(((fd: number, buf: Uint8Array, off: number, len: number, pos: number) => {
      real(fd, buf, off, Math.floor(len / 2), pos);
      throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    }) as unknown as typeof fs.writeSync);
    expect(() => segments.append(Buffer.from('se pierde a medias'))).toThrow('no space');
    const next = segments.append(Buffer.from('siguiente'));
    expect(next.offset).toBe(first.offset + 'primero'.length);
    expect((await segments.read(next))?.toString()).toBe('siguiente');
    expect((await segments.read(first))?.toString()).toBe('primero');
    segments.close();
    expect(fs.statSync(path.join(dir, next.segment)).size).toBe(next.offset + next.length);
  });

  it('answers null for a misnamed or missing segment, and for bytes the segment does not hold', async () => {
    const dir = tempDir();
    const segments = segmentFiles(dir);
    const p = segments.append(Buffer.from('contenido'));
    fs.writeFileSync(path.join(dir, '..', 'secret.seg'), 'no');
    expect(await segments.read({ ...p, segment: '../secret.seg' })).toBeNull();
    expect(await segments.read({ ...p, segment: '0000000000aa-00000000000000aa.seg' })).toBeNull();
    expect(await segments.read({ ...p, offset: p.length - 2 })).toBeNull();
    segments.close();
  });
});
