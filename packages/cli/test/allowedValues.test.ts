import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/errors.js';
import * as f from './helpers/fixtures.js';
import { emptyDir, runCli, stripAnsi } from './helpers/harness.js';
import fs from 'node:fs';
import path from 'node:path';

const C = f.CASE_ID;
const none = { body: { data: [], pagination: { limit: 100, offset: 0, total: 0, has_more: false } } };
const refused = {
  status: 422,
  body: {
    error: {
      code: 'INVALID_STATUS',
      message: "El estatus 'zzz' (status) no pertenece al catálogo configurado",
      details: { field: 'status', allowed: ['processing', 'nuevo'] },
    },
  },
};
const created = { status: 201, body: { case_id: C, status: 'completed' } };
const posts = (r: { requests: { method: string; path: string; body: unknown }[] }) =>
  r.requests.filter((q) => q.method === 'POST').map((q) => q.body);

describe('a refused status names the values the company takes', () => {
  it('piped: the error lists the allowed values', async () => {
    const r = await runCli(['cases', 'create', '--internal-id', 'EXP-9', '--status', 'zzz'], {
      routes: { 'GET /v1/cases': none, 'POST /v1/cases': refused },
    });
    expect(r.code).toBe(EXIT.FAILURE);
    expect(r.stderr).toContain("El estatus 'zzz' (status) no pertenece al catálogo configurado (INVALID_STATUS, HTTP 422)");
    expect(r.stderr).toContain('allowed: processing, nuevo\n');
  });

  it("on a terminal: the company's catalog is offered as a list, and the pick is sent", async () => {
    const r = await runCli(['cases', 'create'], {
      tty: true,
      answers: ['EXP-9', 'zzz', 1],
      routes: { 'GET /v1/cases': none, 'POST /v1/cases': (_q, n) => (n === 1 ? refused : created) },
    });
    expect(r.code).toBe(EXIT.OK);
    expect(r.prompter.asked).toEqual(['Internal id', "Status (from the company's catalog)", "Status (the company's catalog)"]);
    expect(r.prompter.offered[0]!.map((c) => c.value)).toEqual(['processing', 'nuevo']);
    expect(posts(r)).toEqual([
      { internal_id: 'EXP-9', status: 'zzz' },
      { internal_id: 'EXP-9', status: 'nuevo' },
    ]);
    expect(stripAnsi(r.stdout)).toContain(`Created case ${C} (EXP-9).`);
  });

  it('a batch row refused for its status carries the allowed values', async () => {
    const r = await runCli(['cases', 'create', '--from', '-'], {
      stdin: '{"internal_id":"EXP-9","status":"zzz"}\n',
      routes: { 'GET /v1/cases': none, 'POST /v1/cases': refused },
    });
    expect(r.code).toBe(EXIT.FAILURE);
    expect(JSON.parse(r.stdout).error).toMatchObject({ code: 'INVALID_STATUS', status: 422, allowed: ['processing', 'nuevo'] });
  });
});

describe('document types: the CLI says which ones the service knows, and sends others with a warning (as the server stores them)', () => {
  const uploaded = { status: 201, body: { document_id: f.FILE_1, url: 'http://files/1', status: 'uploaded' } };

  it('documents upload --type zzz warns, lists the known types, and uploads', async () => {
    const dir = emptyDir();
    fs.writeFileSync(path.join(dir, 'a.pdf'), '%PDF-1.4');
    const r = await runCli(['documents', 'upload', 'a.pdf', '--case', C, '--type', 'zzz'], {
      cwd: dir,
      routes: { 'POST /v1/documents': uploaded },
    });
    expect(r.code).toBe(EXIT.OK);
    expect(r.stderr).toContain(
      'vcase: warning: "zzz" is not a document type the service knows; it is stored as given and no field is read from it but a VIN\n',
    );
    expect(r.stderr).toMatch(/^hint: known types: factura, factura_xml, invoice, ine, curp, .*bank_account\n/m);
    expect((r.requests[0]!.body as { type: string }).type).toBe('zzz');
  });

  it('a known type says nothing', async () => {
    const dir = emptyDir();
    fs.writeFileSync(path.join(dir, 'a.pdf'), '%PDF-1.4');
    const r = await runCli(['documents', 'upload', 'a.pdf', '--case', C, '--type', 'invoice'], {
      cwd: dir,
      routes: { 'POST /v1/documents': uploaded },
    });
    expect(r.stderr).toBe('');
  });

  it('a batch row of an unknown type is uploaded, its result carries the warning, and stderr sums them up', async () => {
    const dir = emptyDir();
    fs.writeFileSync(path.join(dir, 'a.pdf'), '%PDF-1.4');
    const rows = [
      { case_id: C, file: 'a.pdf', type: 'not_a_type' },
      { case_id: C, file: 'a.pdf', type: 'invoice' },
    ]
      .map((x) => JSON.stringify(x))
      .join('\n');
    const r = await runCli(['documents', 'upload', '--from', '-'], {
      cwd: dir,
      stdin: `${rows}\n`,
      routes: { 'POST /v1/documents': uploaded },
    });
    expect(r.code).toBe(EXIT.OK);
    const results = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .sort((a, b) => a.row - b.row);
    expect(results[0]).toMatchObject({
      ok: true,
      warnings: ['"not_a_type" is not a document type the service knows; it is stored as given and no field is read from it but a VIN'],
    });
    expect(results[1].warnings).toBeUndefined();
    expect(r.stderr).toContain('vcase: warning: row 1: "not_a_type" is not a document type the service knows');
    expect(r.stderr).toMatch(/^hint: known types: factura, /m);
  });

  it('the help of upload lists the types the service knows', async () => {
    const r = await runCli(['documents', 'upload', '--help']);
    expect(r.stdout).toContain('Document types the service knows: factura, factura_xml, invoice, ine, curp, id_front,');
  });
});
