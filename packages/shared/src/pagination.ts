import { z } from 'zod';
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

/** `limit`/`offset` query with the given default and maximum page size. */
export function pageQuery(defaultLimit: number, maxLimit: number) {
  return z.object({
    limit: queryInt.pipe(z.number().int().min(1).max(maxLimit)).optional().default(defaultLimit),
    offset: queryInt.pipe(z.number().int().min(0)).optional().default(0),
  });
}

export function paginationOf(limit: number, offset: number, total: number): Pagination {
  return { limit, offset, total, has_more: offset + limit < total };
}

export const CASES_PAGE = { defaultLimit: 20, maxLimit: 100 } as const;
export const DOCUMENTS_PAGE = { defaultLimit: 10, maxLimit: 100 } as const;
