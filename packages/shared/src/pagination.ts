import * as z from 'zod';
import { queryInt } from './common.js';

/** Pagination block of every list response (contract §4.1). */
export const paginationSchema = z.object({
  limit: z.number().int(),
  offset: z.number().int(),
  total: z.number().int(),
  has_more: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export function pageOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({ data: z.array(item), pagination: paginationSchema });
}

/**
 * `limit`/`offset` query with the given default and maximum page size. Only a value that is
 * not an integer is refused (§4.9); an integer out of range is brought into it: `limit` to
 * 1…max ("max 100"), `offset` to 0 or more. The response's `pagination` says what was used.
 */
export function pageQuery(defaultLimit: number, maxLimit: number) {
  return z.object({
    limit: queryInt
      .transform((n) => Math.min(Math.max(n, 1), maxLimit))
      .optional()
      .default(defaultLimit)
      .describe(`Page size: ${defaultLimit} when absent; a value outside 1…${maxLimit} is brought into that range`),
    offset: queryInt
      .transform((n) => Math.max(n, 0))
      .optional()
      .default(0)
      .describe('Items to skip: 0 when absent; a negative value reads as 0'),
  });
}

export function paginationOf(limit: number, offset: number, total: number): Pagination {
  return { limit, offset, total, has_more: offset + limit < total };
}

export const CASES_PAGE = { defaultLimit: 20, maxLimit: 100 } as const;
export const DOCUMENTS_PAGE = { defaultLimit: 10, maxLimit: 100 } as const;
