import { describe, expect, it } from 'vitest';
import type { JobsSummary } from '@vcase/sdk';
import { waited } from '../../../src/render/jobs.js';
import { runCli, stripAnsi } from '../../helpers/harness.js';

const SUMMARY: JobsSummary = {
  generated_at: '2026-01-15T12:00:00.000Z',
  backlog: [
    {
      kind: 'document.process',
      queued: 12,
      scheduled: 1,
      running: 4,
      stalled: 1,
      failed_24h: 0,
      oldest_queued_at: '2026-01-15T11:53:30.000Z',
    },
    { kind: 'lookup.rapi', queued: 0, scheduled: 0, running: 0, stalled: 0, failed_24h: 3, oldest_queued_at: null },
  ],
  oldest_queued: {
    job_id: 'job-1',
    kind: 'document.process',
    company_id: 'co-1',
    case_id: 'case-1',
    attempts: 0,
    queued_since: '2026-01-15T11:53:30.000Z',
    waiting_seconds: 390,
  },
  failing: [
    {
      job_id: 'job-9',
      kind: 'lookup.rapi',
      company_id: 'co-1',
      case_id: 'case-2',
      attempts: 3,
      status: 'error',
      error: 'rapi: el proveedor no responde',
      updated_at: '2026-01-15T11:40:00.000Z',
    },
  ],
};
const routes = { 'GET /admin/jobs/summary': () => ({ body: SUMMARY }) };

describe('vcase admin jobs', () => {
  it('--json prints the summary as the API answered it, asked with the admin token', async () => {
    const r = await runCli(['--admin-token', 'adm', 'admin', 'jobs', '--json'], { routes });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(SUMMARY);
    expect(r.requests).toHaveLength(1);
    expect(r.requests[0]!.headers.authorization).toBe('Bearer adm');
  });

  it('on a terminal: the backlog table, the oldest waiting job, the failing jobs with their error', async () => {
    const r = await runCli(['--admin-token', 'adm', 'admin', 'jobs'], { routes, tty: true });
    expect(r.code, r.stderr).toBe(0);
    const lines = stripAnsi(r.stdout).split('\n');
    expect(lines).toContain('Backlog');
    expect(lines.find((l) => l.startsWith('document.process'))?.split(/\s{2,}/)).toEqual([
      'document.process',
      '12',
      '1',
      '4',
      '1',
      '0',
      '6m30s',
    ]);
    expect(lines.find((l) => l.startsWith('lookup.rapi'))?.split(/\s{2,}/)).toEqual(['lookup.rapi', '0', '0', '0', '0', '3', '—']);
    expect(lines.find((l) => l.startsWith('waiting'))).toMatch(/^waiting\s+6m30s \(due since 2026-01-15 11:53\)$/);
    const failing = lines.find((l) => l.includes('job-9'));
    expect(failing?.split(/\s{2,}/)).toEqual(['2026-01-15 11:40', 'lookup.rapi', 'failed', '3', 'rapi: el proveedor no responde', 'job-9']);
  });

  it('piped: tab-separated rows under "# " section titles', async () => {
    const r = await runCli(['--admin-token', 'adm', 'admin', 'jobs'], { routes });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('# Backlog\ndocument.process\t12\t1\t4\t1\t0\t6m30s\nlookup.rapi\t0\t0\t0\t0\t3\t\n');
    expect(r.stdout).toContain(
      '# Failing jobs (newest first)\n2026-01-15 11:40\tlookup.rapi\tfailed\t3\trapi: el proveedor no responde\tjob-9\n',
    );
  });

  it('an empty queue says so', async () => {
    const empty = { ...SUMMARY, backlog: [], oldest_queued: null, failing: [] };
    const r = await runCli(['--admin-token', 'adm', 'admin', 'jobs'], { routes: { 'GET /admin/jobs/summary': () => ({ body: empty }) } });
    expect(r.stdout).toBe('# Backlog\nno job waiting or running, none failed in the last 24 hours\n');
  });

  it.each([
    [0, '0s'],
    [59.9, '59s'],
    [95, '1m35s'],
    [3_600 * 2 + 61, '2h01m'],
    [86_400 * 3 + 3_600 * 5, '3d05h'],
  ])('waited(%s) = %s', (seconds, text) => {
    expect(waited(seconds)).toBe(text);
  });
});
