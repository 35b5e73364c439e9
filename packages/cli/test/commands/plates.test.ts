import { describe } from 'vitest';
import { register } from '../../src/commands/plates.js';
import { EXIT } from '../../src/errors.js';
import * as f from '../helpers/fixtures.js';
import { ANSI } from '../helpers/harness.js';
import { caseExists } from '../helpers/routes.js';
import { flagTable, runTable, type RunCase } from '../helpers/tables.js';

const C = f.CASE_ID;

describe('plates: flags', () => {
  flagTable('plates', register, [
    { name: 'read once', args: [C], opts: { case: C, run: undefined, watch: undefined, timeout: 300, interval: 1000 } },
    {
      name: 'recompute and watch',
      args: ['EXP-1', '--run', '--watch', '--interval', '250'],
      opts: { case: 'EXP-1', run: true, watch: true, interval: 250 },
    },
    { name: 'no --ndjson (one body, not a list)', args: [C, '--ndjson'], error: "unknown option '--ndjson'" },
  ]);
});

const runs: RunCase[] = [
  {
    name: 'plates piped: tab-separated rows, no colour',
    args: ['plates', C],
    opts: { routes: { [`GET /v1/cases/${C}/plates`]: { body: f.plates } } },
    code: EXIT.OK,
    stdout: [/^MXA1234\tMEX\tVigente\t01\/02\/2026\tLKJ9876\tfound\t/m, /^NLX5555\tNLE\t\t\t\tpending…/m],
    notStdout: [ANSI, 'PLATE'],
  },
  {
    name: 'plates --json: the API body',
    args: ['plates', C, '--json'],
    opts: { routes: { [`GET /v1/cases/${C}/plates`]: { body: f.plates } } },
    code: EXIT.OK,
    stdout: [JSON.stringify(f.plates, null, 2)],
  },
  {
    name: 'plates on a terminal: a coloured table with a header',
    args: ['plates', C],
    opts: { tty: true, routes: { [`GET /v1/cases/${C}/plates`]: { body: f.plates } } },
    code: EXIT.OK,
    stdout: [ANSI, /PLATE.*PREV\. LOOKUP/],
  },
  {
    name: 'NO_COLOR keeps the table but drops colours',
    args: ['plates', C],
    opts: { tty: true, env: { NO_COLOR: '1' }, routes: { [`GET /v1/cases/${C}/plates`]: { body: f.plates } } },
    code: EXIT.OK,
    stdout: [/PLATE\s+ENTITY/],
    notStdout: [ANSI],
  },
  {
    name: 'plates not computed yet (404): exit 4, the server text, and --run as the hint',
    args: ['plates', C],
    opts: {
      routes: {
        [`GET /v1/cases/${C}/plates`]: {
          status: 404,
          body: { error: { code: null, message: 'Las placas del caso aún no se han calculado' } },
        },
      },
    },
    code: EXIT.NOT_FOUND,
    stderr: ['Las placas del caso aún no se han calculado (HTTP 404)', 'start it with --run'],
    calls: [`GET /v1/cases/${C}/plates`],
  },
  {
    name: 'plates never computed, watched without --run: exit 4 at once with the --run hint (no polling of 404s)',
    args: ['plates', C, '--watch'],
    opts: {
      routes: {
        ...caseExists,
        [`GET /v1/cases/${C}/plates`]: {
          status: 404,
          body: { error: { code: null, message: 'Las placas del caso aún no se han calculado' } },
        },
      },
    },
    code: EXIT.NOT_FOUND,
    stderr: ['Las placas del caso aún no se han calculado (HTTP 404)', 'start it with --run'],
    calls: [`GET /v1/cases/${C}/metadata`, `GET /v1/cases/${C}/plates`],
  },
  {
    name: 'plates --watch where a previous-plate lookup failed: exit 5',
    args: ['plates', C, '--watch'],
    opts: {
      routes: {
        ...caseExists,
        [`GET /v1/cases/${C}/plates`]: {
          body: { ...f.plates, plates: [{ ...f.plates.plates[0]!, previous_plate_lookup_status: 'error' }] },
        },
      },
    },
    code: EXIT.LOOKUP,
    stderr: ['previous-plate lookups ended in error'],
  },
];

describe('plates: runs', () => {
  runTable(runs);
});
