import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { needs, NEEDS_BUILD } from '../../../../../vitest.needs.ts';
import { bodyLimitsOf } from '../../../src/http/bodyLimits.js';
import { OFFLOAD_BYTES, UploadBodyOffload } from '../../../src/http/uploadBody/offload.js';
import { prepareUpload } from '../../../src/http/uploadBody/prepare.js';
import { createCase } from '../../helpers/testServer.js';
import { acme, keyHeaders, t, upload, useDocumentServer } from './documentServer.js';

// Upload bodies from OFFLOAD_BYTES on are taken apart off the event loop (http/uploadBody/):
// from source, by the same code on the event loop; the built worker thread is compared below.
useDocumentServer();

/** A PDF-looking file of `size` bytes. */
const bigPdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 9)]);

describe('POST /v1/documents with a body over the offload size', () => {
  it('stores the file and serves the same bytes back', async () => {
    const caseId = await createCase(t, acme);
    const file = bigPdf(OFFLOAD_BYTES);
    const res = await upload({ case_id: caseId, mime_type: 'application/pdf', base64: file.toString('base64') });
    expect(res.statusCode).toBe(201);
    const served = await t.inject({ method: 'GET', url: new URL(res.json().url).pathname });
    expect(served.rawPayload.equals(file)).toBe(true);
  });

  it('answers the errors a small body gets, word for word', async () => {
    const caseId = await createCase(t, acme);
    const padding = 'A'.repeat(OFFLOAD_BYTES);
    const cases: Record<string, unknown>[] = [
      { case_id: caseId, mime_type: 'application/pdf', base64: `${padding}!!` },
      { case_id: caseId, mime_type: 'application/pdf', base64: padding, url: 'https://example.com/a.pdf' },
      { mime_type: 'application/pdf', base64: padding },
      { case_id: caseId, mime_type: 'text/plain', base64: padding },
      { case_id: 'not-a-uuid', mime_type: 'application/pdf', base64: padding },
    ];
    for (const body of cases) {
      const large = await upload(body);
      const small = await upload({ ...body, base64: (body.base64 as string).slice(OFFLOAD_BYTES - 8) });
      expect(large.statusCode, JSON.stringify(small.json())).toBe(small.statusCode);
      expect(large.json()).toEqual(small.json());
    }
    // Broken JSON and poisoned keys get Fastify's own answers.
    for (const text of [`{"base64":"${padding}"`, `{"__proto__":{"x":1},"base64":"${padding}"}`]) {
      const res = await t.inject({
        method: 'POST',
        url: '/v1/documents',
        headers: { ...keyHeaders(acme), 'content-type': 'application/json' },
        payload: text,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('fingerprints the whole body for Idempotency-Key: a replay answers the first, other content is refused', async () => {
    const caseId = await createCase(t, acme);
    const payload = { case_id: caseId, mime_type: 'application/pdf', base64: bigPdf(OFFLOAD_BYTES).toString('base64') };
    const headers = { ...keyHeaders(acme), 'idempotency-key': 'large-1' };
    const first = await upload(payload, headers);
    const replay = await upload(payload, headers);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const otherContent = await upload({ ...payload, base64: bigPdf(OFFLOAD_BYTES).toString('base64') }, headers);
    expect(otherContent.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Idempotency-Key ya se usó con un cuerpo distinto',
    });
    // The same body under the small-body path fingerprints the same way: its key replays too.
    const small = { case_id: caseId, mime_type: 'application/pdf', base64: bigPdf(4096).toString('base64') };
    const smallHeaders = { ...keyHeaders(acme), 'idempotency-key': 'small-1' };
    expect((await upload(small, smallHeaders)).statusCode).toBe(201);
    expect((await upload(small, smallHeaders)).headers['idempotent-replayed']).toBe('true');
  });
});

const LIMITS = bodyLimitsOf('uploadDocument');
const WORKER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist/upload-body-worker.js');

describe('the upload body worker thread (built)', needs(fs.existsSync(WORKER), NEEDS_BUILD), () => {
  const offload = new UploadBodyOffload(WORKER);
  afterAll(() => offload.close());

  it('answers what taking the body apart on the event loop answers', async () => {
    const file = bigPdf(2 * OFFLOAD_BYTES);
    const bodies = [
      { case_id: '0190a6a0-0000-4000-8000-000000000001', mime_type: 'application/pdf', base64: file.toString('base64') },
      { case_id: '0190a6a0-0000-4000-8000-000000000001', mime_type: 'application/pdf', base64: `${file.toString('base64')}!` },
      { mime_type: 'application/pdf', url: 'https://example.com/a.pdf', note: 'x'.repeat(OFFLOAD_BYTES) },
    ];
    for (const body of bodies) {
      const text = JSON.stringify(body);
      const here = prepareUpload(Buffer.from(text), LIMITS, true);
      const there = await offload.prepare(Buffer.from(text), LIMITS, true);
      expect(there.kind).toBe(here.kind);
      if (here.kind === 'upload' && there.kind === 'upload') {
        expect(there.checked).toEqual(here.checked);
        expect(there.bodyHash).toBe(here.bodyHash);
        expect(there.body).toEqual(here.body);
        expect(there.decoded === null ? null : Buffer.from(there.decoded).equals(file)).toBe(here.decoded === null ? null : true);
      } else expect(there).toEqual(here);
    }
    const bomb = `{"base64":"QUJD",${Array.from({ length: 200_000 }, (_, i) => `"k${i}":1`).join(',')}}`;
    expect(await offload.prepare(Buffer.from(bomb), LIMITS, false)).toEqual(prepareUpload(Buffer.from(bomb), LIMITS, false));
  });
});
