import type { Config } from '../config.js';

export interface Tracing {
  /** Sends the spans still buffered, then stops. */
  shutdown(): Promise<void>;
}

/**
 * Registers the process's OpenTelemetry tracer provider when `config.traces` asks for one
 * (the standard OTEL_* variables, read in `config.ts`): spans go to the OTLP/HTTP exporter,
 * which reads its endpoint and headers from OTEL_EXPORTER_OTLP_*, or to stdout (`console`).
 * With traces off nothing of the SDK is even loaded: the imports are dynamic, so a process
 * without OTEL_* settings starts as fast as before, and every span the code makes is the
 * API's no-op.
 */
export async function startTracing(config: Pick<Config, 'traces'>, version: string): Promise<Tracing | null> {
  if (config.traces === 'none') return null;
  const [{ NodeTracerProvider, BatchSpanProcessor, ConsoleSpanExporter }, { detectResources, envDetector, resourceFromAttributes }] =
    await Promise.all([import('@opentelemetry/sdk-trace-node'), import('@opentelemetry/resources')]);
  const exporter =
    config.traces === 'console'
      ? new ConsoleSpanExporter()
      : new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win over the defaults.
  const resource = resourceFromAttributes({ 'service.name': 'vcase-server', 'service.version': version }).merge(
    detectResources({ detectors: [envDetector] }),
  );
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(exporter)] });
  // The W3C trace-context propagator and the async-hooks context manager, process-wide.
  provider.register();
  return { shutdown: () => provider.shutdown() };
}
