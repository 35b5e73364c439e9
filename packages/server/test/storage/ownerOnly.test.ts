import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { processRandom } from '../../src/randomPool.js';
import { createCase, createTenant, startTestServer, type TestServer } from '../helpers/testServer.js';

// A state directory as an older version left it: the storage folder and a fan-out folder of
// the file store there already, 0755, under the umask most systems have. The fan-out folder is
// named by the first two characters of a key's random part: keys made here start with zero
// bits, so the large file below lands in `AA`.
const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-modes-'));
const storageDir = path.join(stateDir, 'files');
let t: TestServer;
let umask = 0;
const modeOf = (p: string) => fs.statSync(p).mode & 0o777;

beforeAll(async () => {
  umask = process.umask(0o022);
  fs.mkdirSync(path.join(storageDir, 'AA'), { recursive: true, mode: 0o755 });
  t = await startTestServer({ db: path.join(stateDir, 'db', 'vcase.db'), storageDir }, { stateDir });
});
afterAll(async () => {
  await t.close();
  process.umask(umask);
  fs.rmSync(stateDir, { recursive: true, force: true });
});

describe('files at rest are owner-only', () => {
  it('the database, its WAL and shared memory are 0600, its new folder 0700', async () => {
    const tenant = await createTenant(t);
    await createCase(t, tenant);
    const db = path.join(stateDir, 'db', 'vcase.db');
    for (const file of [db, `${db}-wal`, `${db}-shm`]) expect(modeOf(file).toString(8), file).toBe('600');
    expect(modeOf(path.dirname(db)).toString(8)).toBe('700');
  });

  it('stored files are 0600 and their folders 0700, folders that were already there included', async () => {
    const tenant = await createTenant(t, { name: 'Modos' });
    const caseId = await createCase(t, tenant);
    const upload = async (bytes: Buffer) => {
      const res = await t.inject({ method: 'POST', url: '/v1/documents', headers: { 'x-api-key': tenant.apiKey }, payload: { case_id: caseId, mime_type: 'application/pdf', base64: bytes.toString('base64') } });
      expect(res.statusCode).toBe(201);
      return new URL(res.json().url).pathname.split('/').pop()!;
    };
    // A large file is a file of its own, in a fan-out folder; small ones go to a segment.
    const take = processRandom.take;
    const keyed = vi.spyOn(processRandom, 'take').mockImplementation((n) => (n === 15 ? Buffer.concat([Buffer.alloc(2), randomBytes(13)]) : take(n)));
    try {
      await upload(Buffer.concat([Buffer.from('%PDF-1.4 '), Buffer.alloc(300 * 1024, 7)]));
    } finally {
      keyed.mockRestore();
    }
    expect(fs.readdirSync(path.join(storageDir, 'AA'))).toHaveLength(1);
    await upload(Buffer.from('%PDF-1.4 pequeño'));
    expect(modeOf(storageDir).toString(8)).toBe('700');
    const files = fs.readdirSync(storageDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files.map((e) => path.extname(e.name)).sort()).toEqual(['.pdf', '.seg']);
    for (const e of files) {
      expect(modeOf(path.join(e.parentPath, e.name)).toString(8), e.name).toBe('600');
      expect(modeOf(e.parentPath).toString(8), e.parentPath).toBe('700');
    }
  });
});
