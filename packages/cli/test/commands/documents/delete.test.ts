import { describe } from 'vitest';
import * as deleteDocument from '../../../src/commands/documents/delete.js';
import * as restore from '../../../src/commands/documents/restore.js';
import { EXIT } from '../../../src/errors.js';
import * as f from '../../helpers/fixtures.js';
import { flagTable, runTable } from '../../helpers/tables.js';

const D = f.FILE_1;

describe('documents delete and restore: flags', () => {
  flagTable('documents delete', deleteDocument.register, [
    { name: 'asks first', args: [D], opts: { document: D, yes: undefined } },
    { name: '--yes', args: [D, '--yes'], opts: { yes: true } },
  ]);
  flagTable('documents restore', restore.register, [{ name: 'a document', args: [D, '--json'], opts: { document: D, json: true } }]);
});

describe('documents delete and restore: runs', () => {
  runTable([
    {
      name: 'delete without --yes and without a terminal: refused before any call',
      args: ['documents', 'delete', D],
      code: EXIT.USAGE,
      stderr: [`Delete document ${D}?: pass --yes to confirm`],
      calls: [],
    },
    {
      name: 'delete --yes piped: the id and what was done',
      args: ['documents', 'delete', D, '--yes'],
      opts: { routes: { [`DELETE /v1/documents/${D}`]: { body: { document_id: D, active: false } } } },
      code: EXIT.OK,
      stdout: [`${D}\tdeleted\n`],
      calls: [`DELETE /v1/documents/${D}`],
    },
    {
      name: 'restore on a terminal: a sentence',
      args: ['documents', 'restore', D],
      opts: { tty: true, routes: { [`POST /v1/documents/${D}/restore`]: { body: { document_id: D, active: true } } } },
      code: EXIT.OK,
      stdout: [`Restored document ${D}.`],
    },
  ]);
});
