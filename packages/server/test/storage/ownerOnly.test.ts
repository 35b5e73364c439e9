import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCase, createTenant, startTestServer, type TestServer } from '../helpers/testServer.js';

// A state directory as an older version left it: the storage folder and the file store's
// fan-out folders there already, 0755, under the umask most systems have. A fan-out folder is
// named by the first two base64url characters of a key's random part, so the large file below
// lands in one of these 4,096, whichever its key draws.
const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-modes-'));
const storageDir = path.join(stateDir, 'files');
let t: TestServer;
let umask = 0;
const modeOf = (p: string) => fs.statSync(p).mode & 0o777;

beforeAll(async () => {
  umask = process.umask(0o022);
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  for (const a of letters) for (const b of letters) fs.mkdirSync(path.join(storageDir, a + b), { recursive: true, mode: 0o755 });
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
      const payload = { case_id: caseId, mime_type: 'application/pdf', base64: bytes.toString('base64') };
      const res = await t.inject({ method: 'POST', url: '/v1/documents', headers: { 'x-api-key': tenant.apiKey }, payload });
      expect(res.statusCode).toBe(201);
      return new URL(res.json().url).pathname.split('/').pop()!;
    };
    // A large file is a file of its own, in a fan-out folder that was already there; small
    // ones go to a segment.
    const key = await upload(Buffer.concat([Buffer.from('%PDF-1.4 '), Buffer.alloc(300 * 1024, 7)]));
    const fanOut = path.join(storageDir, key.slice(12, 14));
    expect(fs.readdirSync(fanOut)).toEqual([key]);
    expect(modeOf(fanOut).toString(8)).toBe('700');
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
