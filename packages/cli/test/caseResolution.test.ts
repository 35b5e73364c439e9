import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/errors.js';
import * as f from './helpers/fixtures.js';
import { runCli, type Routes } from './helpers/harness.js';
import { listOf } from './helpers/routes.js';
import { runTable, type RunCase } from './helpers/tables.js';

const C = f.CASE_ID;

/** A case argument: a case_id, an exact internal_id, or a pick on a terminal. */
const runs: RunCase[] = [
  {
    name: 'missing case, no terminal: usage error and no request',
    args: ['plates'],
    code: EXIT.USAGE,
    stderr: ['missing argument: case', 'prompts need a terminal'],
    calls: [],
  },
  {
    name: 'a case by internal_id: exact match through the list filter',
    args: ['plates', 'EXP-1042', '--json'],
    opts: {
      routes: {
        'GET /v1/cases': listOf([
          f.caseItem(1, { internal_id: 'EXP-10420', case_id: '00000000-0000-4000-8000-000000000999' }),
          f.caseItem(2, { internal_id: 'EXP-1042', case_id: C }),
        ]),
        [`GET /v1/cases/${C}/plates`]: { body: f.plates },
      },
    },
    code: EXIT.OK,
    calls: ['GET /v1/cases', `GET /v1/cases/${C}/plates`],
  },
  {
    name: 'an internal_id nobody has: not found',
    args: ['plates', 'EXP-NOPE'],
    opts: { routes: { 'GET /v1/cases': listOf([]) } },
    code: EXIT.NOT_FOUND,
    stderr: ['no active case with internal_id "EXP-NOPE"'],
  },
  {
    name: 'an internal_id two cases share, no terminal: usage error naming both',
    args: ['plates', 'EXP-9'],
    opts: { routes: { 'GET /v1/cases': listOf([f.caseItem(1, { internal_id: 'EXP-9' }), f.caseItem(2, { internal_id: 'EXP-9' })]) } },
    code: EXIT.USAGE,
    stderr: ['several cases have internal_id "EXP-9"', f.caseItem(1).case_id],
  },
];

describe('case arguments (args → exit code, stderr, requests)', () => {
  runTable(runs);

  it('an internal_id names a case only when it matches exactly; a match but for case is a hint', async () => {
    const r = await runCli(['plates', 'exp-1042'], {
      routes: { 'GET /v1/cases': listOf([f.caseItem(1, { internal_id: 'EXP-1042', case_id: C })]) },
    });
    expect(r.code).toBe(EXIT.NOT_FOUND);
    expect(r.stderr).toContain('no active case with internal_id "exp-1042"');
    expect(r.stderr).toContain('did you mean "EXP-1042"?');
  });
});

describe('a missing case on a terminal', () => {
  it('a missing case is picked from a searchable list of cases', async () => {
    const r = await runCli(['plates'], {
      tty: true,
      answers: [1],
      routes: {
        'GET /v1/cases': listOf([f.caseItem(1), f.caseItem(2, { case_id: C })]),
        [`GET /v1/cases/${C}/plates`]: { body: f.plates },
      },
    });
    expect(r.code).toBe(0);
    expect(r.prompter.asked).toEqual(['Case (type to filter by internal id)']);
    expect(r.requests.map((q) => q.path)).toEqual(['/v1/cases', `/v1/cases/${C}/plates`]);
  });

  const pickerFirst = 'in the picker, the case whose internal_id is what was typed comes first (Enter takes it), ';
  it(pickerFirst + 'and a delete names the case it asks about', async () => {
    const exp1 = f.caseItem(1, { case_id: C });
    const routes: Routes = {
      // The list filter matches ids that contain the term, newest first: EXP-10 before EXP-1.
      'GET /v1/cases': (req) =>
        listOf(req.query.internal_id === 'EXP-1' ? [f.caseItem(10), f.caseItem(11, { internal_id: 'exp-1' }), exp1] : [exp1]),
      [`DELETE /v1/cases/${C}`]: { body: { case_id: C, active: false } },
    };
    const r = await runCli(['cases', 'delete'], { tty: true, answers: [{ term: 'EXP-1', pick: 0 }, true], routes });
    expect(r.code).toBe(0);
    expect(r.prompter.asked).toEqual(['Case (type to filter by internal id)', `Delete case EXP-1 (${C})?`]);
    expect(r.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /v1/cases', `DELETE /v1/cases/${C}`]);
  });

  it('no prompt when only stdout is a terminal (stdin is a pipe)', async () => {
    const r = await runCli(['plates'], { isTTY: { stdout: true, stderr: true } });
    expect(r.code).toBe(EXIT.USAGE);
    expect(r.prompter.asked).toEqual([]);
  });
});
