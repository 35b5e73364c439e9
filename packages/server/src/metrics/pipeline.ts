import type { DocumentValidity } from '@vcase/shared';
import type { OcrEngine } from '../pipeline/types.js';
import { secondsSince, type MetricsHooks } from './hooks.js';
import { problemCodes } from './labels.js';

/** The engine, its runs timed: an engine that declines the file (answers null) is not counted. */
export function timedEngine(engine: OcrEngine, metrics: MetricsHooks): OcrEngine {
  return {
    name: engine.name,
    supports: (mime) => engine.supports(mime),
    async run(input) {
      const began = performance.now();
      const out = await engine.run(input);
      if (out) metrics.ocrRun(engine.name, input.mime, secondsSince(began));
      return out;
    },
  };
}

/** A document the pipeline wrote: its type, and each validity problem found on it. */
export function reportProcessed(metrics: MetricsHooks | undefined, type: string | null, validity: DocumentValidity) {
  if (!metrics) return;
  metrics.documentProcessed(type);
  for (const code of problemCodes(validity.codes)) metrics.extractionFailure(code);
}
