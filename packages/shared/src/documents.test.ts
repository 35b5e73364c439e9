import { describe, expect, it } from 'vitest';
import {
  MAX_FILE_BYTES,
  SUPPORTED_MIME_TYPES,
  classifyDocumentBodySchema,
  documentDetailSchema,
  documentListQuerySchema,
  patchDocumentOcrBodySchema,
  reclassifyDocumentBodySchema,
} from './documents.js';
import { base64DecodedBytes, base64Payload, checkUploadDocumentBody, withoutDataUrlPrefix } from './documentUpload.js';

const CASE_ID = '0b7e6f0e-3d6c-4c55-9d0e-7f1f4f1e2a10';
const DOC_ID = '6a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('GET /v1/documents query', () => {
  it('defaults limit to 10 and offset to 0', () => {
    expect(documentListQuerySchema.parse({})).toEqual({ limit: 10, offset: 0 });
  });

  it('reads integers from the query string', () => {
    expect(documentListQuerySchema.parse({ limit: '100', offset: '30' })).toEqual({ limit: 100, offset: 30 });
  });

  it('brings integers out of range into it: limit 1…100, offset 0 or more', () => {
    expect(documentListQuerySchema.parse({ limit: '101' })).toMatchObject({ limit: 100 });
    expect(documentListQuerySchema.parse({ limit: '0' })).toMatchObject({ limit: 1 });
    expect(documentListQuerySchema.parse({ offset: '-1' })).toMatchObject({ offset: 0 });
  });

  it.each([
    ['non-integer limit', { limit: '1.5' }],
    ['non-numeric limit', { limit: 'abc' }],
    ['non-integer offset', { offset: '2.5' }],
    ['case_id not a UUID', { case_id: 'abc' }],
    ['document_id not a UUID', { document_id: '123' }],
  ])('rejects %s', (_label, query) => {
    expect(documentListQuerySchema.safeParse(query).success).toBe(false);
  });

  it('accepts both ids together', () => {
    expect(documentListQuerySchema.parse({ case_id: CASE_ID, document_id: DOC_ID })).toMatchObject({
      case_id: CASE_ID,
      document_id: DOC_ID,
    });
  });
});

describe('POST /v1/documents body', () => {
  const base = { case_id: CASE_ID, mime_type: 'application/pdf' };

  it('accepts a url upload and a base64 upload', () => {
    expect(checkUploadDocumentBody({ ...base, url: 'https://files.example.com/a.pdf' })).toMatchObject({ ok: true });
    expect(checkUploadDocumentBody({ ...base, base64: 'JVBERi0xLjQK', type: 'invoice', parent_file_id: DOC_ID })).toEqual({
      ok: true,
      value: { ...base, base64: 'JVBERi0xLjQK', type: 'invoice', parent_file_id: DOC_ID },
    });
  });

  it.each([
    ['case_id', { mime_type: 'application/pdf', url: 'https://x.example/a.pdf' }, 'case_id'],
    ['mime_type', { case_id: CASE_ID, url: 'https://x.example/a.pdf' }, 'mime_type'],
    ['the file source', { ...base }, 'url o base64'],
    ['an empty case_id', { ...base, case_id: '  ', url: 'https://x.example/a.pdf' }, 'case_id'],
  ])('answers MISSING_PARAMETER without %s', (_label, body, field) => {
    const result = checkUploadDocumentBody(body);
    expect(result).toMatchObject({ ok: false, code: 'MISSING_PARAMETER' });
    expect(result.ok === false && result.fields).toEqual([field]);
  });

  it('answers MISSING_PARAMETER for no body at all', () => {
    expect(checkUploadDocumentBody(undefined)).toMatchObject({ ok: false, code: 'MISSING_PARAMETER' });
  });

  it.each([
    ['an invalid case UUID', { ...base, case_id: 'not-a-uuid', url: 'https://x.example/a.pdf' }],
    ['an unsupported MIME type', { ...base, mime_type: 'text/plain', url: 'https://x.example/a.txt' }],
    ['both url and base64', { ...base, url: 'https://x.example/a.pdf', base64: 'JVBERi0xLjQK' }],
    ['an invalid parent_file_id', { ...base, url: 'https://x.example/a.pdf', parent_file_id: '42' }],
    ['a non-http url', { ...base, url: 'file:///etc/passwd' }],
    ['malformed base64', { ...base, base64: 'not base64!' }],
    ['base64 with a stray character and nothing to strip', { ...base, base64: 'TWFu$' }],
    ['a body that is not an object', ['case_id']],
  ])('answers VALIDATION_ERROR for %s', (_label, body) => {
    expect(checkUploadDocumentBody(body)).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
  });

  it('refuses base64 content over 20 MB and accepts exactly 20 MB', () => {
    const exact = Buffer.alloc(MAX_FILE_BYTES).toString('base64');
    const over = Buffer.alloc(MAX_FILE_BYTES + 1).toString('base64');
    expect(base64DecodedBytes(exact)).toBe(MAX_FILE_BYTES);
    expect(checkUploadDocumentBody({ ...base, base64: exact })).toMatchObject({ ok: true });
    expect(checkUploadDocumentBody({ ...base, base64: over })).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
  });

  it('accepts base64 with a data: prefix and line breaks', () => {
    expect(checkUploadDocumentBody({ ...base, base64: 'data:application/pdf;base64,TWFu\nTWFu' })).toMatchObject({ ok: true });
    expect(base64Payload('data:application/pdf;base64,TWFu\r\n TWE=')).toBe('TWFuTWE=');
    expect(base64Payload('TWFu')).toBe('TWFu');
    expect(withoutDataUrlPrefix('data:application/pdf;base64,TWFu\nTWE=')).toBe('TWFu\nTWE=');
    expect(withoutDataUrlPrefix('TWFu')).toBe('TWFu');
  });

  it('accepts exactly the base64 texts the rule accepts, whichever check answers', () => {
    // The rule: without a data: prefix and whitespace, letters of either base64 alphabet, then at
    // most two '='. The quick native check may only ever answer for texts the rule accepts.
    const rule = (text: string) => /^[A-Za-z0-9+/_-]*={0,2}$/.test(text.replace(/^data:[^,]*;base64,/i, '').replace(/\s+/g, ''));
    const texts = [
      'TWFu',
      'TWE=',
      'TWE',
      'TW==',
      'TWFuT',
      'TW Fu\n',
      'TW=u',
      'TWF-',
      'TWF_',
      'TWFu€',
      '====',
      'TWE==',
      'TWF=',
      'TWE===',
      '=TWE',
      'TW\u00a0Fu',
      'TWFu\v',
      'TWFu\f',
      ' TWFu ',
      'T\tW\rF\nu',
      'data:x;base64,TWFu',
      'DATA:;base64,TW-_',
      'TWFu\u0000',
      'TW.u',
      'ÿÿÿÿ',
      'TWFu=TWFu',
      'A',
      'AB',
      'ABC',
      'ABCD=',
      'ABCD==',
      'AB=C',
    ];
    const alphabet = 'AB+/-_= \n$';
    for (let i = 0; i < 3000; i++) {
      let text = '';
      for (let n = i % 9; n > 0; n--) text += alphabet[(i * 7 + n * 13 + ((i * n) % 5)) % alphabet.length];
      texts.push(text);
    }
    for (const text of texts) {
      const accepted = checkUploadDocumentBody({ ...base, base64: text }).ok || text.trim() === '';
      expect([text, accepted]).toEqual([text, rule(text) || text.trim() === '']);
    }
  });

  it('counts decoded bytes with padding and a data: prefix', () => {
    expect(base64DecodedBytes('TWFu')).toBe(3);
    expect(base64DecodedBytes('TWE=')).toBe(2);
    expect(base64DecodedBytes('data:application/pdf;base64,TQ==')).toBe(1);
  });

  it('accepts every supported MIME type, case-insensitively', () => {
    for (const mime of SUPPORTED_MIME_TYPES) {
      expect(checkUploadDocumentBody({ ...base, mime_type: mime.toUpperCase(), base64: 'TWFu' })).toMatchObject({
        ok: true,
        value: { mime_type: mime },
      });
    }
    expect(SUPPORTED_MIME_TYPES).toHaveLength(8);
  });

  it('takes any non-empty document type (the set is open)', () => {
    expect(checkUploadDocumentBody({ ...base, base64: 'TWFu', type: 'poliza_seguro' })).toMatchObject({ ok: true });
  });
});

describe('document detail', () => {
  it('allows null OCR while unfinished and keeps unknown parsed_data keys', () => {
    const validity = { document_validity: 'valid', codes: [], userInfo: { nombre: 'JUAN PEREZ' } };
    const base = { case_id: CASE_ID, url: 'https://x/a.pdf', mime_type: 'application/pdf', type: 'invoice', validity };
    expect(documentDetailSchema.safeParse({ ...base, json_ocr: null, parsed_data: null }).success).toBe(true);
    const parsed = documentDetailSchema.parse({
      ...base,
      json_ocr: { pages: 1 },
      parsed_data: { vin: '1M8GDM9AXKP042788', monto_total: 350000, color: 'ROJO' },
    });
    expect(parsed.parsed_data).toEqual({ vin: '1M8GDM9AXKP042788', monto_total: 350000, color: 'ROJO' });
  });
});

describe('classify and reclassify bodies', () => {
  it('classify takes no body or a type', () => {
    expect(classifyDocumentBodySchema.safeParse(undefined).success).toBe(true);
    expect(classifyDocumentBodySchema.parse({ type: 'ine' })).toEqual({ type: 'ine' });
  });

  it('reclassify requires a non-empty type', () => {
    expect(reclassifyDocumentBodySchema.safeParse({}).success).toBe(false);
    expect(reclassifyDocumentBodySchema.safeParse({ type: '' }).success).toBe(false);
    expect(reclassifyDocumentBodySchema.parse({ type: 'tax_payment' })).toEqual({ type: 'tax_payment' });
  });
});

describe('PATCH ocr body', () => {
  it('requires parsed_data and checks vocabulary types', () => {
    expect(patchDocumentOcrBodySchema.safeParse({}).success).toBe(false);
    expect(patchDocumentOcrBodySchema.safeParse({ parsed_data: { monto_total: '100' } }).success).toBe(false);
    expect(patchDocumentOcrBodySchema.safeParse({ parsed_data: { monto_total: 100 }, type: 'invoice' }).success).toBe(true);
  });
});
