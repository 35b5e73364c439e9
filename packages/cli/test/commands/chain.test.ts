import { describe } from 'vitest';
import * as ownership from '../../src/commands/chain/ownership.js';
import * as plates from '../../src/commands/chain/plates.js';
import { EXIT } from '../../src/errors.js';
import * as f from '../helpers/fixtures.js';
import { notFound } from '../helpers/routes.js';
import { flagTable, runTable, type RunCase } from '../helpers/tables.js';

const C = f.CASE_ID;

describe('chain: flags', () => {
  flagTable('chain plates', plates.register, [
    { name: 'generate and watch', args: [C, '--run', '--watch'], opts: { case: C, run: true, watch: true } },
  ]);
  flagTable('chain ownership', ownership.register, [{ name: 'read once', args: ['EXP-1', '--json'], opts: { case: 'EXP-1', json: true } }]);
});

const runs: RunCase[] = [
  {
    name: 'a chain, readable before any run, keeps its plain 404 (the case is gone)',
    args: ['chain', 'plates', C],
    opts: { routes: { [`GET /v1/cases/${C}/chain_plates`]: notFound } },
    code: EXIT.NOT_FOUND,
    stderr: ['El caso no existe o está inactivo'],
    notStderr: ['--run'],
    calls: [`GET /v1/cases/${C}/chain_plates`],
  },
  {
    name: 'chain ownership on a terminal: the tree',
    args: ['chain', 'ownership', C],
    opts: { tty: true, routes: { [`GET /v1/cases/${C}/ownership_chain`]: { body: f.ownership } } },
    code: EXIT.OK,
    stdout: ['⚠ gap: untraceable_transfer'],
  },
  {
    name: 'chain plates --run --watch',
    args: ['chain', 'plates', C, '--run', '--watch'],
    opts: {
      routes: {
        [`POST /v1/cases/${C}/chain_plates`]: {
          body: { ...f.chainPlates, status: 'processing', summary: null, chain: [], message: 'La generación…' },
        },
        [`GET /v1/cases/${C}/chain_plates`]: (_r, n) => ({
          body: n === 1 ? { ...f.chainPlates, status: 'processing', summary: null, chain: [] } : f.chainPlates,
        }),
      },
    },
    code: EXIT.OK,
    stdout: [/^0\tAAA1111\tMEX\t2015-03-01\t2018-06-30\tfalse/m, /^1\tBBB2222\tMEX\t2018-07-01\t\ttrue\tAAA1111/m],
  },
];

describe('chain: runs', () => {
  runTable(runs);
});
