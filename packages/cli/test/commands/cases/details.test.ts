import { describe } from 'vitest';
import * as assign from '../../../src/commands/cases/assign.js';
import * as get from '../../../src/commands/cases/get.js';
import * as metadata from '../../../src/commands/cases/metadata.js';
import * as names from '../../../src/commands/cases/names.js';
import * as vins from '../../../src/commands/cases/vins.js';
import { EXIT } from '../../../src/errors.js';
import * as f from '../../helpers/fixtures.js';
import { flagTable, runTable, type RunCase } from '../../helpers/tables.js';

const C = f.CASE_ID;
const metadataBody = { case_id: C, metadata: { a: 1 }, history: [] };

/** cases get, assign, names, vins and metadata: a case in, one read or one change out. */
describe('cases get, assign, names, vins, metadata: flags', () => {
  flagTable('cases get', get.register, [
    { name: 'active documents by default', args: [C], opts: { case: C, allFiles: undefined } },
    { name: '--all-files', args: [C, '--all-files', '--json'], opts: { allFiles: true, json: true } },
  ]);
  flagTable('cases assign', assign.register, [
    { name: 'the user by --user', args: ['EXP-1', '--user', 'pid_1'], opts: { case: 'EXP-1', user: 'pid_1' } },
    { name: '--user takes a value', args: ['EXP-1', '--user'], error: "option '--user <id>' argument missing" },
  ]);
  flagTable('cases names', names.register, [{ name: 'a case', args: [C, '--json'], opts: { case: C, json: true } }]);
  flagTable('cases vins', vins.register, [{ name: 'a case', args: [C], opts: { case: C } }]);
  flagTable('cases metadata', metadata.register, [
    { name: 'read', args: [C], opts: { case: C, set: undefined } },
    { name: '--set appends', args: [C, '--set', '@entry.json'], opts: { set: '@entry.json' } },
  ]);
});

const runs: RunCase[] = [
  {
    name: 'names still being read: rows on stdout, the note on stderr',
    args: ['cases', 'names', C],
    opts: {
      routes: {
        [`GET /v1/cases/${C}/names`]: {
          body: {
            case_id: C,
            status: 'processing',
            names: [
              {
                name: 'JUAN PEREZ',
                person_type: 'fisica',
                sources: [{ file_id: f.FILE_1, document_type: 'invoice', field: 'nombre_receptor' }],
              },
            ],
          },
        },
      },
    },
    code: EXIT.OK,
    stdout: ['JUAN PEREZ\tfisica'],
    notStdout: ['more names may come'],
    stderr: ['more names may come'],
  },
  {
    name: 'assign without --user and without a terminal: a usage error, nothing sent',
    args: ['cases', 'assign', C],
    code: EXIT.USAGE,
    stderr: ['missing --user'],
    calls: [],
  },
  {
    name: 'assign sends the user and prints the answer',
    args: ['cases', 'assign', C, '--user', 'pid_1', '--json'],
    opts: { routes: { [`POST /v1/cases/${C}/assign`]: { body: { case_id: C, assigned_to: 'pid_1', assignment_history: [] } } } },
    code: EXIT.OK,
    stdout: ['"assigned_to": "pid_1"'],
    calls: [`POST /v1/cases/${C}/assign`],
  },
  {
    name: 'metadata --set appends the object; without it, reads',
    args: ['cases', 'metadata', C, '--set', '{"a": 1}', '--json'],
    opts: { routes: { [`POST /v1/cases/${C}/metadata`]: { body: metadataBody } } },
    code: EXIT.OK,
    stdout: ['"a": 1'],
    calls: [`POST /v1/cases/${C}/metadata`],
  },
  {
    name: 'metadata --set of something other than a JSON object: a usage error, nothing sent',
    args: ['cases', 'metadata', C, '--set', '[1]'],
    code: EXIT.USAGE,
    stderr: ['--set must be a JSON object'],
    calls: [],
  },
];

describe('cases get, assign, names, vins, metadata: runs', () => {
  runTable(runs);
});
