import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tracer } from './traceContext.js';

/**
 * A server span per request, named by its route template (`GET /v1/cases/:case_id`), child of
 * the caller's `traceparent` when it sends one. The handler runs inside it, so the jobs it
 * queues (and their lookups, OCR and webhooks) join the same trace.
 */
export function registerHttpSpans(app: FastifyInstance) {
  const spans = new WeakMap<FastifyRequest, { span: Span; active: Context }>();
  app.addHook('onRequest', (req, _reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const span = tracer().startSpan(
      `${req.method} ${route}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'http.route': route } },
      parent,
    );
    spans.set(req, { span, active: trace.setSpan(parent, span) });
    done();
  });
  // The body is read by now; the handler is called from `done`, so it runs in the span.
  app.addHook('preHandler', (req, _reply, done) => {
    const entry = spans.get(req);
    if (entry) context.with(entry.active, done);
    else done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    const entry = spans.get(req);
    if (entry) {
      entry.span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) entry.span.setStatus({ code: SpanStatusCode.ERROR });
      entry.span.end();
    }
    done();
  });
}
