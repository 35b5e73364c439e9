import { OPERATION_LIST, pathParams, type Operation, type OperationId } from '@vcase/shared';
import type { TrpcProcedures } from '@vcase/shared/trpc';
import { authRuleOf } from '../auth/operationAuth.js';
import type { Principal } from '../auth/principal.js';
import * as z from 'zod';
import { runOperation } from '../operations/handlers.js';
import { isWithStatus, type OperationDeps } from '../operations/operation.js';
import { EncodedBody } from '../operations/responseCache.js';
import { bodyLimitsOf } from '../http/bodyLimits.js';
import { jsonValueRefusal } from '../http/jsonBody.js';
import { invalidInput, procedureFor, router } from './trpc.js';

/** Splits a flat tRPC input into the REST parts: path parameters, then query or body. */
const PATH_PARAMS = new Map(OPERATION_LIST.map((op) => [op.path, pathParams(op.path)]));

function splitInput(path: string, method: string, input: Record<string, unknown>) {
  const names = PATH_PARAMS.get(path) ?? pathParams(path);
  const params = Object.fromEntries(names.map((n) => [n, String(input[n] ?? '')]));
  const { idempotency_key, ...rest } = Object.fromEntries(Object.entries(input).filter(([k]) => !names.includes(k)));
  // No field beyond the path's is no body at all, as a REST request without one.
  const fields = Object.keys(rest).length;
  const body = 'body' in rest && fields === 1 ? rest.body : fields === 0 ? undefined : rest;
  return method === 'GET'
    ? { params, query: rest, body: undefined, idempotencyKey: idempotency_key as string | undefined }
    : { params, query: {}, body, idempotencyKey: idempotency_key as string | undefined };
}

/** Parses like the REST schema validation does: a failure is a 400 VALIDATION_ERROR. */
function validated(schema: z.ZodType, value: unknown): unknown {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  throw invalidInput(r.error);
}

const looseInput = z.looseObject({}).optional();

/**
 * The input fields that stand for the request's path and header, which REST receives as
 * text: path parameters (absent ones are left to the operation, as REST's missing segment)
 * and `idempotency_key`. Another type is a 400 VALIDATION_ERROR, never text made of it.
 */
const TRANSPORT_FIELDS = new Map(
  OPERATION_LIST.map((op) => [
    op.path,
    z.looseObject({
      ...Object.fromEntries((PATH_PARAMS.get(op.path) ?? []).map((n) => [n, z.string().optional()])),
      idempotency_key: z.string().optional(),
    }),
  ]),
);

/**
 * Runs `op` for a tRPC input: split into the REST parts, validated like REST validates them,
 * handled by the same handler. The answer is already encoded (`EncodedBody`, for cached
 * reads) or the body run through the response schema.
 */
export async function runProcedure(
  op: Operation<OperationId>,
  deps: OperationDeps,
  principal: Principal,
  input: Record<string, unknown> | undefined,
) {
  const fields = TRANSPORT_FIELDS.get(op.path);
  if (input && fields) validated(fields, input);
  const parts = splitInput(op.path, op.method, input ?? {});
  // The limits REST's body parser applies (nesting, entries), on the part REST would parse.
  const refusal = jsonValueRefusal(op.method === 'GET' ? input : parts.body, bodyLimitsOf(op.id));
  if (refusal) throw refusal;
  if (op.query) parts.query = validated(op.query, parts.query) as Record<string, unknown>;
  // As the REST route does: the route-level schema (`wireBody` where the handler checks the
  // body itself for MISSING_PARAMETER) first.
  const bodySchema = op.rejectsBody ? undefined : op.bodyCheck ? op.wireBody : op.body;
  // A missing body reads as `{}` unless the operation requires one, as on REST (`app.ts`).
  if (bodySchema) parts.body = validated(bodySchema, parts.body ?? (op.bodyRequired ? null : {}));
  const result = await runOperation(op.id, { ...deps, principal }, parts);
  const body = isWithStatus(result) ? result.body : result;
  if (!op.response) return null;
  if (body instanceof EncodedBody) return body;
  const encoded = op.response.safeParse(body);
  return encoded.success ? encoded.data : body;
}

/**
 * Every REST operation as a tRPC procedure named by its operation id, generated from the
 * same table and running the same handlers, auth and schemas.
 */
function buildProcedures() {
  const procedures: Record<string, unknown> = {};
  for (const op of OPERATION_LIST) {
    if (op.id === 'health') continue;
    const base = procedureFor(authRuleOf(op)).input(looseInput);
    type Call = { ctx: Parameters<Parameters<typeof base.query>[0]>[0]['ctx']; input: Record<string, unknown> | undefined };
    const resolve = async ({ ctx, input }: Call) => {
      const out = await runProcedure(op, ctx.deps, ctx.principal, input);
      return out instanceof EncodedBody ? out.value : out;
    };
    procedures[op.id] = op.method === 'GET' ? base.query(resolve) : base.mutation(resolve);
  }
  // Typed by the shared router type, which tRPC clients use without the server's code.
  return procedures as TrpcProcedures;
}

export const appRouter = router(buildProcedures());

/** The router's type: the shared `TrpcRouter` with the server's context. */
export type AppRouter = typeof appRouter;
