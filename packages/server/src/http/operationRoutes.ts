import { OPERATION_LIST, OPERATIONS, pathParams, type Operation, type OperationId } from '@vcase/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { authRuleOf } from '../auth/operationAuth.js';
import { runOperation } from '../operations/handlers.js';
import { isWithStatus } from '../operations/operation.js';
import { EncodedBody } from '../operations/responseCache.js';
import { bodyLimitsOf } from './bodyLimits.js';
import { principalOf, type RouteDeps } from './routeDeps.js';
import { UploadBodyOffload } from './uploadBody/offload.js';
import { preparedUploadOf, registerUploadBody } from './uploadBody/register.js';

const JSON_TYPE = 'application/json; charset=utf-8';

const toFastifyPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

function schemaOf(op: Operation) {
  const params = pathParams(op.path);
  const statuses = [op.successStatus, ...(op.otherSuccessStatuses ?? [])];
  return {
    tags: [op.group],
    summary: op.summary,
    operationId: op.id,
    ...(params.length ? { params: z.object(Object.fromEntries(params.map((p) => [p, z.string()]))) } : {}),
    ...(op.query ? { querystring: op.query } : {}),
    ...(op.rejectsBody ? { body: z.unknown() } : op.wireBody || op.body ? { body: op.wireBody ?? op.body } : {}),
    ...(op.response ? { response: Object.fromEntries(statuses.map((s) => [s, op.response])) } : {}),
  };
}

/**
 * Routes that take no body (contract §4.3: "400 when … parameters are sent in the body")
 * read whatever comes, of any content type, as text: a form, plain text or broken JSON is
 * refused by the handler as parameters (400), never as an unsupported media type (415).
 */
function acceptAnyBody(scope: FastifyInstance) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(null, text);
    }
  });
}

/**
 * Routes whose operation has no body at all (the lookups' POSTs, deletes, restores: "no body")
 * never read one: whatever comes, broken JSON included, is let through unread, as an absent
 * body would be.
 */
function ignoreAnyBody(scope: FastifyInstance) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, _body, done) => done(null, undefined));
}

/** Every REST operation of the contract, generated from the shared operations table. */
export async function registerOperationRoutes(app: FastifyInstance, deps: RouteDeps) {
  const refusingBody: Operation<OperationId>[] = [];
  const withoutBody: Operation<OperationId>[] = [];
  for (const op of OPERATION_LIST) {
    if (op.id === 'health') continue;
    if (op.rejectsBody) refusingBody.push(op);
    else if (!op.body && !op.wireBody && op.method !== 'GET') withoutBody.push(op);
    else if (op.id !== 'uploadDocument') registerOperation(app, op, deps);
  }
  // The upload reads its own body: large ones are taken apart on a worker thread.
  const offload = new UploadBodyOffload();
  app.addHook('onClose', () => offload.close());
  await app.register(async (scope) => {
    registerUploadBody(scope, offload);
    registerOperation(scope, OPERATIONS.uploadDocument, deps);
  });
  await app.register(async (scope) => {
    acceptAnyBody(scope);
    for (const op of refusingBody) registerOperation(scope, op, deps);
  });
  await app.register(async (scope) => {
    ignoreAnyBody(scope);
    for (const op of withoutBody) registerOperation(scope, op, deps);
  });
}

function registerOperation(app: FastifyInstance, op: Operation<OperationId>, deps: RouteDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const bodyLimits = bodyLimitsOf(op.id);
  typed.route({
    method: op.method,
    url: toFastifyPath(op.path),
    config: { authRule: authRuleOf(op), bodyLimits },
    bodyLimit: bodyLimits.bytes,
    schema: schemaOf(op),
    handler: async (req, reply) => {
      const key = req.headers['idempotency-key'];
      const result = await runOperation(
        op.id,
        { ...deps, principal: principalOf(req) },
        {
          params: (req.params ?? {}) as Record<string, string>,
          query: (req.query ?? {}) as Record<string, unknown>,
          body: req.body,
          idempotencyKey: Array.isArray(key) ? key[0] : key,
          preparedUpload: preparedUploadOf(req),
        },
      );
      if (isWithStatus(result)) {
        if (result.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(result.statusCode).send(result.body);
      }
      if (op.response === null) return reply.status(op.successStatus).send();
      // Already run through the schema and encoded: a string with a JSON type is sent as it is.
      if (result instanceof EncodedBody) return reply.status(op.successStatus).type(JSON_TYPE).send(result.json);
      return reply.status(op.successStatus).send(result);
    },
  });
}
