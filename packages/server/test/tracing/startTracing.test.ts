import { context, propagation, trace } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startTracing } from '../../src/tracing/index.js';
import { startReceiver } from '../helpers/receiver.js';

afterEach(() => {
  trace.disable();
  context.disable();
  propagation.disable();
});

describe('OTEL_* settings', () => {
  it.each([
    [{}, 'none'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, 'otlp'],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }, 'otlp'],
    [{ OTEL_TRACES_EXPORTER: 'console' }, 'console'],
    [{ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, 'none'],
    [{ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, 'none'],
  ])('%j → traces %s', (env, traces) => {
    expect(loadConfig({}, env).traces).toBe(traces);
  });

  it('an exporter it does not know is refused by its name', () => {
    expect(() => loadConfig({}, { OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(/OTEL_TRACES_EXPORTER: /);
  });
});

describe('startTracing', () => {
  it('with traces off registers nothing: spans stay the API no-op', async () => {
    expect(await startTracing({ traces: 'none' }, '0.0.0')).toBeNull();
    expect(trace.getTracer('x').startSpan('s').isRecording()).toBe(false);
  });

  it('otlp: sends the spans to OTEL_EXPORTER_OTLP_ENDPOINT/v1/traces, flushed at shutdown, named by OTEL_SERVICE_NAME', async () => {
    const collector = await startReceiver();
    const saved = { endpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT, name: process.env.OTEL_SERVICE_NAME };
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = collector.origin;
    process.env.OTEL_SERVICE_NAME = 'vcase-api-eu';
    try {
      const tracing = await startTracing({ traces: 'otlp' }, '1.2.3');
      expect(tracing).not.toBeNull();
      trace.getTracer('t').startSpan('GET /v1/cases').end();
      await tracing!.shutdown();
      expect(collector.requests).toHaveLength(1);
      expect(collector.requests[0]!.path).toBe('/v1/traces');
      const body = collector.requests[0]!.body;
      expect(body).toContain('GET /v1/cases');
      expect(body).toContain('vcase-api-eu');
      expect(body).toContain('1.2.3');
    } finally {
      for (const [key, value] of [
        ['OTEL_EXPORTER_OTLP_ENDPOINT', saved.endpoint],
        ['OTEL_SERVICE_NAME', saved.name],
      ] as const) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      await collector.close();
    }
  });
});
