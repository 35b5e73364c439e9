import * as z from 'zod';
import { defineOperations, type Operation } from './operationSpec.js';
import { ADMIN_OPERATIONS } from './operations/admin.js';
import { CASE_OPERATIONS } from './operations/cases.js';
import { DOCUMENT_OPERATIONS } from './operations/documents.js';
import { LOOKUP_OPERATIONS } from './operations/lookups.js';

/** GET /health (operator-surface §1). */
export const healthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

const HEALTH_OPERATIONS = defineOperations({
  health: {
    method: 'GET',
    path: '/health',
    auth: 'none',
    group: 'health',
    summary: 'Liveness: 200 once the server accepts requests',
    response: healthResponseSchema,
    successStatus: 200,
  },
});

/**
 * Every REST operation of the contract and of operator-surface §2/§4, keyed by id: the one
 * table REST routes, tRPC procedures, the OpenAPI document and the SDK are made from. Each
 * group's specs live in `operations/<group>.ts`.
 */
export const OPERATIONS = {
  ...HEALTH_OPERATIONS,
  ...CASE_OPERATIONS,
  ...LOOKUP_OPERATIONS,
  ...DOCUMENT_OPERATIONS,
  ...ADMIN_OPERATIONS,
};

/** Calls one tRPC batch may carry (`/trpc/a,b?batch=1`); the server refuses a longer one. */
export const TRPC_BATCH_MAX = 10;

export type OperationId = keyof typeof OPERATIONS;
export type OperationOf<Id extends OperationId> = (typeof OPERATIONS)[Id];

/** The operations as a list, in table order. */
export const OPERATION_LIST: readonly Operation<OperationId>[] = Object.values(OPERATIONS);

/** Names of the `{param}` placeholders of a path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

/** Fills a path template; values are URI-encoded. Throws when a parameter is missing. */
export function buildPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
