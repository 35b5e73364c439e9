import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { register } from '../../../src/commands/documents/upload.js';
import { EXIT } from '../../../src/errors.js';
import * as f from '../../helpers/fixtures.js';
import { emptyDir, runCli } from '../../helpers/harness.js';
import { flagTable, runTable } from '../../helpers/tables.js';

const C = f.CASE_ID;

describe('documents upload: flags', () => {
  flagTable('documents upload', register, [
    { name: 'one file', args: ['a.pdf', '--case', 'EXP-1'], opts: { file: 'a.pdf', case: 'EXP-1', watch: undefined, timeout: 300 } },
    {
      name: 'its fields, watched',
      args: ['a.pdf', '--type', 'invoice', '--mime-type', 'application/pdf', '--parent', f.FILE_2, '--watch', '--timeout', '30'],
      opts: { type: 'invoice', mimeType: 'application/pdf', parent: f.FILE_2, watch: true, timeout: 30 },
    },
    { name: 'a batch', args: ['--from', 'rows.csv', '--concurrency', '2'], opts: { file: undefined, from: 'rows.csv', concurrency: 2 } },
    { name: 'one file per upload', args: ['a.pdf', 'b.pdf'], error: 'too many arguments' },
  ]);
});

describe('documents upload: runs', () => {
  runTable([
    {
      name: 'a local file that does not exist: usage error before any call',
      args: ['documents', 'upload', 'no-such-file.pdf', '--case', C],
      code: EXIT.USAGE,
      stderr: ['no-such-file.pdf'],
      calls: [],
    },
    {
      name: 'a file and --from: a usage error, nothing sent',
      args: ['documents', 'upload', 'a.pdf', '--from', '-'],
      code: EXIT.USAGE,
      stderr: ['give either a file argument or --from, not both'],
      calls: [],
    },
  ]);

  it('a local file is read and sent; piped, the result is the id and the url', async () => {
    const dir = emptyDir();
    fs.writeFileSync(path.join(dir, 'a.pdf'), '%PDF-1.4');
    const routes = { 'POST /v1/documents': { status: 201, body: { document_id: f.FILE_1, url: 'http://files/a' } } };
    const r = await runCli(['documents', 'upload', 'a.pdf', '--case', C, '--type', 'invoice'], { cwd: dir, routes });
    expect(r.code, r.stderr).toBe(EXIT.OK);
    expect(r.stdout).toBe(`${f.FILE_1}\thttp://files/a\n`);
    expect(r.requests[0]!.body).toMatchObject({ case_id: C, mime_type: 'application/pdf', type: 'invoice' });
  });
});
