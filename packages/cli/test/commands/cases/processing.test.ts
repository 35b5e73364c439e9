import { describe } from 'vitest';
import * as processCase from '../../../src/commands/cases/process.js';
import * as status from '../../../src/commands/cases/status.js';
import { EXIT } from '../../../src/errors.js';
import * as f from '../../helpers/fixtures.js';
import { caseExists, notFound } from '../../helpers/routes.js';
import { flagTable, runTable, type RunCase } from '../../helpers/tables.js';

const C = f.CASE_ID;
const statusBody = (n: number) => ({
  case_id: C,
  job_id: f.JOB,
  status: n < 2 ? 'processing' : 'completed',
  total_files: 2,
  processed_files: n < 2 ? 1 : 2,
  failed_files: 0,
  started_at: '2026-01-15T12:00:00.000Z',
  finished_at: null,
  message: null,
});

describe('cases process and status: flags', () => {
  flagTable('cases process', processCase.register, [
    { name: 'defaults: queued, not watched', args: [C], opts: { case: C, watch: undefined, timeout: 300, interval: 1000 } },
    {
      name: 'watched, with its knobs',
      args: [C, '--watch', '--timeout', '60', '--interval', '500'],
      opts: { watch: true, timeout: 60, interval: 500 },
    },
    { name: 'no --run: processing always starts', args: [C, '--run'], error: "unknown option '--run'" },
  ]);
  flagTable('cases status', status.register, [
    { name: 'read once', args: ['EXP-1'], opts: { case: 'EXP-1', watch: undefined } },
    { name: '--timeout takes seconds', args: ['EXP-1', '--watch', '--timeout', 'soon'], error: 'must be a positive integer' },
  ]);
});

const runs: RunCase[] = [
  {
    name: 'cases process --watch: queued, then watched to completion',
    args: ['cases', 'process', C, '--watch'],
    opts: {
      routes: {
        [`POST /v1/cases/${C}/process`]: { status: 202, body: { job_id: f.JOB, status: 'processing' } },
        [`GET /v1/cases/${C}/status`]: (_r, n) => ({ body: statusBody(n) }),
      },
    },
    code: EXIT.OK,
    stdout: [/status\tcompleted/, /files\t2\/2 processed/],
  },
  {
    name: 'cases status piped: the latest job',
    args: ['cases', 'status', C],
    opts: { routes: { [`GET /v1/cases/${C}/status`]: { body: statusBody(2) } } },
    code: EXIT.OK,
    stdout: [/status\tcompleted/, /files\t2\/2 processed/],
    calls: [`GET /v1/cases/${C}/status`],
  },
  {
    name: 'cases status --watch of a case that does not exist: exit 4 at once',
    args: ['cases', 'status', C, '--watch'],
    opts: { routes: { [`GET /v1/cases/${C}/metadata`]: notFound } },
    code: EXIT.NOT_FOUND,
    calls: [`GET /v1/cases/${C}/metadata`],
  },
  {
    name: 'cases status --watch waits until the job ends',
    args: ['cases', 'status', C, '--watch', '--json'],
    opts: { routes: { ...caseExists, [`GET /v1/cases/${C}/status`]: (_r, n) => ({ body: statusBody(n) }) } },
    code: EXIT.OK,
    stdout: ['"status": "completed"'],
    calls: [`GET /v1/cases/${C}/metadata`, `GET /v1/cases/${C}/status`, `GET /v1/cases/${C}/status`],
  },
];

describe('cases process and status: runs', () => {
  runTable(runs);
});
