import { describe } from 'vitest';
import * as bureau from '../../src/commands/bureau.js';
import * as invoices from '../../src/commands/invoices.js';
import * as rapi from '../../src/commands/rapi.js';
import * as renapo from '../../src/commands/renapo.js';
import * as repuve from '../../src/commands/repuve.js';
import * as taxes from '../../src/commands/taxes.js';
import { EXIT } from '../../src/errors.js';
import * as f from '../helpers/fixtures.js';
import { caseExists, notFound } from '../helpers/routes.js';
import { flagTable, runTable, type RunCase } from '../helpers/tables.js';

const C = f.CASE_ID;

/** The lookups over one case (rapi, renapo, pedimento, bureau, repuve, taxes, invoices): `--run`, `--watch`, `--json`. */
describe('lookups: flags', () => {
  flagTable('rapi', rapi.register, [
    { name: 'start and watch', args: [C, '--run', '--watch', '--timeout', '5'], opts: { case: C, run: true, watch: true, timeout: 5 } },
  ]);
  flagTable('bureau', bureau.register, [{ name: 'read once', args: [C], opts: { case: C, run: undefined } }]);
  flagTable('repuve', repuve.register, [
    { name: 'no --run (it runs with case processing)', args: [C, '--run'], error: "unknown option '--run'" },
  ]);
  flagTable('invoices', invoices.register, [{ name: 'watched', args: [C, '--watch'], opts: { watch: true } }]);
  flagTable('taxes', taxes.register, [
    { name: '--interval takes milliseconds', args: [C, '--interval', '0'], error: 'must be a positive integer' },
  ]);
  flagTable('renapo', renapo.register, [{ name: 'by internal_id', args: ['EXP-1'], opts: { case: 'EXP-1' } }]);
});

const runs: RunCase[] = [
  {
    name: '--run without --watch prints the start',
    args: ['rapi', C, '--run'],
    opts: {
      routes: { [`POST /v1/cases/${C}/rapi`]: { status: 202, body: { job_id: f.JOB, vin: '1FTFW1E51PFA12345', status: 'pending' } } },
    },
    code: EXIT.OK,
    stdout: [`RAPI lookup started for VIN 1FTFW1E51PFA12345 (job ${f.JOB}).`],
    calls: [`POST /v1/cases/${C}/rapi`],
  },
  {
    name: '--run --watch: starts, polls past 404 and processing, prints the settled result',
    args: ['rapi', C, '--run', '--watch', '--json'],
    opts: {
      routes: {
        [`POST /v1/cases/${C}/rapi`]: { status: 202, body: { job_id: f.JOB, vin: 'V', status: 'pending' } },
        [`GET /v1/cases/${C}/rapi`]: (_r, n) =>
          n === 1 ? notFound : n === 2 ? { body: f.rapi('processing') } : { body: f.rapi('completed', { tiene_reporte: false }) },
      },
    },
    code: EXIT.OK,
    stdout: ['"status": "completed"', '"tiene_reporte": false'],
    calls: [`POST /v1/cases/${C}/rapi`, `GET /v1/cases/${C}/rapi`, `GET /v1/cases/${C}/rapi`, `GET /v1/cases/${C}/rapi`],
  },
  {
    name: '--watch that settles in error: exit 5, the result still printed',
    args: ['rapi', C, '--watch'],
    opts: { routes: { ...caseExists, [`GET /v1/cases/${C}/rapi`]: (_r, n) => ({ body: f.rapi(n < 3 ? 'processing' : 'error') }) } },
    code: EXIT.LOOKUP,
    stdout: ['job', 'error'],
    stderr: ['RAPI lookup ended in error'],
  },
  {
    name: '--watch on a case that does not exist: exit 4 at once, nothing waited on',
    args: ['rapi', '00000000-0000-4000-8000-000000000000', '--watch'],
    opts: {
      routes: {
        'GET /v1/cases/00000000-0000-4000-8000-000000000000/metadata': {
          status: 404,
          body: { error: { code: null, message: 'Caso no encontrado' } },
        },
      },
    },
    code: EXIT.NOT_FOUND,
    stderr: ['Caso no encontrado'],
    calls: ['GET /v1/cases/00000000-0000-4000-8000-000000000000/metadata'],
  },
  {
    name: '--watch that times out: exit 5 with the last snapshot',
    args: ['rapi', C, '--watch', '--timeout', '5', '--json'],
    opts: { routes: { ...caseExists, [`GET /v1/cases/${C}/rapi`]: { body: f.rapi('processing') } } },
    code: EXIT.LOOKUP,
    stdout: ['"status": "processing"'],
    stderr: ['did not settle within 5000 ms'],
  },
  {
    name: 'taxes piped',
    args: ['taxes', C],
    opts: { routes: { [`GET /v1/cases/${C}/taxes`]: { body: f.taxes } } },
    code: EXIT.OK,
    stdout: [/^main\t2026\tMXA1234\tMEX\twarning\tPendiente\twarning\tCon adeudo\t\t\$1,234\.50$/m, /^other\t2021\tLKJ9876/m],
  },
  {
    name: 'invoices piped',
    args: ['invoices', C],
    opts: { routes: { [`GET /v1/cases/${C}/invoices`]: { body: f.invoices } } },
    code: EXIT.OK,
    stdout: [`${f.FILE_1}\tcompleted\tfound\tcompleted\tEl vehículo es de procedencia nacional`],
  },
  {
    name: 'invoices on a terminal, none: says which documents are listed and how to list a CFDI',
    args: ['invoices', C],
    opts: { tty: true, routes: { [`GET /v1/cases/${C}/invoices`]: { body: { case_id: C, invoices: [] } } } },
    code: EXIT.OK,
    stdout: ['No invoices in this case.', 'vcase documents classify <document> --type invoice'],
  },
];

describe('lookups: runs', () => {
  runTable(runs);
});
