import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { OPERATION_LIST } from '@vcase/shared';
import * as z from 'zod';
import { es } from 'zod/locales';
import { createAuthenticator } from './auth/authenticate.js';
import { authenticateBy, PUBLIC } from './auth/operationAuth.js';
import { createTokenSigner } from './auth/tokens.js';
import type { ServerContext } from './context.js';
import { clientErrorHandler, frameworkErrors, MAX_PATH_PARAM_LENGTH, registerErrorHandler } from './http/errorHandler.js';
import { registerJsonBody } from './http/jsonBody.js';
import { DEFAULT_BODY_LIMITS } from './http/bodyLimits.js';
import { closingGate } from './http/closing.js';
import { registerSecurityHeaders } from './http/securityHeaders.js';
import { closeOnUnreadBody, serverTimeouts } from './http/timeouts.js';
import './http/fastifyTypes.js';
import { healthRoutes } from './http/health.routes.js';
import { registerOperationRoutes } from './http/operationRoutes.js';
import { filesRoutes } from './http/files.routes.js';
import { registerOpenApi } from './http/openapi.js';
import type { RouteDeps } from './http/routeDeps.js';
import { registerTrpc } from './trpc/registerTrpc.js';
import { registerHttpMetrics, type ServerMetrics } from './metrics/index.js';
import { registerHttpSpans } from './tracing/index.js';
import { ResponseCache } from './operations/responseCache.js';
import type { DocumentRow } from './repositories/documents.repository.js';

export interface AppDeps {
  ctx: ServerContext;
  adminToken: string;
  jwtSecret: string;
  /** Fail (500) on a response that does not match its schema instead of sending it as is. */
  strictResponses?: boolean;
  /** Request timing and `GET /metrics` (served here unless `config.metricsPort` is set); none when absent. */
  metrics?: ServerMetrics | null;
  /** A span per request (a tracer provider is registered). */
  tracing?: boolean;
}

// Message texts returned by the service are Spanish (contract §1), zod's own included.
z.config(es());

/** Builds the HTTP app. It never listens: `main.ts` does, tests use `app.inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { ctx } = deps;
  const app = Fastify({
    loggerInstance: ctx.logger,
    // Each operation's route has its own (`http/bodyLimits.ts`); this is for the others.
    bodyLimit: DEFAULT_BODY_LIMITS.bytes,
    // Per-request lines only at debug level: at info they would double the log volume.
    logController: new LogController({ disableRequestLogging: ctx.config.logLevel !== 'debug' }),
    // A request id is never stored: a random UUID from Node's cached entropy (0.1 µs) instead of
    // a time-ordered row id (1.5 µs, one getRandomValues call each). Bench row: GET taxes.
    genReqId: () => randomUUID(),
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    frameworkErrors,
    clientErrorHandler,
    // Refused in the service's error shape instead (`closingGate`).
    return503OnClosing: false,
    ...serverTimeouts(ctx.config),
  }).withTypeProvider<ZodTypeProvider>();
  closeOnUnreadBody(app);
  const refusedWhileClosing = closingGate(app);
  // A request without a body reaches validation as null; it is read as an empty object, so
  // no-body POSTs pass and required fields are reported by name. Where the body itself is
  // required (an operation's `bodyRequired`), a missing one is refused.
  const requiredBodies = new Set(OPERATION_LIST.filter((op) => op.bodyRequired).map((op) => op.wireBody ?? op.body));
  app.setValidatorCompiler((route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    if (route.httpPart !== 'body' || requiredBodies.has(route.schema as never)) return validate;
    return (data: unknown) => validate(data ?? {});
  });
  registerJsonBody(app);
  // JSON only: a text/plain body is refused for its type (`NOT_JSON_MEDIA_TYPE`) like any other
  // type, on REST as on tRPC, instead of reaching validation as a string.
  app.removeContentTypeParser('text/plain');
  // Responses are encoded through their shared schema (unknown keys dropped). A body that
  // does not match is a bug: tests fail on it (strictResponses); in production the body is
  // sent as it is and the mismatch logged, so a provider's odd answer never becomes a 500.
  app.setSerializerCompiler((route) => {
    const strict = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    if (deps.strictResponses) return strict;
    return (data: unknown) => {
      try {
        return strict(data);
      } catch (err) {
        ctx.logger.warn({ err, url: route.url, method: route.method }, 'response does not match its schema; sent as is');
        return JSON.stringify(data);
      }
    };
  });
  registerErrorHandler(app);

  // Before the request hook below, so that its refusals (401, 503) carry the headers too.
  await registerSecurityHeaders(app);

  const signer = createTokenSigner(deps.jwtSecret);
  const authenticator = createAuthenticator(ctx, signer, deps.adminToken);
  app.decorateRequest('principal', null);
  // One hook for every request, in callback style: a request whose credential is already
  // known (a public route, a bearer token verified moments ago) goes on without a promise.
  app.addHook('onRequest', (req, reply, done) => {
    if (refusedWhileClosing(req, reply)) return;
    reply.header('x-request-id', req.id);
    const rule = req.routeOptions.config?.authRule ?? PUBLIC;
    const known = authenticator.known(rule.mode, req.headers);
    if (known !== undefined) {
      req.principal = known;
      return done();
    }
    authenticateBy(authenticator, rule, req.headers).then((principal) => {
      req.principal = principal;
      done();
    }, done);
  });

  if (deps.metrics) registerHttpMetrics(app, deps.metrics, { serve: ctx.config.metricsPort === undefined });
  if (deps.tracing) registerHttpSpans(app);

  const routeDeps: RouteDeps = {
    ctx,
    signer,
    // The base is read on use: with port 0 it is known only once the server listens.
    fileUrl: (doc: DocumentRow) => `${ctx.address.baseUrl}/files/${doc.storage_key ?? doc.id}`,
    responses: new ResponseCache({ strict: Boolean(deps.strictResponses), logger: ctx.logger }),
  };

  app.decorate('responseCache', routeDeps.responses);

  // Relative to the document unless a public URL is configured: the port may be known only
  // once the server listens (port 0), and a proxy may serve it under another host.
  await registerOpenApi(app, ctx.config.publicUrl ?? '/');
  await app.register(healthRoutes, { ctx });
  await registerOperationRoutes(app, routeDeps);
  await app.register(filesRoutes, routeDeps);
  await registerTrpc(app, { ...routeDeps, authenticator });
  return app;
}
