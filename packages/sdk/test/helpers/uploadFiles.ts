import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { IDS, json } from './mockFetch.js';

export const MB = 1024 * 1024;

/** The server's answer to an upload. */
export const uploaded = () => json(201, { document_id: IDS.doc, url: 'http://files/x' });

/** A fresh temporary folder for the files a test file uploads, removed after its tests. */
export function uploadDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-sdk-upload-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
