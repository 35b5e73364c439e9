import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCase, createTenant, eventually, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';

/**
 * The sandbox `ocr` source (operator-surface §1, §3): its answer takes the outcome's
 * `delay_ms`, else VCASE_SANDBOX_LATENCY_MS, like every sandbox lookup; that wait keeps the
 * document's background OCR in flight, never a request that reads the document's text.
 */
const LATENCY_MS = 3_000;

let t: TestServer;
let acme: Tenant;

beforeAll(async () => {
  t = await startTestServer({ sandboxLatencyMs: LATENCY_MS, workers: 2 });
  acme = await createTenant(t, { name: 'Acme' });
});
afterAll(async () => {
  await t?.close();
});

const headers = () => ({ 'x-api-key': acme.apiKey });
const setOcr = (bytes: Buffer, outcome: Record<string, unknown>) =>
  t.admin('PUT', `/admin/sandbox/fixtures/ocr/${createHash('sha256').update(bytes).digest('hex')}`, outcome);
async function upload(bytes: Buffer): Promise<string> {
  const caseId = await createCase(t, acme);
  const res = await t.inject({
    method: 'POST',
    url: '/v1/documents',
    headers: headers(),
    payload: { case_id: caseId, mime_type: 'image/png', base64: bytes.toString('base64') },
  });
  expect(res.statusCode).toBe(201);
  return res.json().document_id;
}
const documentOf = async (id: string) => (await t.inject({ method: 'GET', url: `/v1/documents/${id}`, headers: headers() })).json();
const statusOf = async (id: string) =>
  (await t.server.ctx.db.selectFrom('documents').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

/** `request`, or 'still waiting' when it has not answered within `ms`. */
const within = <T>(ms: number, request: Promise<T>) => Promise.race([request, sleep(ms).then(() => 'still waiting' as const)]);

describe('the sandbox ocr source', () => {
  it('answers after VCASE_SANDBOX_LATENCY_MS when the outcome sets no delay_ms', async () => {
    const bytes = Buffer.from('sandbox ocr latency');
    await setOcr(bytes, { type: 'curp', text: 'CLAVE UNICA DE REGISTRO DE POBLACION', parsed_data: { curp: 'PEPJ800101HDFRRN09' } });
    const id = await upload(bytes);
    await sleep(LATENCY_MS / 3);
    expect(['uploaded', 'processing']).toContain(await statusOf(id));
    expect((await documentOf(id)).json_ocr).toBeNull();
    const done = await eventually(
      () => statusOf(id),
      (s) => s === 'processed',
      LATENCY_MS * 5,
    );
    expect(done).toBe('processed');
    expect((await documentOf(id)).parsed_data).toEqual({ curp: 'PEPJ800101HDFRRN09' });
  });

  it('a delay_ms of 0 answers at once, whatever the latency', async () => {
    const bytes = Buffer.from('sandbox ocr without delay');
    await setOcr(bytes, { type: 'curp', text: 'CURP', parsed_data: { curp: 'PEPJ800101HDFRRN09' }, delay_ms: 0 });
    const id = await upload(bytes);
    expect(
      await eventually(
        () => statusOf(id),
        (s) => s === 'processed',
        LATENCY_MS / 2,
      ),
    ).toBe('processed');
  });

  it('extraction data and automatic classification answer at once while the OCR run waits on the source', async () => {
    const bytes = Buffer.from('sandbox ocr held in flight');
    await setOcr(bytes, { type: 'curp', text: 'CLAVE UNICA DE REGISTRO DE POBLACION', delay_ms: 4_000 });
    const id = await upload(bytes);
    await eventually(
      () => statusOf(id),
      (s) => s === 'processing',
      5_000,
    );

    const extraction = await within(2_000, t.inject({ method: 'GET', url: `/v1/documents/${id}/extraction-data`, headers: headers() }));
    expect(extraction).not.toBe('still waiting');
    expect(extraction !== 'still waiting' && extraction.statusCode).toBe(200);

    const classify = await within(2_000, t.inject({ method: 'POST', url: `/v1/documents/${id}/classify`, headers: headers() }));
    expect(classify).not.toBe('still waiting');
    expect(classify !== 'still waiting' && classify.json()).toMatchObject({ document_id: id, type: 'curp', method: 'automatic' });
    expect(await statusOf(id)).toBe('processing');
  });
});
