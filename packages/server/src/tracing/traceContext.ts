import { context, propagation, ROOT_CONTEXT, trace, type Context } from '@opentelemetry/api';

/**
 * The active span as a W3C `traceparent`, to store with work that runs later elsewhere (a
 * queued job); null when no span is active, as always while traces are off.
 */
export function activeTraceParent(): string | null {
  if (!trace.getActiveSpan()) return null;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/** The context a stored `traceparent` names (the root context without one). */
export function contextOf(traceParent: string | null): Context {
  return traceParent ? propagation.extract(ROOT_CONTEXT, { traceparent: traceParent }) : ROOT_CONTEXT;
}

/** The one tracer of the service; a no-op until `startTracing` registered a provider. */
export const tracer = () => trace.getTracer('vcase-server');
