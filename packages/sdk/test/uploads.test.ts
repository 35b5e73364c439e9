import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkUploadPath, FileReadError, inferMimeType, VcaseError } from '../src/index.js';
import { madeBy } from './helpers/madeBy.js';
import { IDS, testClient } from './helpers/mockFetch.js';
import { MB, uploadDir, uploaded } from './helpers/uploadFiles.js';

const dir = uploadDir();

describe('MIME inference from the file name', () => {
  it.each([
    ['factura.pdf', 'application/pdf'],
    ['CFDI.XML', 'application/xml'],
    ['ine.jpg', 'image/jpeg'],
    ['ine.JPEG', 'image/jpeg'],
    ['placa.png', 'image/png'],
    ['scan.tif', 'image/tiff'],
    ['scan.tiff', 'image/tiff'],
    ['/tmp/a.b/tarjeta.pdf', 'application/pdf'],
    ['C:\\docs\\factura.xml', 'application/xml'],
    ['https://files.example/d/factura.pdf?sig=abc#p1', 'application/pdf'],
    ['notes.txt', undefined],
    ['README', undefined],
    ['dir.pdf/file', undefined],
    ['./my factura #1.xml', 'application/xml'],
    ['/tmp/¿qué?/tarjeta.pdf', 'application/pdf'],
  ])('%s → %s', (name, mime) => {
    expect(inferMimeType(name)).toBe(mime);
  });
});

describe('checkUploadPath (before work that must not start for a file the upload would refuse)', () => {
  it('passes a file the upload takes, refuses one over 20 MB or of a type the server does not take, and reads nothing', async () => {
    const ok = path.join(dir, 'check.pdf');
    fs.writeFileSync(ok, '%PDF-1.4');
    await expect(checkUploadPath(ok)).resolves.toBeUndefined();
    const big = path.join(dir, 'check-big.pdf');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, 20 * MB + 1);
    await expect(checkUploadPath(big)).rejects.toMatchObject({
      name: 'FileTooLargeError',
      code: 'VALIDATION_ERROR',
      message: 'file is 20971521 bytes; the limit is 20971520 bytes (20 MB) per file',
    });
    const bigger = path.join(dir, 'check-bigger.pdf');
    fs.writeFileSync(bigger, '');
    fs.truncateSync(bigger, 25 * MB);
    await expect(checkUploadPath(bigger)).rejects.toMatchObject({ message: 'file is 25 MB; the limit is 20 MB per file' });
    const docx = path.join(dir, 'check.docx');
    fs.writeFileSync(docx, 'PK');
    await expect(checkUploadPath(docx)).rejects.toMatchObject({
      name: 'RequestValidationError',
      code: 'MISSING_PARAMETER',
      message: expect.stringContaining('no se pudo deducir del nombre'),
    });
    await expect(checkUploadPath(docx, 'application/msword')).rejects.toMatchObject({
      name: 'RequestValidationError',
      code: 'VALIDATION_ERROR',
    });
    await expect(checkUploadPath(docx, 'application/pdf')).resolves.toBeUndefined();
    await expect(checkUploadPath(path.join(dir, 'missing.pdf'))).rejects.toMatchObject({ name: 'FileReadError', code: 'ENOENT' });
    await expect(checkUploadPath(dir)).rejects.toMatchObject({ name: 'FileReadError', code: 'EISDIR' });
  });
});

describe('a local file that cannot be read', () => {
  it('is a FileReadError (a VcaseError) naming the path and the reason; nothing is sent', async () => {
    const { vcase, calls } = testClient(() => uploaded());
    const missing = path.join(dir, 'no-such.pdf');
    const error = await vcase.documents.upload({ case_id: IDS.case, file: missing }).catch((e: unknown) => e);
    expect(error).toSatisfy(madeBy(FileReadError));
    expect(error).toMatchObject({ path: missing, code: 'ENOENT', message: `cannot read ${missing}: no such file` });
    expect(error).toSatisfy(madeBy(VcaseError));
    await expect(vcase.documents.upload({ case_id: IDS.case, file: dir, mime_type: 'application/pdf' })).rejects.toMatchObject({
      name: 'FileReadError',
      code: 'EISDIR',
    });
    expect(calls).toHaveLength(0);
  });
});

// What upload takes as a file; size limits and the checks of the body: uploadChecks.test.ts.
describe('documents.upload', () => {
  it('from a path: reads the file, sends base64 with the inferred MIME', async () => {
    const file = path.join(dir, 'factura.pdf');
    fs.writeFileSync(file, '%PDF-1.4 hola');
    const { vcase, calls } = testClient(() => uploaded());
    await expect(vcase.documents.upload({ case_id: IDS.case, file, type: 'invoice' })).resolves.toEqual({
      document_id: IDS.doc,
      url: 'http://files/x',
    });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/v1/documents' });
    expect(calls[0]!.body).toEqual({
      case_id: IDS.case,
      type: 'invoice',
      base64: Buffer.from('%PDF-1.4 hola').toString('base64'),
      mime_type: 'application/pdf',
    });
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
  });

  it('from a path over 1 MB (read without blocking): the same bytes arrive', async () => {
    const file = path.join(dir, 'scan.tiff');
    const bytes = Buffer.alloc(3 * MB + 7, 'tiff');
    fs.writeFileSync(file, bytes);
    const { vcase, calls } = testClient(() => uploaded());
    await vcase.documents.upload({ case_id: IDS.case, file });
    expect(calls[0]!.body).toMatchObject({ mime_type: 'image/tiff', base64: bytes.toString('base64') });
  });

  it('from a named pipe (as `<(cmd)` gives): read to its end', async () => {
    const fifo = path.join(dir, 'piped.pdf');
    execFileSync('mkfifo', [fifo]);
    // The writer opens the pipe in another process, so the reader's open can complete.
    const writer = spawn('sh', ['-c', `printf '%%PDF-1.4 piped' > "${fifo}"`]);
    const written = new Promise((resolve) => writer.on('close', resolve));
    const { vcase, calls } = testClient(() => uploaded());
    await vcase.documents.upload({ case_id: IDS.case, file: fifo });
    await written;
    expect(calls[0]!.body).toMatchObject({ mime_type: 'application/pdf', base64: Buffer.from('%PDF-1.4 piped').toString('base64') });
  });

  it('a missing path or a directory rejects with the file system code, before sending', async () => {
    const { vcase, calls } = testClient(() => uploaded());
    await expect(vcase.documents.upload({ case_id: IDS.case, file: path.join(dir, 'missing.pdf') })).rejects.toMatchObject({
      code: 'ENOENT',
    });
    fs.mkdirSync(path.join(dir, 'folder.pdf'));
    await expect(vcase.documents.upload({ case_id: IDS.case, file: path.join(dir, 'folder.pdf') })).rejects.toMatchObject({
      code: 'EISDIR',
    });
    expect(calls).toHaveLength(0);
  });

  it('from a file: URL', async () => {
    const file = path.join(dir, 'placa.png');
    fs.writeFileSync(file, 'png');
    const { vcase, calls } = testClient(() => uploaded());
    await vcase.documents.upload({ case_id: IDS.case, file: pathToFileURL(file) });
    expect(calls[0]!.body).toMatchObject({ mime_type: 'image/png', base64: Buffer.from('png').toString('base64') });
  });

  it('from a Buffer or Uint8Array, with the MIME from `filename` or given', async () => {
    const { vcase, calls } = testClient(() => uploaded());
    await vcase.documents.upload({ case_id: IDS.case, file: Buffer.from('<cfdi/>'), filename: 'cfdi.xml' });
    await vcase.documents.upload({ case_id: IDS.case, file: new Uint8Array([0xff, 0xd8]), mime_type: 'image/jpeg' });
    expect(calls[0]!.body).toMatchObject({ mime_type: 'application/xml', base64: Buffer.from('<cfdi/>').toString('base64') });
    expect(calls[1]!.body).toMatchObject({ mime_type: 'image/jpeg', base64: Buffer.from([0xff, 0xd8]).toString('base64') });
  });

  it('from a Node stream (an fs.ReadStream knows its name)', async () => {
    const file = path.join(dir, 'tenencia.tiff');
    fs.writeFileSync(file, 'tiff-bytes');
    const { vcase, calls } = testClient(() => uploaded());
    await vcase.documents.upload({ case_id: IDS.case, file: fs.createReadStream(file) });
    await vcase.documents.upload({ case_id: IDS.case, file: Readable.from([Buffer.from('ab'), Buffer.from('cd')]), filename: 'x.pdf' });
    expect(calls[0]!.body).toMatchObject({ mime_type: 'image/tiff', base64: Buffer.from('tiff-bytes').toString('base64') });
    expect(calls[1]!.body).toMatchObject({ mime_type: 'application/pdf', base64: Buffer.from('abcd').toString('base64') });
  });

  it('from a web ReadableStream and a Blob', async () => {
    const { vcase, calls } = testClient(() => uploaded());
    await vcase.documents.upload({ case_id: IDS.case, file: new Blob(['abc']).stream(), filename: 'a.pdf' });
    await vcase.documents.upload({ case_id: IDS.case, file: new File(['xyz'], 'b.png') });
    expect(calls[0]!.body).toMatchObject({ base64: Buffer.from('abc').toString('base64') });
    expect(calls[1]!.body).toMatchObject({ mime_type: 'image/png', base64: Buffer.from('xyz').toString('base64') });
  });

  it('from an http(s) URL: the server downloads it', async () => {
    const { vcase, calls } = testClient(() => uploaded());
    await vcase.documents.upload({ case_id: IDS.case, file: 'https://files.example/docs/factura.pdf?sig=1' });
    await vcase.documents.upload({ case_id: IDS.case, file: new URL('https://files.example/ine.jpg') });
    await vcase.documents.upload({ case_id: IDS.case, url: 'https://files.example/t.xml' });
    expect(calls.map((c) => c.body)).toEqual([
      { case_id: IDS.case, url: 'https://files.example/docs/factura.pdf?sig=1', mime_type: 'application/pdf' },
      { case_id: IDS.case, url: 'https://files.example/ine.jpg', mime_type: 'image/jpeg' },
      { case_id: IDS.case, url: 'https://files.example/t.xml', mime_type: 'application/xml' },
    ]);
  });
});
