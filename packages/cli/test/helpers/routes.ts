import { CASE_ID } from './fixtures.js';

/** The case read (metadata, the lightest) that a `--watch` without `--run` makes first (a missing case answers at once). */
export const caseExists = { [`GET /v1/cases/${CASE_ID}/metadata`]: { body: { case_id: CASE_ID, metadata: {}, history: [] } } };

export const notFound = { status: 404, body: { error: { code: null, message: 'El caso no existe o está inactivo' } } };

/** A route whose server cannot be reached (connection refused). */
export const refused = () => {
  throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
};

/** A list answer: `items` as one page of `total`. */
export const listOf = (items: unknown[], total = items.length, offset = 0, limit = 20) => ({
  body: { data: items, pagination: { limit, offset, total, has_more: offset + items.length < total } },
});
