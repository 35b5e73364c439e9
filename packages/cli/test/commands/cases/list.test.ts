import { describe, expect, it } from 'vitest';
import { register } from '../../../src/commands/cases/list.js';
import * as f from '../../helpers/fixtures.js';
import { runCli, stripAnsi, type Routes } from '../../helpers/harness.js';
import { listOf } from '../../helpers/routes.js';
import { flagTable } from '../../helpers/tables.js';

describe('cases list: flags', () => {
  flagTable('cases list', register, [
    { name: 'defaults: the first page of 20', args: [], opts: { limit: 20, offset: 0 } },
    {
      name: 'filters, paging and output',
      args: ['--internal-id', 'EXP', '--vin', '1FT', '--case-type', 'u-1', '--limit', '5', '--offset', '10', '--all', '--ndjson'],
      opts: { internalId: 'EXP', vin: '1FT', caseType: 'u-1', limit: 5, offset: 10, all: true, ndjson: true },
    },
    { name: 'a limit above the maximum is left for the run to cap', args: ['--limit', '500'], opts: { limit: 500 } },
    { name: '--limit 0 is refused', args: ['--limit', '0'], error: 'must be a positive integer' },
    { name: 'a negative --offset is refused', args: ['--offset', '-1'], error: 'must be a non-negative integer' },
    { name: 'no argument', args: ['EXP-1'], error: 'too many arguments' },
  ]);
});

describe('cases list: runs', () => {
  const pages: Routes = {
    'GET /v1/cases': (req) => {
      const offset = Number(req.query.offset ?? 0);
      const limit = Number(req.query.limit ?? 20);
      const all = [1, 2, 3, 4, 5].map((i) => f.caseItem(i));
      return listOf(all.slice(offset, offset + limit), all.length, offset, limit);
    },
  };

  it('--ndjson streams every item, fetching the pages one after another', async () => {
    const r = await runCli(['cases', 'list', '--ndjson', '--limit', '2'], { routes: pages });
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((c) => c.internal_id)).toEqual(['EXP-1', 'EXP-2', 'EXP-3', 'EXP-4', 'EXP-5']);
    expect(r.requests.map((q) => q.query.offset)).toEqual(['0', '2', '4']);
  });

  it('the table shows one page and says how to get the rest', async () => {
    const r = await runCli(['cases', 'list', '--limit', '2'], { routes: pages, tty: true });
    expect(stripAnsi(r.stdout)).toMatch(/CASE ID\s+INTERNAL ID/);
    expect(stripAnsi(r.stdout)).toContain('1–2 of 5 · --all for every page');
    expect(r.requests).toHaveLength(1);
  });

  it('--json --all gives every page in one body, its pagination saying there is no more', async () => {
    const r = await runCli(['cases', 'list', '--json', '--all', '--limit', '2'], { routes: pages });
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(body.data.map((c: { internal_id: string }) => c.internal_id)).toEqual(['EXP-1', 'EXP-2', 'EXP-3', 'EXP-4', 'EXP-5']);
    expect(body.pagination).toEqual({ limit: 5, offset: 0, total: 5, has_more: false });
    expect(r.requests.map((q) => q.query.offset)).toEqual(['0', '2', '4']);
  });

  it('--all lists each case once when cases are created between its pages', async () => {
    // Newest first; one case is created after each page is read.
    let newest = 5;
    const growing: Routes = {
      'GET /v1/cases': (req) => {
        const offset = Number(req.query.offset ?? 0);
        const limit = Number(req.query.limit ?? 20);
        const all = Array.from({ length: newest }, (_, i) => f.caseItem(newest - i));
        newest++;
        return listOf(all.slice(offset, offset + limit), all.length, offset, limit);
      },
    };
    for (const format of [['--json'], ['--ndjson'], []]) {
      newest = 5;
      const r = await runCli(['cases', 'list', ...format, '--all', '--limit', '2'], { routes: growing });
      expect(r.code).toBe(0);
      const ids =
        format[0] === '--json' ? JSON.parse(r.stdout).data.map((c: { internal_id: string }) => c.internal_id) : r.stdout.match(/EXP-\d+/g);
      expect(new Set(ids).size).toBe(ids.length);
      for (const n of [1, 2, 3, 4, 5]) expect(ids).toContain(`EXP-${n}`);
    }
  });

  it('piped, the table has no footer: a page that is not the last says so on stderr, the last one does not', async () => {
    const first = await runCli(['cases', 'list', '--limit', '2'], { routes: pages });
    expect(first.code).toBe(0);
    expect(first.stdout).not.toContain('of 5');
    expect(first.stdout.trim().split('\n')).toHaveLength(2);
    expect(first.stderr).toBe('vcase: 1–2 of 5 · --all for every page, --ndjson to stream\n');
    const last = await runCli(['cases', 'list', '--limit', '2', '--offset', '4'], { routes: pages });
    expect(last.stderr).toBe('');
    const all = await runCli(['cases', 'list', '--limit', '2', '--all'], { routes: pages });
    expect(all.stdout.trim().split('\n')).toHaveLength(5);
    expect(all.stderr).toBe('');
  });

  it('a value with escape sequences is shown, not obeyed: on a terminal, piped, with and without colour', async () => {
    const hostile = '\x1b[31mRED\x1b]0;owned\x07\x1b[2J\r\x9bX';
    const routes: Routes = { 'GET /v1/cases': listOf([f.caseItem(1, { internal_id: hostile })], 1, 0, 20) };
    const shown = String.raw`\x1b[31mRED\x1b]0;owned\x07\x1b[2J \x9bX`;
    for (const opts of [{ tty: true, env: { FORCE_COLOR: '1' } }, { tty: true, args: ['--no-color'] }, { tty: false }]) {
      const r = await runCli([...(opts.args ?? []), 'cases', 'list'], { routes, tty: opts.tty, env: opts.env });
      expect(r.code).toBe(0);
      expect(stripAnsi(r.stdout)).toContain(shown);
      // Nothing but this output's own colour codes reaches the terminal.
      expect(r.stdout.replace(/\x1b\[[0-9;]*m/g, '')).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
    }
    // --json keeps the API body as it is.
    const json = await runCli(['cases', 'list', '--json'], { routes });
    expect(JSON.parse(json.stdout).data[0].internal_id).toBe(hostile);
  });

  it('--json prints the first page body', async () => {
    const r = await runCli(['cases', 'list', '--limit', '2', '--json', '--internal-id', 'EXP'], { routes: pages });
    expect(JSON.parse(r.stdout)).toMatchObject({
      data: [{ internal_id: 'EXP-1' }, { internal_id: 'EXP-2' }],
      pagination: { total: 5, has_more: true },
    });
    expect(r.requests[0]!.query).toMatchObject({ internal_id: 'EXP', limit: '2', offset: '0' });
  });
});
