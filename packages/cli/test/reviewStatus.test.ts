import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/errors.js';
import * as f from './helpers/fixtures.js';
import { runCli, stripAnsi, type Routes } from './helpers/harness.js';

const C = f.CASE_ID;
const detail = (review_status: string, files: number) => ({
  body: {
    case_id: C,
    internal_id: 'EXP-1',
    review_status,
    created_at: '2026-01-10T10:00:00.000Z',
    files: Array.from({ length: files }, (_, i) => f.caseFile(i)),
  },
});
const NOTE = '4 documents; the case is not processed yet: run `vcase cases process EXP-1` (the review status is set when it is)';

/** Contract §3: a case is `sin_documentos` from its creation until its processing closes, uploads or not. */
describe('a case still sin_documentos with documents says why', () => {
  it('cases get on a terminal: on the review status line', async () => {
    const r = await runCli(['cases', 'get', C], { tty: true, routes: { [`GET /v1/cases/${C}`]: detail('sin_documentos', 4) } });
    expect(r.code).toBe(EXIT.OK);
    expect(stripAnsi(r.stdout)).toContain(`review_status  sin_documentos · ${NOTE}\n`);
  });

  it('cases get piped: the value stays alone, the note goes to stderr', async () => {
    const r = await runCli(['cases', 'get', C], { routes: { [`GET /v1/cases/${C}`]: detail('sin_documentos', 4) } });
    expect(r.stdout).toContain('review_status\tsin_documentos\n');
    expect(r.stderr).toBe(`vcase: review status sin_documentos: ${NOTE}\n`);
    const json = await runCli(['cases', 'get', C, '--json'], { routes: { [`GET /v1/cases/${C}`]: detail('sin_documentos', 4) } });
    expect(json.stderr).toBe('');
  });

  it('report: while processing runs, it says the status comes when it ends', async () => {
    const routes: Routes = {
      [`GET /v1/cases/${C}`]: detail('sin_documentos', 4),
      [`GET /v1/cases/${C}/status`]: {
        body: {
          case_id: C,
          job_id: f.JOB,
          status: 'processing',
          total_files: 4,
          processed_files: 1,
          failed_files: 0,
          started_at: '2026-01-10T10:00:00.000Z',
          finished_at: null,
          message: null,
        },
      },
    };
    const r = await runCli(['report', C], { tty: true, routes });
    expect(stripAnsi(r.stdout)).toMatch(
      /review status\s+sin_documentos · 4 documents being processed: the review status is set when the processing ends\n/,
    );
    const never = await runCli(['report', C], { tty: true, routes: { [`GET /v1/cases/${C}`]: detail('sin_documentos', 4) } });
    expect(stripAnsi(never.stdout)).toMatch(new RegExp(`review status\\s+sin_documentos · ${NOTE.replace(/[()`]/g, '\\$&')}\n`));
  });

  it('nothing to explain: a case without documents, or one already reviewed', async () => {
    for (const [status, files] of [
      ['sin_documentos', 0],
      ['nuevo', 4],
    ] as const) {
      const r = await runCli(['cases', 'get', C], { routes: { [`GET /v1/cases/${C}`]: detail(status, files) } });
      expect(r.stderr).toBe('');
    }
  });
});
