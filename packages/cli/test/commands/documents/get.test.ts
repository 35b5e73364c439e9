import { describe, expect, it } from 'vitest';
import * as extractionData from '../../../src/commands/documents/extractionData.js';
import * as get from '../../../src/commands/documents/get.js';
import { EXIT } from '../../../src/errors.js';
import * as f from '../../helpers/fixtures.js';
import { runCli } from '../../helpers/harness.js';
import { flagTable, runTable } from '../../helpers/tables.js';

const C = f.CASE_ID;

describe('documents get and extraction-data: flags', () => {
  flagTable('documents get', get.register, [
    { name: 'the document as an argument', args: [f.FILE_1, '--json'], opts: { document: f.FILE_1, json: true } },
    { name: 'no document: the run picks one or refuses', args: [], opts: { document: undefined } },
  ]);
  flagTable('documents extraction-data', extractionData.register, [{ name: 'a document', args: [f.FILE_1], opts: { document: f.FILE_1 } }]);
});

describe('documents get: runs', () => {
  runTable([
    {
      name: 'a document argument that is not a UUID: usage error before any call',
      args: ['documents', 'get', 'garbage'],
      code: EXIT.USAGE,
      stderr: ['"garbage" is not a document_id (a UUID)'],
      calls: [],
    },
    {
      name: 'no document and no terminal: a usage error before any call',
      args: ['documents', 'extraction-data'],
      code: EXIT.USAGE,
      stderr: ['missing argument: document (a document_id)'],
      calls: [],
    },
  ]);

  it('documents get piped names the document on its first row (a terminal shows it in the heading)', async () => {
    const detail = {
      case_id: C,
      url: 'http://files/x.pdf',
      mime_type: 'application/pdf',
      type: 'invoice',
      json_ocr: null,
      parsed_data: null,
      validity: { document_validity: 'pending', codes: [] },
    };
    const r = await runCli(['documents', 'get', f.FILE_1], { routes: { [`GET /v1/documents/${f.FILE_1}`]: { body: detail } } });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(new RegExp(`^document_id\\s+${f.FILE_1}$`));
  });

  it('a document whose processing failed shows the OCR as failed with the reason, not pending', async () => {
    const failed = {
      case_id: C,
      url: 'http://files/x.pdf',
      mime_type: 'application/pdf',
      type: null,
      json_ocr: null,
      parsed_data: null,
      validity: { document_validity: 'error', codes: ['PROCESSING_FAILED'], userInfo: { error: 'ocr engine down' } },
    };
    const r = await runCli(['documents', 'get', f.FILE_1], { routes: { [`GET /v1/documents/${f.FILE_1}`]: { body: failed } } });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^OCR\s+failed: ocr engine down$/m);
    expect(r.stdout).not.toContain('pending');
  });
});
