import type * as z from 'zod';
import type { BodyCheckResult } from './bodyCheck.js';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * Credential an operation takes (contract §5, operator-surface §2). `bearerOrApiKey` is
 * used where the contract names the API key and leaves a bearer token open.
 */
export const AUTH_KINDS = ['bearer', 'apiKey', 'bearerOrApiKey', 'admin', 'none'] as const;
export type AuthKind = (typeof AUTH_KINDS)[number];

export const OPERATION_GROUPS = ['health', 'cases', 'lookups', 'documents', 'ine', 'admin'] as const;
export type OperationGroup = (typeof OPERATION_GROUPS)[number];

export interface OperationSpec {
  method: HttpMethod;
  /** Path template; parameters written `{name}`. */
  path: string;
  auth: AuthKind;
  group: OperationGroup;
  summary: string;
  /** Body schema (what a client sends). Absent: the operation takes no body. */
  body?: z.ZodType;
  /**
   * Set when the body's errors need distinct codes (MISSING_PARAMETER vs VALIDATION_ERROR):
   * validate the raw body with this instead of `body`. `wireBody` is then a permissive
   * shape suitable for route-level validation.
   */
  bodyCheck?: (body: unknown) => BodyCheckResult<unknown>;
  wireBody?: z.ZodType;
  /** The contract answers 400 when any body is sent (chain POSTs). */
  rejectsBody?: true;
  /** The body must be sent: a missing or `null` body is refused (400), not read as `{}`. */
  bodyRequired?: true;
  query?: z.ZodType;
  /** Success body; null when the success answer has no body (204). */
  response: z.ZodType | null;
  successStatus: number;
  /** Further success answers of the same operation, e.g. 202 of POST /v1/cases with files. */
  otherSuccessStatuses?: readonly number[];
  /**
   * Error answers beyond the ones every operation has (400; 401 when authenticated; 404 when
   * the path names something): the contract's per-operation rows (§4.2, §4.9).
   */
  otherErrorStatuses?: readonly number[];
  /**
   * Retries with the same `Idempotency-Key` and body replay the first answer instead of running
   * again (server http/idempotency.ts): every operation that adds a record or starts work each
   * time it runs, but the two that answer a secret (a token, an API key), which the server
   * would otherwise keep in its answers. The SDK sends a key of its own on these, so its
   * retries are safe.
   */
  idempotent?: true;
  /**
   * Adds a record each time and answers a secret (a token, an API key), so it is not keyed:
   * the server keeps no answer to replay. A client must not send it again once a try may have
   * reached the server, or it makes a second credential.
   */
  answersSecret?: true;
}

export type Operation<Id extends string = string> = OperationSpec & { id: Id };

/** Specs keyed by id, each given its `id`; the literal types (paths, methods) are kept. */
export function defineOperations<const T extends Record<string, OperationSpec>>(specs: T): { [K in keyof T]: T[K] & { id: K } } {
  return Object.fromEntries(Object.entries(specs).map(([id, spec]) => [id, { id, ...spec }])) as {
    [K in keyof T]: T[K] & { id: K };
  };
}

/** The path of one case; the cases and lookups groups hang their paths from it. */
export const CASE_PATH = '/v1/cases/{case_id}';
