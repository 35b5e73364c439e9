import * as f from './fixtures.js';
import type { Request, Routes } from './harness.js';

/** A second case, known by its internal_id EXP-B. */
export const CASE_B = '55555555-5555-4555-8555-555555555555';

/** A server for uploads: refuses files named `bad*`, knows one internal id. */
export function uploadServer(): Routes {
  let n = 0;
  return {
    'GET /v1/cases': (req) => ({
      body: {
        data: req.query.internal_id === 'EXP-B' ? [f.caseItem(9, { internal_id: 'EXP-B', case_id: CASE_B })] : [],
        pagination: { limit: 100, offset: 0, total: 1, has_more: false },
      },
    }),
    'POST /v1/documents': (req) => {
      const body = req.body as { url?: string; type?: string };
      if (body.url?.includes('bad')) return { status: 400, body: { error: { code: 'VALIDATION_ERROR', message: 'url no permitida' } } };
      return { status: 201, body: { document_id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, url: 'http://files/x' } };
    },
  };
}

/** The NDJSON results of a batch, in row order. */
export const results = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .sort((a, b) => a.row - b.row);

export const uploads = (requests: Request[]) => requests.filter((r) => r.method === 'POST' && r.path === '/v1/documents');

/** `n` NDJSON rows, each a URL upload to the fixtures' case. */
export const urlRows = (n: number) =>
  Array.from({ length: n }, (_, i) => JSON.stringify({ case_id: f.CASE_ID, file: `https://files.example/${i}.pdf` })).join('\n');
