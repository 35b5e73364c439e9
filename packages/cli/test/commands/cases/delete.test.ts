import { describe, expect, it } from 'vitest';
import { deleteRun, register } from '../../../src/commands/cases/delete.js';
import { EXIT } from '../../../src/errors.js';
import * as f from '../../helpers/fixtures.js';
import { runCli, stripAnsi } from '../../helpers/harness.js';
import { callRun, flagTable, runTable, type RunCase } from '../../helpers/tables.js';

const C = f.CASE_ID;

describe('cases delete: flags', () => {
  flagTable('cases delete', register, [
    { name: 'the case as an argument', args: [C], opts: { case: C, yes: undefined } },
    { name: 'no case: the run picks one or refuses', args: [], opts: { case: undefined } },
    { name: '-y confirms', args: ['EXP-1', '-y', '--json'], opts: { case: 'EXP-1', yes: true, json: true } },
    { name: 'one case at a time', args: [C, 'EXP-2'], error: 'too many arguments' },
  ]);
});

const runs: RunCase[] = [
  {
    name: 'delete without --yes and without a terminal is refused before any call',
    args: ['cases', 'delete', C],
    code: EXIT.USAGE,
    stderr: ['pass --yes to confirm'],
    calls: [],
  },
  {
    name: 'delete with --yes',
    args: ['cases', 'delete', C, '--yes'],
    opts: { routes: { [`DELETE /v1/cases/${C}`]: { body: { case_id: C, active: false } } } },
    code: EXIT.OK,
    stdout: [`${C}\tdeleted`],
    calls: [`DELETE /v1/cases/${C}`],
  },
];

describe('cases delete: runs', () => {
  runTable(runs);

  it('a delete asks, and "no" cancels without a call', async () => {
    const r = await runCli(['cases', 'delete', C], { tty: true, answers: [false] });
    expect(r.code).toBe(EXIT.USAGE);
    expect(r.prompter.asked).toEqual([`Delete case ${C}?`]);
    expect(r.stderr).toContain('Cancelled');
    expect(r.requests).toEqual([]);
  });

  it('a delete asks, and "yes" deletes', async () => {
    const r = await runCli(['cases', 'delete', C], {
      tty: true,
      answers: [true],
      routes: { [`DELETE /v1/cases/${C}`]: { body: { case_id: C, active: false } } },
    });
    expect(r.code).toBe(0);
    expect(stripAnsi(r.stdout)).toContain(`Deleted case ${C}.`);
  });
});

describe('deleteRun (its options given, no parsing)', () => {
  const deleted = { [`DELETE /v1/cases/${C}`]: { body: { case_id: C, active: false } } };
  it.each([
    { name: '--yes deletes, piped: the id and what was done', flags: { case: C, yes: true }, code: EXIT.OK, out: `${C}\tdeleted\n` },
    { name: '--json prints the body', flags: { case: C, yes: true, json: true }, code: EXIT.OK, out: /"active": false/ },
    { name: 'unconfirmed without a terminal: nothing sent', flags: { case: C }, code: EXIT.USAGE, out: '' },
    { name: 'no case without a terminal: nothing sent', flags: { yes: true }, code: EXIT.USAGE, out: '' },
  ])('$name', async ({ flags, code, out }) => {
    const r = await callRun(deleteRun, flags, { routes: deleted });
    expect(r.code).toBe(code);
    if (typeof out === 'string') expect(r.stdout).toBe(out);
    else expect(r.stdout).toMatch(out);
    expect(r.requests).toEqual(code === EXIT.OK ? [`DELETE /v1/cases/${C}`] : []);
  });
});
