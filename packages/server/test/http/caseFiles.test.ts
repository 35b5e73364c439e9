import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';

let t: TestServer;
let acme: Tenant;
let files: http.Server;
let base: string;
const TITLE = Buffer.from('%PDF-1.4 titulo de propiedad escaneado');

beforeAll(async () => {
  t = await startTestServer();
  acme = await createTenant(t);
  files = http.createServer((req, res) => {
    // By path: a query string (`slow.pdf?2`) names another file of the same kind.
    const file = new URL(req.url ?? '/', 'http://files.test').pathname;
    if (file === '/title.pdf') return res.writeHead(200, { 'content-type': 'application/pdf' }).end(TITLE);
    if (file === '/slow.pdf') {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/pdf' }).end(TITLE), 800);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => files.close(r));
});

const create = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url: '/v1/cases', headers: { ...acme.bearer, ...headers }, payload });

describe('POST /v1/cases with files (contract §4.2)', () => {
  it('answers 202 with job_id and total_files, then fetches and processes the files', async () => {
    const sha = createHash('sha256').update(TITLE).digest('hex');
    await t.admin('PUT', `/admin/sandbox/fixtures/ocr/${sha}`, {
      type: 'certificate_title',
      parsed_data: { vin: '1M8GDM9AXKP042788', placa: 'NXA1234', entidad: 'MEX', fecha_documento: '01/02/2024' },
    });
    const res = await create({
      internal_id: 'FILES-1',
      status: 'processing',
      files: [
        { url: `${base}/title.pdf`, mime_type: 'application/pdf', document_type: 'certificate_title' },
        { url: `${base}/missing.pdf`, mime_type: 'application/pdf' },
      ],
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ case_id: expect.any(String), job_id: expect.any(String), total_files: 2, status: 'processing' });
    const { case_id, job_id } = res.json();
    await t.server.runner.whenIdle();
    const status = (await t.inject({ method: 'GET', url: `/v1/cases/${case_id}/status`, headers: acme.bearer })).json();
    expect(status).toMatchObject({ job_id, status: 'completed', total_files: 2, processed_files: 1, failed_files: 1 });
    const detail = (await t.inject({ method: 'GET', url: `/v1/cases/${case_id}`, headers: acme.bearer })).json();
    expect(detail.files).toHaveLength(1);
    expect(detail.files[0]).toMatchObject({ document_type: 'certificate_title', mime_type: 'application/pdf' });
    const plates = (await t.inject({ method: 'GET', url: `/v1/cases/${case_id}/plates`, headers: acme.bearer })).json();
    expect(plates.plates.map((p: { plate: string }) => p.plate)).toEqual(['NXA1234']);

    const dup = await create({ internal_id: 'FILES-1', status: 'processing' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.code).toBe('DUPLICATE_INTERNAL_ID');
  });

  it('reports the files sent as total_files from the start, while they are still downloading', async () => {
    const res = await create({
      internal_id: 'FILES-SLOW',
      status: 'processing',
      files: [
        { url: `${base}/slow.pdf`, mime_type: 'application/pdf' },
        // A document_type sent as null reads as absent (classified by content).
        { url: `${base}/slow.pdf?2`, mime_type: 'application/pdf', document_type: null },
      ],
    });
    expect(res.statusCode).toBe(202);
    const { case_id, job_id } = res.json();
    const early = (await t.inject({ method: 'GET', url: `/v1/cases/${case_id}/status`, headers: acme.bearer })).json();
    expect(early).toMatchObject({ job_id, total_files: 2, processed_files: 0, failed_files: 0 });
    expect(early.status).not.toBe('completed');
    const names = async () => (await t.inject({ method: 'GET', url: `/v1/cases/${case_id}/names`, headers: acme.bearer })).json().status;
    expect(await names()).toBe('processing');
    await t.server.runner.whenIdle();
    const late = (await t.inject({ method: 'GET', url: `/v1/cases/${case_id}/status`, headers: acme.bearer })).json();
    expect(late).toMatchObject({ job_id, status: 'completed', total_files: 2 });
    expect(await names()).toBe('completed');
  });

  it('DUPLICATE_INTERNAL_ID counts files still downloading, and holds for creates sent together', async () => {
    const first = await create({
      internal_id: 'DUP-QUEUED',
      status: 'processing',
      files: [{ url: `${base}/slow.pdf?dup`, mime_type: 'application/pdf' }],
    });
    expect(first.statusCode).toBe(202);
    const again = await create({ internal_id: 'DUP-QUEUED', status: 'processing' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('DUPLICATE_INTERNAL_ID');

    const together = await Promise.all(
      Array.from({ length: 5 }, () =>
        create({
          internal_id: 'DUP-TOGETHER',
          status: 'processing',
          files: [{ url: `${base}/slow.pdf?together`, mime_type: 'application/pdf' }],
        }),
      ),
    );
    expect(together.map((r) => r.statusCode).sort()).toEqual([202, 400, 400, 400, 400]);
    for (const r of together.filter((x) => x.statusCode === 400)) expect(r.json().error.code).toBe('DUPLICATE_INTERNAL_ID');
    await t.server.runner.whenIdle();
    const list = (await t.inject({ method: 'GET', url: '/v1/cases?internal_id=DUP-', headers: acme.bearer })).json();
    expect(list.data.map((c: { internal_id: string }) => c.internal_id).sort()).toEqual(['DUP-QUEUED', 'DUP-TOGETHER']);
  });

  it.each([
    ['an unsupported MIME', [{ url: 'https://example.com/a.txt', mime_type: 'text/plain' }]],
    ['a non-http URL', [{ url: 'ftp://example.com/a.pdf', mime_type: 'application/pdf' }]],
    ['an item without url', [{ mime_type: 'application/pdf' }]],
    ['files not an array', 'nope'],
  ])('400 VALIDATION_ERROR for %s', async (_n, filesValue) => {
    const res = await create({ internal_id: `BAD-${Math.random()}`, status: 'processing', files: filesValue });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('Idempotency-Key on create returns the first answer and creates one case', async () => {
    const payload = { internal_id: 'IDEM-1', status: 'processing' };
    const first = await create(payload, { 'idempotency-key': 'create-idem-1' });
    const again = await create(payload, { 'idempotency-key': 'create-idem-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const list = (await t.inject({ method: 'GET', url: '/v1/cases?internal_id=IDEM-1', headers: acme.bearer })).json();
    expect(list.pagination.total).toBe(1);
  });
});
