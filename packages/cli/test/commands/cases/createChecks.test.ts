import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/errors.js';
import * as f from '../../helpers/fixtures.js';
import { runCli, stripAnsi, type Routes } from '../../helpers/harness.js';

const first = f.caseItem(1, { internal_id: 'EXP-7', review_status: 'nuevo', created_at: '2026-01-10T10:00:00.000Z' });
const second = f.caseItem(2, { internal_id: 'EXP-7', review_status: 'sin_documentos', created_at: '2026-01-12T16:45:00.000Z' });
const list = (items: unknown[]) => ({ body: { data: items, pagination: { limit: 100, offset: 0, total: items.length, has_more: false } } });
const detail = (c: typeof first, files: number) => ({
  body: {
    case_id: c.case_id,
    internal_id: c.internal_id,
    review_status: c.review_status,
    created_at: c.created_at,
    files: Array.from({ length: files }, (_, i) => f.caseFile(i)),
  },
});
const created = { status: 201, body: { case_id: f.CASE_ID, status: 'completed' } };
const existing: Routes = {
  'GET /v1/cases': list([first]),
  [`GET /v1/cases/${first.case_id}`]: detail(first, 4),
  'POST /v1/cases': created,
};
const posted = (r: { requests: { method: string }[] }) => r.requests.filter((q) => q.method === 'POST').length;

describe('cases create when the internal_id is taken', () => {
  it('without a terminal: refused before creating, naming the case that exists and --allow-duplicate', async () => {
    const r = await runCli(['cases', 'create', '--internal-id', 'EXP-7', '--status', 'nuevo'], { routes: existing });
    expect(r.code).toBe(EXIT.USAGE);
    expect(r.stderr).toContain(
      `a case with internal_id "EXP-7" already exists:\n  ${first.case_id}  created 2026-01-10 10:00 · nuevo · 4 documents\n`,
    );
    expect(r.stderr).toContain('pass --allow-duplicate to create another');
    expect(posted(r)).toBe(0);
  });

  it('--allow-duplicate creates it without looking', async () => {
    const r = await runCli(['cases', 'create', '--internal-id', 'EXP-7', '--status', 'nuevo', '--allow-duplicate'], { routes: existing });
    expect(r.code).toBe(EXIT.OK);
    expect(r.requests.map((q) => q.method)).toEqual(['POST']);
  });

  it('on a terminal: asks first; "no" creates nothing', async () => {
    const r = await runCli(['cases', 'create', '--internal-id', 'EXP-7', '--status', 'nuevo'], {
      tty: true,
      answers: [false],
      routes: existing,
    });
    expect(r.code).toBe(EXIT.USAGE);
    expect(r.prompter.asked).toEqual(['Create another case "EXP-7"? Commands given "EXP-7" would then ask which one']);
    expect(stripAnsi(r.stderr)).toContain('created 2026-01-10 10:00 · nuevo · 4 documents');
    expect(r.stderr).toContain('Cancelled.');
    expect(posted(r)).toBe(0);
  });

  it('on a terminal: "yes" creates it', async () => {
    const r = await runCli(['cases', 'create', '--internal-id', 'EXP-7', '--status', 'nuevo'], {
      tty: true,
      answers: [true],
      routes: existing,
    });
    expect(r.code).toBe(EXIT.OK);
    expect(posted(r)).toBe(1);
  });

  it('a new internal_id is created at once', async () => {
    const r = await runCli(['cases', 'create', '--internal-id', 'EXP-8', '--status', 'nuevo'], {
      routes: { ...existing, 'GET /v1/cases': list([]) },
    });
    expect(r.code).toBe(EXIT.OK);
    expect(posted(r)).toBe(1);
  });

  it('--allow-duplicate does not go with --from (rows create each internal_id once)', async () => {
    const r = await runCli(['cases', 'create', '--from', '-', '--allow-duplicate'], { stdin: '' });
    expect(r.code).toBe(EXIT.USAGE);
    expect(r.stderr).toContain('drop --allow-duplicate');
  });
});

describe('picking one of several cases of an internal_id', () => {
  it('shows what tells them apart: created, review status, documents', async () => {
    const routes: Routes = {
      'GET /v1/cases': list([second, first]),
      [`GET /v1/cases/${first.case_id}`]: detail(first, 4),
      [`GET /v1/cases/${second.case_id}`]: detail(second, 0),
    };
    const r = await runCli(['cases', 'get', 'EXP-7'], { tty: true, answers: [1], routes });
    expect(r.code).toBe(EXIT.OK);
    expect(r.prompter.asked).toEqual(['Several cases have internal_id "EXP-7"']);
    expect(r.prompter.offered[0]!.map((c) => c.name)).toEqual([
      'EXP-7  created 2026-01-12 16:45 · sin_documentos · 0 documents',
      'EXP-7  created 2026-01-10 10:00 · nuevo · 4 documents',
    ]);
    expect(stripAnsi(r.stdout)).toContain(first.case_id);
  });
});
