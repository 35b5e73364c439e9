import path from 'node:path';
import { OPERATIONS } from '@vcase/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs, SQLITE_ONLY } from '../../../../vitest.needs.ts';
import { manualClock } from '../../src/clock.js';
import { encodeBody } from '../../src/operations/responseCache.js';
import { findCaseById } from '../../src/repositories/cases.repository.js';
import { taxesOf, ticketsOf } from '../../src/services/plateReports.service.js';
import { otherProcessRuns } from '../helpers/database.js';
import { addProcessedDocument, createCase, createTenant, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';

const VIN = '1M8GDM9AXKP042788';
// 2026-12-31 23:58 in Mexico City (UTC-6): two minutes before the fiscal year turns.
const clock = manualClock(Date.parse('2027-01-01T05:58:00.000Z'));
let t: TestServer;
let acme: Tenant;
let other: Tenant;

beforeAll(async () => {
  t = await startTestServer({}, { clock });
  acme = await createTenant(t);
  other = await createTenant(t, { name: 'Otra Aseguradora' });
});
afterAll(() => t.close());

const get = (url: string, tenant = acme) => t.inject({ method: 'GET', url, headers: tenant.bearer });
const post = (url: string) => t.inject({ method: 'POST', url, headers: acme.bearer });
const stats = () => ({ ...t.server.app.responseCache.stats });

/** What GET taxes and tickets answer when computed now, without the cache. */
async function fresh(caseId: string) {
  const row = (await findCaseById(t.server.ctx.db, caseId))!;
  const enc = { strict: true, logger: t.server.ctx.logger };
  return {
    taxes: encodeBody(OPERATIONS.getTaxes, await taxesOf(t.server.ctx, row), enc).value,
    tickets: encodeBody(OPERATIONS.getTickets, await ticketsOf(t.server.ctx, row), enc).value,
  };
}

/** GET taxes and tickets through HTTP, checked against a fresh computation. */
async function servedEqualsFresh(caseId: string) {
  await t.server.runner.whenIdle(); // background jobs move the case while they run
  const taxes = await get(`/v1/cases/${caseId}/taxes`);
  const tickets = await get(`/v1/cases/${caseId}/tickets`);
  expect(taxes.statusCode).toBe(200);
  expect(tickets.statusCode).toBe(200);
  const served = { taxes: taxes.json(), tickets: tickets.json() };
  expect(served).toEqual(await fresh(caseId));
  return served;
}

async function plateCase() {
  const caseId = await createCase(t, acme);
  await addProcessedDocument(t, acme, caseId, 'factura', { vin: VIN, fecha_emision: '10/01/2019' });
  await addProcessedDocument(t, acme, caseId, 'certificate_title', {
    placa: 'NXA1234',
    entidad: 'MEX',
    vin: VIN,
    fecha_documento: '15/03/2024',
  });
  return caseId;
}

describe('cached reads (GET taxes, tickets, case list)', () => {
  it('answers a repeated read from the cache, and never an answer older than the case', async () => {
    const caseId = await plateCase();
    const before = await servedEqualsFresh(caseId);

    // Unchanged case: the second reads are hits and the same bytes.
    const s0 = stats();
    const again = await get(`/v1/cases/${caseId}/taxes`);
    expect(again.json()).toEqual(before.taxes);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(stats().hits).toBe(s0.hits + 1);

    // Plates computed, lookups started and answered by the workers (jobs and plate rows).
    expect((await post(`/v1/cases/${caseId}/plates`)).statusCode).toBe(200);
    expect((await post(`/v1/cases/${caseId}/taxes`)).statusCode).toBe(202);
    expect((await post(`/v1/cases/${caseId}/tickets`)).statusCode).toBe(202);
    await t.server.runner.whenIdle();
    const answered = await servedEqualsFresh(caseId);
    expect(answered.taxes).not.toEqual(before.taxes);
    expect(answered.tickets).not.toEqual(before.tickets);

    // A new tenencia receipt (documents), then the same receipt deleted.
    const receipt = await addProcessedDocument(t, acme, caseId, 'tax_payment', {
      placa: 'NXA1234',
      entidad: 'MEX',
      vin: VIN,
      ejercicio_fiscal: 2025,
      fecha_pago: '20/02/2025',
      total: 1850.5,
    });
    const withReceipt = await servedEqualsFresh(caseId);
    expect(withReceipt.taxes).not.toEqual(answered.taxes);
    expect((await t.inject({ method: 'DELETE', url: `/v1/documents/${receipt}`, headers: acme.bearer })).statusCode).toBe(200);
    expect((await servedEqualsFresh(caseId)).taxes).toEqual(answered.taxes);

    // A write no service makes (straight into the database) is seen as well.
    await t.server.ctx.db
      .updateTable('jobs')
      .set({ status: 'error', result: null, error: 'set by hand' })
      .where('case_id', '=', caseId)
      .where('kind', 'like', '%tenencia%')
      .execute();
    expect((await servedEqualsFresh(caseId)).taxes).not.toEqual(answered.taxes);
  });

  // Another process (`vcase-server worker`) shares the SQLite file: its commits must show on
  // the next GET, although the revision reads of a quiet database are answered from memory.
  it('answers what another process commits on the next read', needs(!process.env.VCASE_TEST_PG_URL, SQLITE_ONLY), async () => {
    const caseId = await plateCase();
    expect((await post(`/v1/cases/${caseId}/plates`)).statusCode).toBe(200);
    expect((await post(`/v1/cases/${caseId}/taxes`)).statusCode).toBe(202);
    const before = await servedEqualsFresh(caseId);
    const listed = async () => (await get('/v1/cases?limit=100')).json().data.find((c: { case_id: string }) => c.case_id === caseId);
    expect((await listed()).internal_id).not.toBe('RENOMBRADO-FUERA');

    otherProcessRuns(
      path.join(t.stateDir, 'vcase.db'),
      `update jobs set status = 'error', result = null, error = 'set elsewhere' where case_id = '${caseId}' and kind like '%tenencia%';
       update cases set internal_id = 'RENOMBRADO-FUERA' where id = '${caseId}';`,
    );
    const after = await servedEqualsFresh(caseId);
    expect(after.taxes).not.toEqual(before.taxes);
    expect((await listed()).internal_id).toBe('RENOMBRADO-FUERA');
  });

  it('moves the tenencia grid to the new fiscal year at midnight in Mexico City', async () => {
    const caseId = await plateCase();
    expect((await post(`/v1/cases/${caseId}/plates`)).statusCode).toBe(200);
    expect((await post(`/v1/cases/${caseId}/taxes`)).statusCode).toBe(202);
    await t.server.runner.whenIdle();
    clock.set(Date.parse('2027-01-01T05:58:30.000Z'));
    const years = async () => {
      const body = (await get(`/v1/cases/${caseId}/taxes`)).json();
      return body.main_tax.result.map((r: { fiscal_year: number }) => r.fiscal_year);
    };
    expect((await years())[0]).toBe(2026);
    expect((await years())[0]).toBe(2026);
    clock.set(Date.parse('2027-01-01T06:00:00.000Z'));
    expect((await years())[0]).toBe(2027);
  });

  it("never answers another company's case, cached or not", async () => {
    const caseId = await plateCase();
    expect((await get(`/v1/cases/${caseId}/taxes`)).statusCode).toBe(200);
    for (const path of ['taxes', 'tickets']) {
      const res = await get(`/v1/cases/${caseId}/${path}`, other);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Caso no encontrado');
    }
  });

  it('keeps the case list current through creates, updates and deletes, per company', async () => {
    const list = async (tenant = acme, query = 'limit=5') => (await get(`/v1/cases?${query}`, tenant)).json();
    const first = await list();
    expect((await list()).data).toEqual(first.data);

    const created = await createCase(t, acme, { internal_id: 'LISTA-CACHE-1' });
    const afterCreate = await list();
    expect(afterCreate.data[0]).toMatchObject({ case_id: created, internal_id: 'LISTA-CACHE-1', review_status: 'sin_documentos' });
    expect(afterCreate.pagination.total).toBe(first.pagination.total + 1);
    // Filters are cached under their own key.
    expect((await list(acme, 'internal_id=lista-cache')).data.map((c: { case_id: string }) => c.case_id)).toEqual([created]);

    // An update of the case row (processing closes it as nuevo) shows in the list.
    expect((await post(`/v1/cases/${created}/process`)).statusCode).toBeLessThan(300);
    await t.server.runner.whenIdle();
    expect((await list()).data[0]).toMatchObject({ case_id: created, review_status: 'nuevo' });

    expect((await t.inject({ method: 'DELETE', url: `/v1/cases/${created}`, headers: acme.bearer })).statusCode).toBe(200);
    const afterDelete = await list();
    expect(afterDelete.data.map((c: { case_id: string }) => c.case_id)).not.toContain(created);
    expect(afterDelete.pagination.total).toBe(first.pagination.total);
    expect((await list(acme, 'internal_id=lista-cache')).data).toEqual([]);

    // The other company's list is its own.
    expect((await list(other)).data.map((c: { case_id: string }) => c.case_id)).not.toContain(created);
  });
});
