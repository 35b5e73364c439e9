import { isA, OPERATION_LIST, type Operation } from '@vcase/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import { authenticateBy, authRuleOf } from '../auth/operationAuth.js';
import type { OperationDeps } from '../operations/handlers.js';
import { EncodedBody } from '../operations/responseCache.js';
import { runProcedure } from './appRouter.js';

const QUERIES = new Map<string, Operation>(OPERATION_LIST.filter((op) => op.method === 'GET' && op.id !== 'health').map((op) => [op.id, op]));

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The input of a plain query (`GET /trpc/<procedure>?input=<json>`), or null for anything else. */
function plainQueryInput(req: FastifyRequest): { op: Operation; input: Record<string, unknown> | undefined } | null {
  if (req.method !== 'GET') return null;
  const op = QUERIES.get((req.params as { path?: string }).path ?? '');
  if (!op) return null;
  // Batches, connection params and streamed (jsonl) answers are the adapter's.
  const query = req.query as Record<string, unknown>;
  for (const key in query) if (key !== 'input') return null;
  if (req.headers['trpc-accept'] !== undefined || req.headers.accept?.includes('application/jsonl')) return null;
  if (query.input === undefined) return { op, input: undefined };
  if (typeof query.input !== 'string') return null;
  try {
    const input: unknown = JSON.parse(query.input);
    return isPlainObject(input) ? { op, input } : null;
  } catch {
    return null;
  }
}

/**
 * Answers plain tRPC queries (one procedure, `GET /trpc/<procedure>?input=<json>`) without
 * the fetch adapter's WHATWG Request/Response round trip, which costs several times what a
 * cached read does: same authentication, validation and handler (`runProcedure`), and the
 * JSON tRPC's adapter writes for a query (`{"result":{"data":…}}`, no transformer). Batches,
 * streaming and every error go on to the adapter, which answers them as always; a query is a
 * read, so running it there once more is safe.
 */
export function answerPlainQueries(scope: FastifyInstance, deps: OperationDeps & { authenticator: Authenticator }) {
  scope.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    const call = plainQueryInput(req);
    if (!call) return;
    let answer: string;
    try {
      const principal = await authenticateBy(deps.authenticator, authRuleOf(call.op), req.headers);
      const out = await runProcedure(call.op, deps, principal!, call.input);
      answer = isA(EncodedBody, out) ? out.trpcJson : `{"result":{"data":${JSON.stringify(out)}}}`;
    } catch {
      return; // the adapter answers it, with tRPC's own error shape
    }
    return reply.type('application/json').header('vary', 'trpc-accept, accept').send(answer);
  });
}
