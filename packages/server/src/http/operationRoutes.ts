import { MAX_FILE_BYTES, OPERATION_LIST, pathParams, type Operation, type OperationId } from '@vcase/shared';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HANDLERS, isWithStatus } from '../operations/handlers.js';
import { principalOf, type RouteDeps } from './routeDeps.js';

/** A 20 MB file in base64 plus the JSON around it; larger bodies are cut off while streaming. */
const UPLOAD_BODY_LIMIT = Math.ceil((MAX_FILE_BYTES * 4) / 3) + 512 * 1024;

/** Route settings the operations table does not carry (contract §5, §4.9, §4.10). */
const ROUTE_EXTRAS: Partial<Record<OperationId, { config?: FastifyContextConfig; bodyLimit?: number }>> = {
  listDocuments: { config: { authErrorCode: 'UNAUTHORIZED' } },
  uploadDocument: { bodyLimit: UPLOAD_BODY_LIMIT },
  submitIne: { config: { unauthorizedMessage: 'API key inválida o ausente' } },
  getIne: { config: { unauthorizedMessage: 'API key inválida o ausente' } },
};

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

/** Every REST operation of the contract, generated from the shared operations table. */
export async function registerOperationRoutes(app: FastifyInstance, deps: RouteDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const op of OPERATION_LIST) {
    if (op.id === 'health') continue;
    const handler = HANDLERS[op.id as Exclude<OperationId, 'health'>];
    const extras = ROUTE_EXTRAS[op.id] ?? {};
    typed.route({
      method: op.method,
      url: toFastifyPath(op.path),
      config: { auth: op.auth, ...extras.config },
      ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
      schema: schemaOf(op),
      handler: async (req, reply) => {
        const key = req.headers['idempotency-key'];
        const result = await handler(
          { ctx: deps.ctx, principal: principalOf(req), signer: deps.signer, fileUrl: deps.fileUrl },
          {
            params: (req.params ?? {}) as Record<string, string>,
            query: (req.query ?? {}) as Record<string, unknown>,
            body: req.body,
            idempotencyKey: Array.isArray(key) ? key[0] : key,
          },
        );
        if (isWithStatus(result)) {
          if (result.replayed) reply.header('idempotent-replayed', 'true');
          return reply.status(result.statusCode).send(result.body);
        }
        if (op.response === null) return reply.status(op.successStatus).send();
        return reply.status(op.successStatus).send(result);
      },
    });
  }
}
