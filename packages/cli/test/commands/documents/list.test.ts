import { describe, expect, it } from 'vitest';
import { register } from '../../../src/commands/documents/list.js';
import * as f from '../../helpers/fixtures.js';
import { runCli } from '../../helpers/harness.js';
import { listOf } from '../../helpers/routes.js';
import { flagTable } from '../../helpers/tables.js';

const C = f.CASE_ID;

describe('documents list: flags', () => {
  flagTable('documents list', register, [
    { name: 'defaults: the first page of 10', args: [], opts: { limit: 10, offset: 0, case: undefined } },
    {
      name: 'a case, a document, paging',
      args: ['--case', 'EXP-1', '--document', f.FILE_1, '--limit', '3', '--offset', '6', '--all', '--json'],
      opts: { case: 'EXP-1', document: f.FILE_1, limit: 3, offset: 6, all: true, json: true },
    },
    { name: '--limit must be a number', args: ['--limit', 'ten'], error: 'must be a positive integer' },
  ]);
});

describe('documents list: runs', () => {
  it('documents list --case resolves an internal_id first', async () => {
    const r = await runCli(['documents', 'list', '--case', 'EXP-1042'], {
      routes: { 'GET /v1/cases': listOf([f.caseItem(1, { internal_id: 'EXP-1042', case_id: C })]), 'GET /v1/documents': listOf([]) },
    });
    expect(r.code).toBe(0);
    expect(r.requests[1]!.query).toMatchObject({ case_id: C, limit: '10' });
  });
});
