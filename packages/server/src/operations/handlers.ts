import { OPERATION_LIST, type Operation, type OperationId } from '@vcase/shared';
import { idempotencyClaim, runIdempotent } from '../http/idempotency.js';
import { ADMIN_HANDLERS } from './admin.handlers.js';
import { CASE_HANDLERS } from './cases.handlers.js';
import { DOCUMENT_HANDLERS, INE_HANDLERS } from './documents.handlers.js';
import { uuidParam } from './inputs.js';
import { LOOKUP_HANDLERS } from './lookups.handlers.js';
import { isWithStatus, withStatus, type OperationEnv, type OperationHandlers, type ParsedInput } from './operation.js';
import { SANDBOX_HANDLERS } from './sandbox.handlers.js';
import { WEBHOOK_HANDLERS } from './webhooks.handlers.js';

/**
 * One handler per operation of the shared table (packages/shared/src/operations.ts), one
 * module per group. REST routes and tRPC procedures both run them, with the same auth and
 * validation.
 */
const OWN_HANDLERS: OperationHandlers = {
  ...CASE_HANDLERS,
  ...LOOKUP_HANDLERS,
  ...DOCUMENT_HANDLERS,
  ...INE_HANDLERS,
  ...ADMIN_HANDLERS,
  ...WEBHOOK_HANDLERS,
  ...SANDBOX_HANDLERS,
};

type Run = (env: OperationEnv, input: ParsedInput) => Promise<unknown>;

/** Operations that take their `Idempotency-Key` claim themselves (the upload takes it before it lets go of the file's text). */
const CLAIMS_ITS_OWN_KEY = new Set<OperationId>(['uploadDocument']);

/**
 * An operation marked `idempotent` (it adds a record or starts work each time it runs) with
 * an `Idempotency-Key`: the same key and body within 24 h answer the first answer again, for
 * the caller's company and this very path (the case or user it names), instead of running twice.
 */
function keyed(op: Operation, handler: Run): Run {
  return async (env, i) => {
    if (!i.idempotencyKey) return handler(env, i);
    const route = `${op.method} ${op.path.replace(/\{(\w+)\}/g, (_, name: string) => uuidParam(i.params[name] ?? ''))}`;
    const claim = idempotencyClaim({ companyId: env.principal.companyId ?? '', route, key: i.idempotencyKey, body: i.body ?? null });
    if (!claim) return handler(env, i);
    const r = await runIdempotent(env.ctx, claim, async () => {
      const out = await handler(env, i);
      return isWithStatus(out) ? { statusCode: out.statusCode, body: out.body } : { statusCode: op.successStatus, body: out ?? null };
    });
    return withStatus(r.statusCode, r.body, r.replayed);
  };
}

const RUNS = new Map<OperationId, Run>();
for (const op of OPERATION_LIST) {
  if (op.id === 'health') continue;
  // The route or procedure of `op` parsed the input with `op`'s own schemas: it is `op`'s input.
  const handler = OWN_HANDLERS[op.id] as Run;
  RUNS.set(op.id, op.idempotent && !CLAIMS_ITS_OWN_KEY.has(op.id) ? keyed(op, handler) : handler);
}

/** Runs operation `id` on an input its schemas have parsed (its REST route or tRPC procedure did). */
export function runOperation(id: OperationId, env: OperationEnv, input: ParsedInput): Promise<unknown> {
  const run = RUNS.get(id);
  if (!run) throw new Error(`no handler for operation ${id}`);
  return run(env, input);
}
