import { describe, expect, it } from 'vitest';
import { addProcessedDocument, createCase } from '../../helpers/testServer.js';
import { t, acme, get, post, useTenantServer } from './lookupServer.js';

useTenantServer();

describe('RENAPO (contract §4.4, §2.10)', () => {
  it('takes the CURP by document-type priority and returns person and probative data', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'ine', { curp: 'BOXW310820HNERXN08' });
    await addProcessedDocument(t, acme, caseId, 'curp', { curp: 'HEGG560427MVZRRL04' });
    await t.admin('PUT', '/admin/sandbox/fixtures/renapo/HEGG560427MVZRRL04', {
      person: {
        first_name: 'GLORIA',
        paternal_surname: 'HERNANDEZ',
        maternal_surname: 'GARCIA',
        birth_date: '27/04/1956',
        sex: 'MUJER',
        curp_status: 'AN',
      },
      probative_doc_url: 'https://example.com/acta.pdf',
      probative_doc_data: { registration_year: '1956', state: 'VERACRUZ' },
    });
    const start = await post(`/v1/cases/${caseId}/renapo`);
    expect(start.statusCode).toBe(202);
    expect(start.json()).toEqual({ job_id: expect.any(String), curp: 'HEGG560427MVZRRL04', status: 'pending' });
    await t.server.runner.whenIdle();
    const body = (await get(`/v1/cases/${caseId}/renapo`)).json();
    expect(body).toMatchObject({ case_id: caseId, source: 'renapo', status: 'completed', query_count: 1, completed_count: 1 });
    expect(body.data).toMatchObject({
      job_id: start.json().job_id,
      status: 'completed',
      curp: 'HEGG560427MVZRRL04',
      probative_doc_url: 'https://example.com/acta.pdf',
    });
    expect(body.data.person).toMatchObject({ first_name: 'GLORIA', birth_date: '27/04/1956', birth_state: null });
    expect(Object.keys(body.data.person)).toHaveLength(12);
    expect(body.data.probative_doc_data).toMatchObject({ registration_year: '1956', state: 'VERACRUZ', foja: null });
  });

  it('while the query is in flight, data.status is pending like the top level (§2.10 states only)', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'curp', { curp: 'PEPJ800101HDFRRN09' });
    await t.admin('PUT', '/admin/sandbox/fixtures/renapo/PEPJ800101HDFRRN09', { delay_ms: 1_500, person: { first_name: 'JUAN' } });
    expect((await post(`/v1/cases/${caseId}/renapo`)).statusCode).toBe(202);
    const body = (await get(`/v1/cases/${caseId}/renapo`)).json();
    expect(body.status).toBe('pending');
    expect(body.data).toMatchObject({ status: 'pending', person: null, probative_doc_data: null });
    await t.server.runner.whenIdle();
    expect((await get(`/v1/cases/${caseId}/renapo`)).json().data.status).toBe('completed');
  });

  it('asks about any CURP-shaped value by type priority, and publishes birth_date as DD/MM/YYYY', async () => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'id_front', { curp: 'AAAA800101HDFRRN01' });
    await addProcessedDocument(t, acme, caseId, 'curp', { curp: 'BBBB900203HDFRRN02' });
    await addProcessedDocument(t, acme, caseId, 'ine', { curp: 'NO-ES-CURP' });
    await t.admin('PUT', '/admin/sandbox/fixtures/renapo/BBBB900203HDFRRN02', { person: { first_name: 'JUAN', birth_date: '1990-02-03' } });
    const start = await post(`/v1/cases/${caseId}/renapo`);
    expect(start.json()).toMatchObject({ curp: 'BBBB900203HDFRRN02', status: 'pending' });
    await t.server.runner.whenIdle();
    expect((await get(`/v1/cases/${caseId}/renapo`)).json().data.person).toMatchObject({ first_name: 'JUAN', birth_date: '03/02/1990' });
  });

  it('400 without a CURP, 404 before any query', async () => {
    const caseId = await createCase(t, acme);
    expect((await post(`/v1/cases/${caseId}/renapo`)).statusCode).toBe(400);
    expect((await get(`/v1/cases/${caseId}/renapo`)).statusCode).toBe(404);
  });
});
