import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { context, propagation, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCase, createTenant, eventually, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';
import { closedPort } from '../helpers/receiver.js';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/documents');
const VIN = '3N1CN8AE5RK812345';
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
let t: TestServer;
let acme: Tenant;

beforeAll(async () => {
  provider.register();
  t = await startTestServer({}, { tracing: true });
  acme = await createTenant(t);
});
afterAll(async () => {
  await t?.close();
  await provider.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
});
beforeEach(() => exporter.reset());

const spans = () => exporter.getFinishedSpans();
const named = (name: string) => spans().filter((s) => s.name === name);
const parentOf = (s: ReadableSpan) => s.parentSpanContext?.spanId;
const one = (name: string) => {
  const found = named(name);
  expect(
    found.map((s) => s.name),
    name,
  ).toEqual([name]);
  return found[0]!;
};

describe('traces (OTEL_*)', () => {
  it('follow one case from the request through its jobs to the lookup, the OCR and the webhook', async () => {
    await t.admin('PUT', `/admin/companies/${acme.companyId}/webhooks/expediente-created`, {
      url: `http://127.0.0.1:${await closedPort()}/hook`,
    });
    await t.admin('PUT', `/admin/sandbox/fixtures/rapi/${VIN}`, { result: { tiene_reporte: false } });
    exporter.reset();
    const headers = { ...acme.bearer, traceparent: CALLER };
    const created = await t.inject({ method: 'POST', url: '/v1/cases', headers, payload: { internal_id: 'TR-1', status: 'processing' } });
    expect(created.statusCode).toBe(201);
    const caseId = created.json().case_id as string;
    const xml = fs.readFileSync(path.join(FIXTURES, 'cfdi40-venta-vehiculos.xml'));
    const up = await t.inject({
      method: 'POST',
      url: '/v1/documents',
      headers,
      payload: { case_id: caseId, mime_type: 'application/xml', base64: xml.toString('base64') },
    });
    expect(up.statusCode).toBe(201);
    await t.server.runner.whenIdle();
    expect((await t.inject({ method: 'POST', url: `/v1/cases/${caseId}/rapi`, headers })).statusCode).toBe(202);
    await t.server.runner.whenIdle();
    await eventually(
      async () => named('job lookup.rapi').length,
      (n) => n === 1,
    );

    // Every span of this work is in the caller's trace.
    const ours = spans().filter((s) => s.spanContext().traceId === TRACE_ID);
    expect(ours.length).toBeGreaterThanOrEqual(9);

    const createReq = one('POST /v1/cases');
    expect(createReq.spanContext().traceId).toBe(TRACE_ID);
    expect(parentOf(createReq)).toBe('00f067aa0ba902b7');
    expect(createReq.attributes).toMatchObject({ 'http.route': '/v1/cases', 'http.response.status_code': 201 });
    const deliverJob = one('job webhook.deliver');
    expect(parentOf(deliverJob)).toBe(createReq.spanContext().spanId);
    const webhook = one('webhook expediente-created');
    expect(parentOf(webhook)).toBe(deliverJob.spanContext().spanId);
    expect(webhook.attributes).toMatchObject({ 'vcase.webhook.outcome': 'failed' });

    const uploadReq = one('POST /v1/documents');
    const ocrJob = one('job document.process');
    expect(parentOf(ocrJob)).toBe(uploadReq.spanContext().spanId);
    expect(ocrJob.attributes).toMatchObject({ 'vcase.job.kind': 'document.process', 'vcase.case_id': caseId, 'vcase.job.attempt': 1 });
    const ocr = one('ocr cfdi_xml');
    expect(parentOf(ocr)).toBe(ocrJob.spanContext().spanId);
    expect(ocr.attributes).toMatchObject({ 'vcase.ocr.mime': 'application/xml' });

    const lookupReq = one('POST /v1/cases/:case_id/rapi');
    const lookupJob = one('job lookup.rapi');
    expect(parentOf(lookupJob)).toBe(lookupReq.spanContext().spanId);
    const lookup = one('lookup rapi');
    expect(parentOf(lookup)).toBe(lookupJob.spanContext().spanId);
    expect(lookup.attributes).toMatchObject({ 'vcase.lookup.outcome': 'ok' });
    // A span never names more than a route template.
    for (const s of ours) expect(s.name).not.toContain(caseId);
    await t.admin('DELETE', `/admin/companies/${acme.companyId}/webhooks/expediente-created`);
  });

  it('a request without a traceparent starts a trace of its own, and its jobs join it', async () => {
    const caseId = await createCase(t, acme);
    exporter.reset();
    const up = await t.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: { 'x-api-key': acme.apiKey },
      payload: { case_id: caseId, mime_type: 'application/pdf', base64: Buffer.from('no text').toString('base64') },
    });
    expect(up.statusCode).toBe(201);
    const req = one('POST /v1/documents');
    expect(parentOf(req)).toBeUndefined();
    const job = await t.server.ctx.db
      .selectFrom('jobs')
      .select('trace_parent')
      .where('case_id', '=', caseId)
      .where('kind', '=', 'document.process')
      .executeTakeFirstOrThrow();
    expect(job.trace_parent).toBe(`00-${req.spanContext().traceId}-${req.spanContext().spanId}-01`);
    await t.server.runner.whenIdle();
    expect(one('job document.process').spanContext().traceId).toBe(req.spanContext().traceId);
  });
});

describe('traces off (no OTEL_* settings)', () => {
  it('make no span and store no trace with jobs, even with a tracer provider in the process', async () => {
    const off = await startTestServer({}, { startWorkers: false });
    try {
      const tenant = await createTenant(off);
      const caseId = await createCase(off, tenant);
      const res = await off.inject({
        method: 'POST',
        url: '/v1/documents',
        headers: { 'x-api-key': tenant.apiKey, traceparent: CALLER },
        payload: { case_id: caseId, mime_type: 'application/pdf', base64: Buffer.from('x').toString('base64') },
      });
      expect(res.statusCode).toBe(201);
      const jobs = await off.server.ctx.db.selectFrom('jobs').select('trace_parent').where('case_id', '=', caseId).execute();
      expect(jobs.length).toBeGreaterThan(0);
      expect(jobs.every((j) => j.trace_parent === null)).toBe(true);
      expect(spans().filter((s) => s.name.startsWith('POST '))).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
