import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/errors.js';
import { CASE_B, results } from '../../helpers/batch.js';
import * as f from '../../helpers/fixtures.js';
import { emptyDir, runCli, type Routes } from '../../helpers/harness.js';

describe('cases create --from', () => {
  it('creates cases with their files; an existing internal_id is not created again', async () => {
    const dir = emptyDir();
    fs.writeFileSync(path.join(dir, 'a.pdf'), '%PDF a');
    let created = 0;
    const routes: Routes = {
      'GET /v1/cases': (req) => ({
        body: {
          data: req.query.internal_id === 'EXP-OLD' ? [f.caseItem(1, { internal_id: 'EXP-OLD', case_id: CASE_B })] : [],
          pagination: { limit: 100, offset: 0, total: 0, has_more: false },
        },
      }),
      'POST /v1/cases': (req) => {
        created++;
        const files = (req.body as { files?: unknown[] }).files;
        return files
          ? { status: 202, body: { case_id: f.CASE_ID, job_id: f.JOB, total_files: files.length, status: 'processing' } }
          : { status: 201, body: { case_id: f.CASE_ID, status: 'completed' } };
      },
      'POST /v1/documents': { status: 201, body: { document_id: f.FILE_1, url: 'http://files/a' } },
    };
    const stdin = [
      JSON.stringify({
        internal_id: 'EXP-NEW',
        files: ['a.pdf', { url: 'https://files.example/f.xml', type: 'invoice' }],
        metadata: { numero_siniestro: 'S-1' },
      }),
      JSON.stringify({ internal_id: 'EXP-OLD', status: 'processing' }),
      JSON.stringify({ status: 'nuevo' }),
    ].join('\n');
    const r = await runCli(['cases', 'create', '--from', '-', '--status', 'nuevo'], { stdin, routes, cwd: dir });
    const out = results(r.stdout);
    expect(out[0]).toMatchObject({ ok: true, case_id: f.CASE_ID, created: true, job_id: f.JOB, total_files: 1, document_ids: [f.FILE_1] });
    expect(out[1]).toMatchObject({ ok: true, case_id: CASE_B, created: false });
    expect(out[2]).toMatchObject({ ok: false, error: { code: 'INVALID_ROW', message: 'internal_id is required' } });
    expect(created).toBe(1);
    const create = r.requests.find((q) => q.method === 'POST' && q.path === '/v1/cases')!;
    expect(create.body).toEqual({
      internal_id: 'EXP-NEW',
      status: 'nuevo',
      metadata: { numero_siniestro: 'S-1' },
      files: [{ url: 'https://files.example/f.xml', mime_type: 'application/xml', document_type: 'invoice' }],
    });
    expect(r.code).toBe(EXIT.FAILURE);
  });

  it('a row whose file cannot be read fails before its case is created; internal_id matches exactly', async () => {
    const dir = emptyDir();
    let created = 0;
    const routes: Routes = {
      // The server's filter ignores case: EXP-OLD answers a search for exp-old too.
      'GET /v1/cases': (req) => ({
        body: {
          data:
            String(req.query.internal_id).toUpperCase() === 'EXP-OLD' ? [f.caseItem(1, { internal_id: 'EXP-OLD', case_id: CASE_B })] : [],
          pagination: { limit: 100, offset: 0, total: 0, has_more: false },
        },
      }),
      'POST /v1/cases': () => {
        created++;
        return { status: 201, body: { case_id: f.CASE_ID, status: 'completed' } };
      },
    };
    fs.writeFileSync(path.join(dir, 'doc.docx'), 'PK');
    fs.writeFileSync(path.join(dir, 'big.pdf'), '');
    fs.truncateSync(path.join(dir, 'big.pdf'), 20 * 1024 * 1024 + 1);
    const stdin = [
      JSON.stringify({ internal_id: 'EXP-TYPO', files: ['nope.pdf'] }),
      JSON.stringify({ internal_id: 'exp-old' }),
      JSON.stringify({ internal_id: 'EXP-BIG', files: ['big.pdf'] }),
      JSON.stringify({ internal_id: 'EXP-DOCX', files: ['doc.docx'] }),
    ].join('\n');
    const r = await runCli(['cases', 'create', '--from', '-', '--status', 'nuevo'], { stdin, routes, cwd: dir });
    const out = results(r.stdout);
    expect(out[0]).toMatchObject({ ok: false, error: { code: 'FILE_NOT_FOUND', message: 'cannot read nope.pdf: no such file' } });
    expect(out[1]).toMatchObject({ ok: true, created: true, case_id: f.CASE_ID });
    // Files the upload would refuse fail their row before the case exists; nothing was sent for them.
    expect(out[2]).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_ERROR', message: 'file is 20971521 bytes; the limit is 20971520 bytes (20 MB) per file' },
    });
    expect(out[3]).toMatchObject({ ok: false, error: { code: 'MISSING_PARAMETER' } });
    expect(out[3].error.message).toContain('no se pudo deducir del nombre');
    for (const row of out.slice(2)) expect(row.error).not.toHaveProperty('status');
    expect(created).toBe(1);
    expect(
      r.requests.filter((q) => q.method === 'POST' && q.path === '/v1/cases').map((q) => (q.body as { internal_id: string }).internal_id),
    ).toEqual(['exp-old']);
  });
});
