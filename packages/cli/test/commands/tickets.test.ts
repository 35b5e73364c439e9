import { describe } from 'vitest';
import { register } from '../../src/commands/tickets.js';
import { EXIT } from '../../src/errors.js';
import * as f from '../helpers/fixtures.js';
import { caseExists } from '../helpers/routes.js';
import { flagTable, runTable, type RunCase } from '../helpers/tables.js';

const C = f.CASE_ID;
/** The message of a lookup still running. */
const PROCESSING = 'Se está procesando la información';
/** A plate/state row without an infraction: its lookup's status and message. */
const noTicket = (plate_number: string, state: string, status: 'failed' | 'processing', message: string) => ({
  plate_number,
  state,
  ticket_date: null,
  amount: null,
  status,
  message,
});

describe('tickets: flags', () => {
  flagTable('tickets', register, [
    { name: 'read once', args: [C], opts: { case: C, run: undefined, watch: undefined } },
    {
      name: 'look up and wait',
      args: [C, '--run', '--watch', '--timeout', '600', '--json'],
      opts: { run: true, watch: true, timeout: 600, json: true },
    },
  ]);
});

const runs: RunCase[] = [
  {
    name: 'tickets --watch where a plate could not be looked up: exit 5, the rows still printed',
    args: ['tickets', C, '--watch'],
    opts: {
      routes: {
        ...caseExists,
        [`GET /v1/cases/${C}/tickets`]: {
          body: {
            ...f.tickets,
            result: [...f.tickets.result, noTicket('ZZZ0001', 'CMX', 'failed', 'Hubo un problema al extraer la información')],
          },
        },
      },
    },
    code: EXIT.LOOKUP,
    stdout: ['ZZZ0001'],
    stderr: ['tickets ended in error'],
  },
  {
    name: 'tickets --watch that were never looked up: exit 5 at once, with --run as the hint',
    args: ['tickets', C, '--watch'],
    opts: {
      routes: {
        ...caseExists,
        [`GET /v1/cases/${C}/tickets`]: {
          body: {
            case_id: C,
            status: 'processing',
            message: 'Aún no se ha ejecutado ninguna consulta de infracciones para este caso',
            result: [],
          },
        },
      },
    },
    code: EXIT.LOOKUP,
    stderr: ['will not settle by waiting', 'start it with --run'],
    calls: [`GET /v1/cases/${C}/metadata`, `GET /v1/cases/${C}/tickets`],
  },
  {
    name: 'tickets --watch keeps waiting while a plate is still processing under a completed root',
    args: ['tickets', C, '--watch'],
    opts: {
      routes: {
        ...caseExists,
        [`GET /v1/cases/${C}/tickets`]: (_r, n) => ({
          body:
            n < 3
              ? {
                  ...f.tickets,
                  result: [...f.tickets.result.slice(0, 3), noTicket('LKJ9876', 'MEX', 'processing', PROCESSING)],
                }
              : f.tickets,
        }),
      },
    },
    code: EXIT.OK,
    stdout: [/LKJ9876\tMEX\t10\/10\/2020/],
    calls: [`GET /v1/cases/${C}/metadata`, `GET /v1/cases/${C}/tickets`, `GET /v1/cases/${C}/tickets`, `GET /v1/cases/${C}/tickets`],
  },
];

describe('tickets: runs', () => {
  runTable(runs);
});
