/**
 * How one run of a job ended, as the runner saw it: `lost` when it finished after another
 * worker had taken it over, `released` when a shutdown handed it back unfinished.
 */
export type JobRunOutcome = 'completed' | 'retried' | 'failed' | 'abandoned' | 'released' | 'lost';

/** What a provider answered a lookup: its data, nothing for the key, its own reason, or no answer at all. */
export type LookupOutcome = 'ok' | 'not_found' | 'reason' | 'failed';

export type WebhookOutcome = 'ok' | 'failed';

/**
 * What the runner, the pipeline, the lookups and the webhooks report as they work
 * (`ctx.metrics`). Code calls these and knows nothing of Prometheus: the server's own
 * implementation (`promMetrics.ts`) turns them into series, tests may record them, and a
 * context without one reports nothing. Labels are bounded there, never here.
 */
export interface MetricsHooks {
  /** A job's run ended (`seconds`: the handler's own time). */
  jobRun(kind: string, outcome: JobRunOutcome, seconds: number): void;
  /** Jobs whose worker stopped renewing its lease were taken back (by a claim or the sweep). */
  jobsRecovered(kind: string, count: number): void;
  /** One OCR engine run over a file (sniffed MIME type). */
  ocrRun(engine: string, mime: string, seconds: number): void;
  /** The pipeline wrote a document's OCR: its type (null when unclassified). */
  documentProcessed(type: string | null): void;
  /** A validity problem code the pipeline found, or the failure that ended a document's processing. */
  extractionFailure(code: string): void;
  /** The verdict on a CFDI's seal (see `recordCfdiSealVerdict`). */
  cfdiSealVerdict(status: string): void;
  /** One provider call of a lookup. */
  lookup(source: string, outcome: LookupOutcome, seconds: number): void;
  /** One webhook delivery attempt. */
  webhookDelivery(event: string, outcome: WebhookOutcome, seconds: number): void;
}

/** A context that reports nowhere (tests that build their own, the metrics switched off). */
export const NO_METRICS: MetricsHooks = {
  jobRun() {},
  jobsRecovered() {},
  ocrRun() {},
  documentProcessed() {},
  extractionFailure() {},
  cfdiSealVerdict() {},
  lookup() {},
  webhookDelivery() {},
};

/** Seconds since `startMs` (a `performance.now()` reading). */
export const secondsSince = (startMs: number) => (performance.now() - startMs) / 1000;

/**
 * The one call a CFDI seal check makes with its verdict (`vcase_cfdi_seal_verdicts_total`):
 * a short word such as `valid`, `invalid` or `unverifiable`. Anything else is counted as
 * `other`, so the series stay few.
 */
export function recordCfdiSealVerdict(ctx: { metrics?: MetricsHooks }, status: string): void {
  ctx.metrics?.cfdiSealVerdict(status);
}
