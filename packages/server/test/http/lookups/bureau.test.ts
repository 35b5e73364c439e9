import { describe, expect, it } from 'vitest';
import { extractText } from 'unpdf';
import { bureauReportPdf } from '../../../src/services/lookups/bureau.service.js';
import { VIN, t, get, post, caseWithVin, useTenantServer } from './lookupServer.js';

useTenantServer();

describe('credit bureau (contract §4.4, §2.11)', () => {
  it('reports with a generated verification PDF', async () => {
    await t.admin('PUT', `/admin/sandbox/fixtures/bureau/${VIN}`, { report: { gravamenes: [], resultado: 'SIN_ALERTAS' } });
    const { caseId } = await caseWithVin();
    expect((await get(`/v1/cases/${caseId}/circulo-credito`)).statusCode).toBe(404);
    const start = await post(`/v1/cases/${caseId}/circulo-credito`);
    expect(start.statusCode).toBe(202);
    expect(start.json()).toEqual({ job_id: expect.any(String), vin: VIN, status: 'pending' });
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/circulo-credito`)).json();
    expect(body).toMatchObject({
      case_id: caseId,
      source: 'circulo-credito',
      status: 'completed',
      query_count: 1,
      completed_count: 1,
      data: { resultado: 'SIN_ALERTAS' },
    });
    expect(body.document).toEqual({ url: expect.stringMatching(/\/files\/[A-Za-z0-9_-]{32}\.pdf$/), uuid: expect.any(String) });
    const pdf = await t.inject({ method: 'GET', url: new URL(body.document.url).pathname });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('keeps a report whose text the PDF font cannot draw: completed with its document', async () => {
    await t.admin('PUT', `/admin/sandbox/fixtures/bureau/${VIN}`, { report: { nota: 'Revisión → OK ✓', titular: '王' } });
    const { caseId } = await caseWithVin();
    expect((await post(`/v1/cases/${caseId}/circulo-credito`)).statusCode).toBe(202);
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/circulo-credito`)).json();
    expect(body).toMatchObject({ status: 'completed', query_count: 1, data: { nota: 'Revisión → OK ✓', titular: '王' } });
    expect(body.document).toEqual({ url: expect.stringMatching(/\.pdf$/), uuid: expect.any(String) });
  });
});

describe('bureau report PDF', () => {
  it('keeps a report whose text the PDF font cannot encode: accents dropped, other characters as ?', async () => {
    const report = { nota: 'Revisión → OK ✓', dueño: 'Gődel 王', tab: 'a\tb' };
    const text = (await extractText(await bureauReportPdf(VIN, report, new Date('2026-01-01T00:00:00Z')), { mergePages: true })).text;
    expect(text).toContain('nota: Revisión ? OK ?');
    expect(text).toContain('dueño: Godel ?');
    expect(text).toContain(`NIV: ${VIN}`);
  });
});
