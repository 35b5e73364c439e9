import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { AnyJobHandler, JobHandlers } from '../jobs/jobHandler.js';
import { contextOf, tracer } from './traceContext.js';

/**
 * The handlers, each run inside a span `job <kind>` that continues the trace the job was
 * queued in (`jobs.trace_parent`), so lookups, OCR and webhooks it does are its children.
 */
export function tracedHandlers(handlers: JobHandlers): JobHandlers {
  return Object.fromEntries(Object.entries(handlers).map(([kind, handler]) => [kind, traced(kind, handler)]));
}

function traced(kind: string, handler: AnyJobHandler): AnyJobHandler {
  return {
    ...handler,
    run(job, ctx, opts) {
      const span = tracer().startSpan(
        `job ${kind}`,
        {
          kind: SpanKind.CONSUMER,
          attributes: {
            'vcase.job.id': job.id,
            'vcase.job.kind': kind,
            'vcase.job.attempt': job.attempts,
            ...(job.caseId ? { 'vcase.case_id': job.caseId } : {}),
          },
        },
        contextOf(job.traceParent),
      );
      return context.with(trace.setSpan(context.active(), span), async () => {
        try {
          return await handler.run(job, ctx, opts);
        } catch (err) {
          span.recordException(err as Error);
          span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message });
          throw err;
        } finally {
          span.end();
        }
      });
    },
  };
}
