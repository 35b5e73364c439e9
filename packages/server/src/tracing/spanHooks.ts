import { SpanKind } from '@opentelemetry/api';
import { NO_METRICS, type MetricsHooks } from '../metrics/hooks.js';
import { tracer } from './traceContext.js';

/** A span that ended now and lasted `seconds`, child of the active one (the job running it). */
function finished(name: string, seconds: number, attributes: Record<string, string>) {
  tracer()
    .startSpan(name, { kind: SpanKind.CLIENT, startTime: Date.now() - seconds * 1000, attributes })
    .end();
}

/**
 * The work the metrics hooks report, as spans too: each lookup, OCR run and webhook delivery
 * becomes a span under the job that did it. Reported once done, so each span is made at its end
 * with its measured start.
 */
export const SPAN_HOOKS: MetricsHooks = {
  ...NO_METRICS,
  lookup: (source, outcome, seconds) =>
    finished(`lookup ${source}`, seconds, { 'vcase.lookup.source': source, 'vcase.lookup.outcome': outcome }),
  ocrRun: (engine, mime, seconds) => finished(`ocr ${engine}`, seconds, { 'vcase.ocr.engine': engine, 'vcase.ocr.mime': mime }),
  webhookDelivery: (event, outcome, seconds) =>
    finished(`webhook ${event}`, seconds, { 'vcase.webhook.event': event, 'vcase.webhook.outcome': outcome }),
};

/** Both sets of hooks, each call to each. */
export function bothHooks(a: MetricsHooks, b: MetricsHooks): MetricsHooks {
  const keys = Object.keys(NO_METRICS) as (keyof MetricsHooks)[];
  return Object.fromEntries(
    keys.map((k) => [
      k,
      (...args: unknown[]) => {
        (a[k] as (...x: unknown[]) => void)(...args);
        (b[k] as (...x: unknown[]) => void)(...args);
      },
    ]),
  ) as unknown as MetricsHooks;
}
