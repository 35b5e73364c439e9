import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock.js';
import { createCase, createTenant, eventually, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';

// The clock never moves: every write lands in the same millisecond, so only OCR versions, not
// timestamps, can tell hand-written OCR from a background run that started before it.
const FROZEN = Date.parse('2026-05-04T10:00:00.000Z');
const clock: Clock = { now: () => new Date(FROZEN) };
let t: TestServer;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestServer({}, { clock, startWorkers: false });
  tenant = await createTenant(t);
});
afterAll(() => t.close());

const headers = () => ({ 'x-api-key': tenant.apiKey });
const HAND = { placa: 'NXA1234', entidad: 'MEX', vin: '1M8GDM9AXKP042788' };

async function upload(caseId: string, bytes: Buffer) {
  const res = await t.inject({
    method: 'POST',
    url: '/v1/documents',
    headers: headers(),
    payload: { case_id: caseId, mime_type: 'application/pdf', base64: bytes.toString('base64') },
  });
  expect(res.statusCode).toBe(201);
  return res.json().document_id as string;
}
const patchOcr = (id: string, parsed_data: Record<string, unknown>) =>
  t.inject({ method: 'PATCH', url: `/v1/documents/${id}/ocr`, headers: headers(), payload: { type: 'certificate_title', parsed_data } });
const detail = async (id: string) => (await t.inject({ method: 'GET', url: `/v1/documents/${id}`, headers: headers() })).json();
/** Status and OCR version are not in the document's public detail. */
const row = (id: string) =>
  t.server.ctx.db.selectFrom('documents').select(['status', 'ocr_id']).where('id', '=', id).executeTakeFirstOrThrow();

async function withFixture(bytes: Buffer, fixture: Record<string, unknown>) {
  const sha = createHash('sha256').update(bytes).digest('hex');
  await t.admin('PUT', `/admin/sandbox/fixtures/ocr/${sha}`, {
    type: 'factura',
    text: 'FACTURA',
    parsed_data: { vin: '3N1CN8AE5RK812345' },
    ...fixture,
  });
}

describe('OCR written by hand wins over background OCR, even in the same millisecond', () => {
  it('PATCH after upload: the queued run leaves the hand-written OCR alone', async () => {
    const caseId = await createCase(t, tenant);
    const bytes = Buffer.from('%PDF-1.4 same millisecond one');
    await withFixture(bytes, {});
    const id = await upload(caseId, bytes);
    expect((await patchOcr(id, HAND)).statusCode).toBe(200);
    const hand = await row(id);
    await t.server.runner.runDue();
    expect(await detail(id)).toMatchObject({ type: 'certificate_title', parsed_data: HAND });
    expect(await row(id)).toEqual(hand);
  });

  it('PATCH while the engines run: their outcome is dropped', async () => {
    const caseId = await createCase(t, tenant);
    const bytes = Buffer.from('%PDF-1.4 same millisecond two');
    await withFixture(bytes, { delay_ms: 400 });
    const id = await upload(caseId, bytes);
    const running = t.server.runner.runDue();
    await eventually(
      () => row(id),
      (d) => d.status === 'processing',
    );
    // While OCR runs, the detail has none to show.
    expect(await detail(id)).toMatchObject({ json_ocr: null, parsed_data: null, validity: { document_validity: 'pending' } });
    expect((await patchOcr(id, HAND)).statusCode).toBe(200);
    await running;
    expect(await detail(id)).toMatchObject({ type: 'certificate_title', parsed_data: HAND });
  });

  it('a run queued after the hand-written OCR replaces it (POST process)', async () => {
    const caseId = await createCase(t, tenant);
    const bytes = Buffer.from('%PDF-1.4 same millisecond three');
    await withFixture(bytes, {});
    const id = await upload(caseId, bytes);
    await patchOcr(id, HAND);
    await t.server.runner.runDue();
    expect((await t.inject({ method: 'POST', url: `/v1/documents/${id}/process`, headers: headers() })).statusCode).toBe(202);
    await t.server.runner.runDue();
    // The file's OCR replaces the hand-written data; the type given by hand stays (manual wins).
    const after = await detail(id);
    expect(after.parsed_data).toMatchObject({ vin: '3N1CN8AE5RK812345' });
    expect(after.parsed_data.placa).toBeUndefined();
    expect(after.type).toBe('certificate_title');
  });

  it('the last reclassify wins over one still running', async () => {
    const caseId = await createCase(t, tenant);
    const bytes = Buffer.from('%PDF-1.4 reclassified twice');
    await withFixture(bytes, { delay_ms: 300 });
    const id = await upload(caseId, bytes);
    await t.server.runner.runDue();
    const reclassify = (type: string) =>
      t.inject({ method: 'POST', url: `/v1/documents/${id}/reclassify`, headers: headers(), payload: { type } });
    expect((await reclassify('curp')).statusCode).toBe(202);
    const first = t.server.runner.runDue();
    await eventually(
      () => row(id),
      (d) => d.status === 'processing',
    );
    const second = await reclassify('ine');
    expect(second.statusCode).toBe(202);
    await first;
    await t.server.runner.runDue();
    expect((await detail(id)).type).toBe('ine');
    const [latest] = await t.server.ctx.db.selectFrom('documents').select(['ocr_run', 'status']).where('id', '=', id).execute();
    expect(latest).toEqual({ ocr_run: second.json().job_id, status: 'processed' });
  });

  it('a type given by hand while the engines run stays', async () => {
    const caseId = await createCase(t, tenant);
    const bytes = Buffer.from('%PDF-1.4 classified by hand meanwhile');
    await withFixture(bytes, { delay_ms: 300 });
    const id = await upload(caseId, bytes);
    const running = t.server.runner.runDue();
    await eventually(
      () => row(id),
      (d) => d.status === 'processing',
    );
    const classified = await t.inject({
      method: 'POST',
      url: `/v1/documents/${id}/classify`,
      headers: headers(),
      payload: { type: 'tenencia' },
    });
    expect(classified.json()).toMatchObject({ type: 'tenencia', method: 'manual' });
    await running;
    // The run's OCR lands; the type stays the one given by hand.
    expect(await detail(id)).toMatchObject({ type: 'tenencia', parsed_data: { vin: '3N1CN8AE5RK812345' } });
  });
});
