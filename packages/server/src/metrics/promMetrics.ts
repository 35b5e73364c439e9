import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { MetricsHooks } from './hooks.js';
import * as label from './labels.js';

/** Seconds: from a cached read (a millisecond) to a slow upload or a stalled provider. */
const FAST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: OCR, lookups, webhook receivers and jobs run from milliseconds to minutes. */
const SLOW_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

/** The label of requests no route answered (never the raw URL: it may carry ids). */
export const UNMATCHED_ROUTE = 'unmatched';

export interface ServerMetrics {
  /** This app's own registry: tests build many apps, so nothing goes in prom-client's global one. */
  registry: Registry;
  /** The text of a scrape: this app's series and the process's. */
  scrape(): Promise<string>;
  contentType: string;
  /** What the runner, pipeline, lookups and webhooks call (`ctx.metrics`). */
  hooks: MetricsHooks;
  /** One answered HTTP request: its route template (undefined when no route matched). */
  httpRequest(route: string | undefined, method: string, status: number, seconds: number): void;
}

let processRegistry: Registry | undefined;

/**
 * prom-client's default process series (event-loop lag, heap, GC, CPU): they describe the
 * process, not an app, and each collection starts monitors that are never stopped, so they
 * are collected once per process and shown by every app.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The service's series in a registry of its own. Names are listed in docs/operator-guide.md ("Observability"). */
export function createServerMetrics(jobKinds: readonly string[]): ServerMetrics {
  const registry = new Registry();
  const registers = [registry];
  const processSeries = processMetrics();
  const jobKind = label.oneOf(new Set(jobKinds));
  const engine = label.firstFew(16);
  const sealStatus = label.firstFew(8);

  const histogram = <L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) =>
    new Histogram<L>({ name, help, labelNames, buckets, registers });
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter<L>({ name, help, labelNames, registers });

  const http = histogram(
    'vcase_http_request_duration_seconds',
    'HTTP requests answered, by route template, method and status class (its _count is the request count)',
    ['route', 'method', 'status_class'],
    FAST_BUCKETS,
  );
  const jobRuns = histogram(
    'vcase_job_run_duration_seconds',
    'Job runs by kind and outcome (completed, retried, failed, abandoned, released, lost), bookkeeping included',
    ['kind', 'outcome'],
    SLOW_BUCKETS,
  );
  const recovered = counter(
    'vcase_jobs_recovered_total',
    'Jobs taken back after their worker stopped renewing the lease (a worker died or hung mid-job)',
    ['kind'],
  );
  const ocr = histogram(
    'vcase_ocr_duration_seconds',
    'OCR engine runs of document processing, by engine and sniffed MIME type',
    ['engine', 'mime'],
    SLOW_BUCKETS,
  );
  const documents = counter(
    'vcase_documents_processed_total',
    'Documents whose OCR the pipeline wrote, by document type (unclassified when none)',
    ['type'],
  );
  const extraction = counter(
    'vcase_extraction_failures_total',
    'Validity problems found on processed documents, and documents whose processing failed, by code',
    ['code'],
  );
  const seals = counter('vcase_cfdi_seal_verdicts_total', 'CFDI seal checks by verdict', ['status']);
  const lookups = histogram(
    'vcase_lookup_duration_seconds',
    'Provider calls of lookups by source and outcome (ok, not_found, reason, failed)',
    ['source', 'outcome'],
    SLOW_BUCKETS,
  );
  const webhooks = histogram(
    'vcase_webhook_delivery_duration_seconds',
    'Webhook delivery attempts by event and outcome (ok, failed)',
    ['event', 'outcome'],
    SLOW_BUCKETS,
  );

  // One labelled child per route, method and status, made once: every request passes here.
  const requests = new Map<string, { observe(seconds: number): void }>();
  return {
    registry,
    scrape: () => Registry.merge([processSeries, registry]).metrics(),
    contentType: registry.contentType,
    httpRequest(route, method, status, seconds) {
      const key = `${status} ${method} ${route}`;
      let series = requests.get(key);
      if (!series) {
        series = http.labels({
          route: route ?? UNMATCHED_ROUTE,
          method: label.httpMethod(method),
          status_class: label.statusClass(status),
        });
        requests.set(key, series);
      }
      series.observe(seconds);
    },
    hooks: {
      jobRun: (kind, outcome, seconds) => jobRuns.observe({ kind: jobKind(kind), outcome }, seconds),
      jobsRecovered: (kind, count) => recovered.inc({ kind: jobKind(kind) }, count),
      ocrRun: (name, mime, seconds) => ocr.observe({ engine: engine(name), mime: label.mimeType(mime) }, seconds),
      documentProcessed: (type) => documents.inc({ type: label.documentType(type) }),
      extractionFailure: (code) => extraction.inc({ code: label.extractionCode(code) }),
      cfdiSealVerdict: (status) => seals.inc({ status: sealStatus(status) }),
      lookup: (source, outcome, seconds) => lookups.observe({ source: label.lookupSource(source), outcome }, seconds),
      webhookDelivery: (event, outcome, seconds) => webhooks.observe({ event: label.webhookEvent(event), outcome }, seconds),
    },
  };
}
