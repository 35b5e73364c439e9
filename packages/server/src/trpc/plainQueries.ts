import { OPERATION_LIST } from '@vcase/shared';
import { fastifyRequestHandler, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import { authenticateBy, authRuleOf } from '../auth/operationAuth.js';
import type { Principal } from '../auth/principal.js';
import type { OperationDeps } from '../operations/operation.js';
import { EncodedBody } from '../operations/responseCache.js';
import { runProcedure, type AppRouter } from './appRouter.js';

const QUERIES = OPERATION_LIST.filter((op) => op.method === 'GET' && op.id !== 'health');

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The input of a plain query (`GET /trpc/<procedure>?input=<json>`), or null for anything
 * else: a batch, streaming, connection parameters, an input that is not a JSON object.
 */
function plainQueryInput(req: FastifyRequest): { input: Record<string, unknown> | undefined } | null {
  const query = req.query as Record<string, unknown>;
  for (const key in query) if (key !== 'input') return null;
  if (req.headers['trpc-accept'] !== undefined || req.headers.accept?.includes('application/jsonl')) return null;
  if (query.input === undefined) return { input: undefined };
  if (typeof query.input !== 'string') return null;
  let input: unknown;
  try {
    input = JSON.parse(query.input);
  } catch {
    return null;
  }
  return isPlainObject(input) ? { input } : null;
}

/**
 * Plain tRPC queries (one procedure, `GET /trpc/<procedure>?input=<json>`) are answered
 * without the fetch adapter's WHATWG Request/Response round trip, which costs several times
 * what a cached read does: same authentication, validation and handler (`runProcedure`), and
 * the JSON tRPC's adapter writes for a query (`{"result":{"data":…}}`, no transformer).
 * Bench rows: tRPC listCases and getTaxes vs REST, >= 0.8 (through the adapter about 0.2:
 * 476 against 101 µs of CPU in-process; docs/performance.md, "Simplified").
 *
 * Each query procedure gets a route of its own (`GET /trpc/listCases`), which the router
 * prefers to the adapter's `/trpc/:path`; batches (`/trpc/a,b`), mutations and HEAD stay the
 * adapter's. A request the route does not answer itself (streaming, a batch flag, an input
 * that fails any check, any error) is handed to the adapter's own handler, which answers it
 * as always, with tRPC's error shape; a query is a read, so running it there once more is safe.
 */
export function answerPlainQueries(
  scope: FastifyInstance,
  deps: OperationDeps & { authenticator: Authenticator },
  trpcOptions: FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
) {
  for (const op of QUERIES) {
    const rule = authRuleOf(op);
    const viaAdapter = (req: FastifyRequest, reply: FastifyReply) =>
      fastifyRequestHandler({ ...trpcOptions, req, res: reply, path: op.id });
    scope.get(`/trpc/${op.id}`, { exposeHeadRoute: false, schema: { hide: true } }, async (req, reply) => {
      const call = plainQueryInput(req);
      if (!call) return viaAdapter(req, reply);
      let answer: string;
      try {
        // A bearer token verified moments ago is known at once, as on the REST routes.
        const known = deps.authenticator.known(rule.mode, req.headers);
        const principal = known !== undefined ? known : await authenticateBy(deps.authenticator, rule, req.headers);
        const out = await runProcedure(op, deps, principal as Principal, call.input);
        answer = out instanceof EncodedBody ? out.trpcJson : `{"result":{"data":${JSON.stringify(out)}}}`;
      } catch {
        return viaAdapter(req, reply);
      }
      return reply.type('application/json').header('vary', 'trpc-accept, accept').send(answer);
    });
  }
}
