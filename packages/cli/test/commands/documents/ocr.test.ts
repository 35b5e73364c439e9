import { describe, expect, it } from 'vitest';
import * as classify from '../../../src/commands/documents/classify.js';
import * as ocr from '../../../src/commands/documents/ocr.js';
import * as processDocument from '../../../src/commands/documents/process.js';
import * as reclassify from '../../../src/commands/documents/reclassify.js';
import { EXIT } from '../../../src/errors.js';
import * as f from '../../helpers/fixtures.js';
import { runCli } from '../../helpers/harness.js';
import { flagTable, runTable } from '../../helpers/tables.js';

const C = f.CASE_ID;
const D = f.FILE_1;

/** classify, reclassify, process and ocr: the commands that set a document's type or its OCR. */
describe('documents classify, reclassify, process, ocr: flags', () => {
  flagTable('documents classify', classify.register, [
    { name: 'detect the type', args: [D], opts: { document: D, type: undefined } },
    { name: 'set it', args: [D, '--type', 'invoice'], opts: { type: 'invoice' } },
  ]);
  flagTable('documents reclassify', reclassify.register, [
    { name: 'the new type, watched', args: [D, '--type', 'ine', '--watch'], opts: { document: D, type: 'ine', watch: true } },
    { name: '--type is required', args: [D], error: "required option '--type <type>' not specified" },
  ]);
  flagTable('documents process', processDocument.register, [
    { name: 'queued, not watched', args: [D], opts: { document: D, watch: undefined, timeout: 300 } },
  ]);
  flagTable('documents ocr', ocr.register, [
    {
      name: 'parsed data, OCR and type',
      args: [D, '--parsed-data', '{"vin":"X"}', '--json-ocr', '@ocr.json', '--type', 'invoice'],
      opts: { document: D, parsedData: '{"vin":"X"}', jsonOcr: '@ocr.json', type: 'invoice' },
    },
    { name: '--parsed-data is required', args: [D], error: "required option '--parsed-data <json>' not specified" },
  ]);
});

describe('documents classify, reclassify, process, ocr: runs', () => {
  runTable([
    {
      name: 'ocr with parsed data that is not JSON: a usage error, nothing sent',
      args: ['documents', 'ocr', D, '--parsed-data', '{vin'],
      code: EXIT.USAGE,
      stderr: ['--parsed-data is not valid JSON'],
      calls: [],
    },
    {
      name: 'reclassify without --watch: the new type sent, the OCR job named',
      args: ['documents', 'reclassify', D, '--type', 'ine'],
      opts: { routes: { [`POST /v1/documents/${D}/reclassify`]: { status: 202, body: { job_id: f.JOB } } } },
      code: EXIT.OK,
      stdout: [`Reclassified as ine; OCR job ${f.JOB}.`],
      calls: [`POST /v1/documents/${D}/reclassify`],
    },
  ]);

  it('documents process --watch: an OCR that could not read the file exits 5', async () => {
    const unreadable = {
      case_id: C,
      url: 'http://files/x.pdf',
      mime_type: 'application/pdf',
      type: null,
      json_ocr: { error: 'unreadable_pdf', message: 'No se pudo leer el PDF' },
      parsed_data: null,
      validity: { document_validity: 'unreadable', codes: [], userInfo: {} },
    };
    const r = await runCli(['documents', 'process', f.FILE_1, '--watch'], {
      routes: {
        [`POST /v1/documents/${f.FILE_1}/process`]: { status: 202, body: { document_id: f.FILE_1, job_id: f.JOB, status: 'processing' } },
        [`GET /v1/documents/${f.FILE_1}`]: { body: unreadable },
      },
    });
    expect(r.code).toBe(EXIT.LOOKUP);
    expect(r.stderr).toContain('OCR ended in error');
    expect(r.stdout).toMatch(/^OCR\s+failed: unreadable_pdf$/m);
  });
});
