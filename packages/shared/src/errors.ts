import * as z from 'zod';

/** Error codes named by the contract (section 7). `null` is used where the contract names none. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'DUPLICATE_INTERNAL_ID',
  'MISSING_PARAMETER',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'RESOURCE_NOT_FOUND',
  'INVALID_STATUS',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP status each contract code travels with. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  DUPLICATE_INTERNAL_ID: 400,
  MISSING_PARAMETER: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  RESOURCE_NOT_FOUND: 404,
  INVALID_STATUS: 422,
};

/** Error body of every error response (operator-surface §4). */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string().nullable(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The service's own 404 text for a case that does not exist, is another company's or was
 * deleted (the contract words none, so it is not among the contract's texts in
 * messages.ts). Clients read it to tell "no such case" from a lookup whose record is not
 * there yet, which a wait may outlast.
 */
export const CASE_NOT_FOUND_MESSAGE = 'Caso no encontrado';
