import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/clock.js';
import { createCase, createTenant, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';

const clock = manualClock(Date.parse('2026-03-01T12:00:00.000Z'));
let t: TestServer;
let acme: Tenant;

beforeAll(async () => {
  t = await startTestServer({}, { startWorkers: false, clock });
  acme = await createTenant(t);
});
afterAll(() => t?.close());

const summary = async () => {
  const res = await t.admin('GET', '/admin/jobs/summary');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const at = (offsetMs: number) => new Date(Date.parse('2026-03-01T12:00:00.000Z') + offsetMs).toISOString();

describe('GET /admin/jobs/summary', () => {
  it('answers the admin token only', async () => {
    const res = await t.inject({ method: 'GET', url: '/admin/jobs/summary', headers: acme.bearer });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: null, message: 'Se requiere el token de administración' } });
  });

  it('an empty queue: no kinds, nobody waiting, nothing failing', async () => {
    expect(await summary()).toEqual({ generated_at: expect.any(String), backlog: [], oldest_queued: null, failing: [] });
  });

  it('the backlog by kind and state, the job waiting longest, the jobs whose last run failed', async () => {
    const caseId = await createCase(t, acme);
    for (const text of ['a', 'b', 'c', 'd', 'e']) {
      const res = await t.inject({
        method: 'POST',
        url: '/v1/documents',
        headers: { 'x-api-key': acme.apiKey },
        payload: { case_id: caseId, mime_type: 'application/pdf', base64: Buffer.from(text).toString('base64') },
      });
      expect(res.statusCode).toBe(201);
    }
    const db = t.server.ctx.db;
    const ids = (await db.selectFrom('jobs').select('id').where('kind', '=', 'document.process').orderBy('created_at').execute()).map(
      (r) => r.id,
    );
    const set = (id: string, values: Record<string, unknown>) => db.updateTable('jobs').set(values).where('id', '=', id).execute();
    // a: due 10 min ago; b: waiting for its retry, after a failed attempt; c: running on a live lease; d: failed for good.
    await set(ids[0], { run_at: at(-600_000) });
    await set(ids[1], { run_at: at(3_600_000), attempts: 1, error: 'pdf: sin texto legible', updated_at: at(-1_000) });
    await set(ids[2], { status: 'processing', attempts: 1, locked_by: 'w1', lease_until: at(30_000) });
    await set(ids[3], {
      status: 'error',
      attempts: 3,
      error: 'stored file of document x is missing',
      finished_at: at(-7_200_000),
      updated_at: at(-7_200_000),
    });
    // A failure older than a day is history, neither counted nor listed.
    await set(ids[4], { status: 'error', attempts: 3, error: 'old', finished_at: at(-2 * 86_400_000), updated_at: at(-2 * 86_400_000) });

    const body = await summary();
    expect(body.backlog).toEqual([
      { kind: 'document.process', queued: 1, scheduled: 1, running: 1, stalled: 0, failed_24h: 1, oldest_queued_at: at(-600_000) },
    ]);
    expect(body.oldest_queued).toEqual({
      job_id: ids[0],
      kind: 'document.process',
      company_id: acme.companyId,
      case_id: caseId,
      attempts: 0,
      queued_since: at(-600_000),
      waiting_seconds: expect.closeTo(600, 0),
    });
    expect(body.failing).toEqual([
      {
        job_id: ids[1],
        kind: 'document.process',
        company_id: acme.companyId,
        case_id: caseId,
        attempts: 1,
        status: 'pending',
        error: 'pdf: sin texto legible',
        updated_at: at(-1_000),
      },
      {
        job_id: ids[3],
        kind: 'document.process',
        company_id: acme.companyId,
        case_id: caseId,
        attempts: 3,
        status: 'error',
        error: 'stored file of document x is missing',
        updated_at: at(-7_200_000),
      },
    ]);
  });
});
