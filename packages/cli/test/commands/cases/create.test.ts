import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { register } from '../../../src/commands/cases/create.js';
import { EXIT } from '../../../src/errors.js';
import * as f from '../../helpers/fixtures.js';
import { emptyDir, runCli, stripAnsi } from '../../helpers/harness.js';
import { listOf } from '../../helpers/routes.js';
import { flagTable, runTable } from '../../helpers/tables.js';

const C = f.CASE_ID;

describe('cases create: flags', () => {
  flagTable('cases create', register, [
    { name: 'nothing given: the run asks or refuses', args: [], opts: { concurrency: 4 } },
    {
      name: 'one case with its fields',
      args: ['--internal-id', 'EXP-1', '--status', 'nuevo', '--vehicle-origin', 'Nacional', '--initial-status', 'x', '--use-case', 'u-1'],
      opts: { internalId: 'EXP-1', status: 'nuevo', vehicleOrigin: 'Nacional', initialStatus: 'x', useCase: 'u-1' },
    },
    {
      name: '--file takes several, --metadata and --type one each',
      args: ['--file', 'a.pdf', 'https://x/b.xml', '--metadata', '{"a":1}', '--type', 'invoice', '--allow-duplicate'],
      opts: { file: ['a.pdf', 'https://x/b.xml'], metadata: '{"a":1}', type: 'invoice', allowDuplicate: true },
    },
    {
      name: 'batch mode',
      args: ['--from', '-', '--format', 'csv', '--concurrency', '8', '--resume', 'out.ndjson', '--json'],
      opts: { from: '-', format: 'csv', concurrency: 8, resume: 'out.ndjson', json: true },
    },
    { name: 'an unknown --format', args: ['--from', '-', '--format', 'xml'], error: "argument 'xml' is invalid" },
    { name: '--concurrency 0', args: ['--concurrency', '0'], error: 'must be a positive integer' },
  ]);
});

describe('cases create: runs', () => {
  runTable([
    {
      name: 'missing --status for cases create without a terminal',
      args: ['cases', 'create', '--internal-id', 'EXP-1'],
      code: EXIT.USAGE,
      stderr: ['missing --status'],
      calls: [],
    },
  ]);

  it('cases create with a file that cannot be read creates nothing', async () => {
    const r = await runCli(['cases', 'create', '--internal-id', 'EXP-9', '--status', 'nuevo', '--file', 'nope.pdf'], {
      routes: { 'POST /v1/cases': { status: 201, body: { case_id: C, status: 'completed' } } },
    });
    expect(r.code).toBe(EXIT.FAILURE);
    expect(r.stderr).toContain('cannot read nope.pdf: no such file');
    expect(r.requests).toEqual([]);
  });

  it('cases create with a file the upload would refuse (over 20 MB, unknown type) creates nothing', async () => {
    const dir = emptyDir();
    fs.writeFileSync(path.join(dir, 'big.pdf'), '');
    fs.truncateSync(path.join(dir, 'big.pdf'), 20 * 1024 * 1024 + 1);
    fs.writeFileSync(path.join(dir, 'ok.pdf'), '%PDF-1.4');
    fs.writeFileSync(path.join(dir, 'doc.docx'), 'PK');
    const routes = { 'POST /v1/cases': { status: 201, body: { case_id: C, status: 'completed' } } };
    const big = await runCli(['cases', 'create', '--internal-id', 'EXP-9', '--status', 'nuevo', '--file', 'big.pdf'], { routes, cwd: dir });
    expect(big.code).toBe(EXIT.USAGE);
    expect(big.stderr).toContain('file is 20971521 bytes; the limit is 20971520 bytes (20 MB) per file (VALIDATION_ERROR)');
    expect(big.stderr).not.toContain('HTTP');
    const docx = await runCli(
      ['cases', 'create', '--internal-id', 'EXP-9', '--status', 'nuevo', '--file', 'ok.pdf', '--file', 'doc.docx'],
      { routes, cwd: dir },
    );
    expect(docx.code).toBe(EXIT.USAGE);
    expect(docx.stderr).toContain('no se pudo deducir del nombre');
    expect([...big.requests, ...docx.requests]).toEqual([]);
  });

  it('cases create asks for what is missing', async () => {
    const r = await runCli(['cases', 'create'], {
      tty: true,
      answers: ['EXP-77', 'nuevo'],
      routes: { 'GET /v1/cases': listOf([]), 'POST /v1/cases': { status: 201, body: { case_id: C, status: 'completed' } } },
    });
    expect(r.code).toBe(0);
    expect(r.requests[1]!.body).toEqual({ internal_id: 'EXP-77', status: 'nuevo' });
    expect(stripAnsi(r.stdout)).toContain(`Created case ${C} (EXP-77).`);
  });
});
