import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { OPERATIONS } from '@vcase/shared';
import { describe, expect, it, vi } from 'vitest';
import { BadRequestError, FileTooLargeError, RequestValidationError } from '../src/index.js';
import { madeBy } from './helpers/madeBy.js';
import { IDS, json, testClient } from './helpers/mockFetch.js';
import { MB, uploadDir, uploaded } from './helpers/uploadFiles.js';

const dir = uploadDir();

describe('documents.upload: the body, built once and checked before sending', () => {
  describe('refuses files over 20 MB before sending', () => {
    const big = Buffer.alloc(20 * MB + 1);

    it('bytes', async () => {
      const { vcase, calls } = testClient(() => uploaded());
      const error = await vcase.documents.upload({ case_id: IDS.case, file: big, filename: 'big.pdf' }).catch((e: unknown) => e);
      expect(error).toSatisfy(madeBy(FileTooLargeError));
      expect(error).toSatisfy(madeBy(BadRequestError));
      expect(error).toMatchObject({ code: 'VALIDATION_ERROR', sizeBytes: 20 * MB + 1, limitBytes: 20 * MB });
      expect((error as Error).message).toBe('file is 20971521 bytes; the limit is 20971520 bytes (20 MB) per file');
      expect(calls).toHaveLength(0);
    });

    it('a path (checked from its size, not read)', async () => {
      const file = path.join(dir, 'big.pdf');
      fs.writeFileSync(file, big);
      const { vcase, calls } = testClient(() => uploaded());
      await expect(vcase.documents.upload({ case_id: IDS.case, file })).rejects.toSatisfy(madeBy(FileTooLargeError));
      expect(calls).toHaveLength(0);
    });

    it('a stream (stops reading at the limit)', async () => {
      let produced = 0;
      const stream = new Readable({
        read() {
          produced += MB;
          this.push(Buffer.alloc(MB));
        },
      });
      const { vcase, calls } = testClient(() => uploaded());
      await expect(vcase.documents.upload({ case_id: IDS.case, file: stream, filename: 's.pdf' })).rejects.toSatisfy(
        madeBy(FileTooLargeError),
      );
      expect(produced).toBeLessThan(30 * MB);
      expect(stream.destroyed).toBe(true);
      expect(calls).toHaveLength(0);
    });

    it('exactly 20 MB is accepted', async () => {
      const { vcase, calls } = testClient(() => uploaded());
      await vcase.documents.upload({ case_id: IDS.case, file: Buffer.alloc(20 * MB), filename: 'max.pdf' });
      expect(calls).toHaveLength(1);
    });
  });

  it('is sent as JSON bytes, built once and the same on a retry; a file wins over a base64 given with it', async () => {
    const { vcase, calls } = testClient([json(503, { error: { code: null, message: 'busy' } }), uploaded()]);
    await vcase.documents.upload({ case_id: IDS.case, file: Buffer.from('%PDF-1.4 "quoted"'), filename: 'a.pdf', base64: 'SWdub3JlZA==' });
    expect(calls).toHaveLength(2);
    expect(calls[0]!.rawBody).toSatisfy(madeBy(Uint8Array));
    expect(calls[1]!.rawBody).toBe(calls[0]!.rawBody);
    expect(calls[0]!.body).toEqual({
      case_id: IDS.case,
      base64: Buffer.from('%PDF-1.4 "quoted"').toString('base64'),
      mime_type: 'application/pdf',
    });
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
  });

  it('the body is checked once, when it is built (the transport does not check it again)', async () => {
    const transportCheck = vi.spyOn(OPERATIONS.uploadDocument, 'bodyCheck');
    try {
      const { vcase, calls } = testClient(() => uploaded());
      await vcase.documents.upload({ case_id: IDS.case, file: Buffer.from('%PDF'), filename: 'a.pdf' });
      expect(calls).toHaveLength(1);
      expect(transportCheck).not.toHaveBeenCalled();
    } finally {
      transportCheck.mockRestore();
    }
  });

  it('a MIME that cannot be inferred is a MISSING_PARAMETER naming the file', async () => {
    const { vcase, calls } = testClient(() => uploaded());
    const error = await vcase.documents.upload({ case_id: IDS.case, file: Buffer.from('x') }).catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(RequestValidationError));
    expect(error).toMatchObject({ code: 'MISSING_PARAMETER', fields: ['mime_type'] });
    // One language in one message: the server's Spanish text, and the hint in Spanish too.
    expect((error as Error).message).toBe(
      'Falta el parámetro obligatorio: mime_type (no se pudo deducir del archivo; indique mime_type o filename)',
    );
    expect(calls).toHaveLength(0);
  });

  it('the server rules apply locally: unsupported MIME, bad case id, url and base64 together', async () => {
    const { vcase, calls } = testClient(() => uploaded());
    await expect(vcase.documents.upload({ case_id: IDS.case, file: Buffer.from('x'), mime_type: 'text/plain' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: ['mime_type'],
    });
    await expect(vcase.documents.upload({ case_id: 'nope', url: 'https://x/a.pdf' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: ['case_id'],
    });
    await expect(vcase.documents.upload({ case_id: 'nope', file: Buffer.from('x'), filename: 'a.pdf' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: ['case_id'],
    });
    await expect(
      vcase.documents.upload({ case_id: IDS.case, file: Buffer.from('x'), filename: 'a.pdf', url: 'https://x/a.pdf' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(vcase.documents.upload({ case_id: IDS.case, url: 'https://x/a.pdf', base64: 'AAAA' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await expect(vcase.documents.upload({ case_id: IDS.case, mime_type: 'application/pdf' })).rejects.toMatchObject({
      code: 'MISSING_PARAMETER',
    });
    expect(calls).toHaveLength(0);
  });
});
