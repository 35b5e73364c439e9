import { describe, expect, it } from 'vitest';
import { validateCurp } from '../../src/domain/validators/index.js';
import { addProcessedDocument, createCase } from '../helpers/testServer.js';
import { acme, t, useTenantServer } from './tenantServer.js';

// CURPs and RFCs whose first four letters form an inconvenient word were never issued
// (docs/rules.md, "CURP and RFC"): each pair below is the word and the form RENAPO/SAT assign.
useTenantServer();

const detail = async (id: string) =>
  (await t.inject({ method: 'GET', url: `/v1/documents/${id}`, headers: { 'x-api-key': acme.apiKey } })).json();

describe('document validity (contract §2.3)', () => {
  it('a CURP whose letters form an inconvenient word is CURP_INVALID; the X form is not', async () => {
    const caseId = await createCase(t, acme);
    const word = await detail(await addProcessedDocument(t, acme, caseId, 'curp', { curp: 'PEDO800101HDFRMS07' }));
    expect(word.validity.document_validity).toBe('invalid');
    expect(word.validity.codes).toContain('CURP_INVALID');
    const assigned = await detail(await addProcessedDocument(t, acme, caseId, 'curp', { curp: 'PXDO800101HDFRMS07' }));
    expect(assigned.validity.codes).not.toContain('CURP_INVALID');
    expect(assigned.validity.codes).not.toContain('CURP_CHECK_DIGIT_INVALID');
  });

  it("a persona física's RFC on SAT's list is RFC_INVALID; its X form, a persona moral and the generic RFCs are not", async () => {
    const caseId = await createCase(t, acme);
    const codes = async (rfc_emisor: string) =>
      (await detail(await addProcessedDocument(t, acme, caseId, 'invoice', { rfc_emisor, rfc_receptor: 'EKU9003173C9' }))).validity
        .codes as string[];
    expect(await codes('PEDO800101AB1')).toContain('RFC_INVALID');
    expect(await codes('BUEY800101AB1')).toContain('RFC_INVALID');
    for (const rfc of ['PEDX800101ABA', 'PED800101ABA', 'BACA800512CDA']) expect(await codes(rfc), rfc).not.toContain('RFC_INVALID');
    expect(await codes('XAXX010101000')).toEqual(expect.arrayContaining(['RFC_GENERIC']));
    expect(await codes('XEXX010101000')).toEqual(expect.arrayContaining(['RFC_FOREIGN']));
  });
});

describe('RENAPO without a fixture (contract §4.4, §2.10)', () => {
  const renapoOf = async (curp: string) => {
    const caseId = await createCase(t, acme);
    await addProcessedDocument(t, acme, caseId, 'curp', { curp });
    const start = await t.inject({ method: 'POST', url: `/v1/cases/${caseId}/renapo`, headers: acme.bearer });
    expect(start.statusCode).toBe(202);
    expect(start.json().curp).toBe(curp);
    await t.server.runner.whenIdle();
    return (await t.inject({ method: 'GET', url: `/v1/cases/${caseId}/renapo`, headers: acme.bearer })).json();
  };

  it('a CURP RENAPO never issues is asked about and found nowhere: status error, person null', async () => {
    expect(await renapoOf('BACA800512HDFCSN03')).toMatchObject({
      status: 'error',
      completed_count: 1,
      data: { status: 'error', person: null },
    });
  });

  it('the CURP as RENAPO assigns it is found', async () => {
    expect(await renapoOf('BXCA800512HDFCSN05')).toMatchObject({
      status: 'completed',
      data: { person: { sex: 'HOMBRE', birth_date: '12/05/1980' } },
    });
  });
});

describe('INE without a fixture (contract §4.10)', () => {
  it("the synthetic card's CURP follows RENAPO's rule: VARGAS CRUZ ANA spells VXCA, never VACA", async () => {
    const res = await t.inject({ method: 'POST', url: '/documents/ine', headers: acme.bearer, payload: { front: 'frente-1057.jpg' } });
    await t.server.runner.whenIdle();
    const { data } = (await t.inject({ method: 'GET', url: `/documents/ine/${res.json().job_id}`, headers: acme.bearer })).json();
    expect(data).toMatchObject({ first_last_name: 'VARGAS', second_last_name: 'CRUZ', names: 'ANA' });
    expect(data.curp.slice(0, 4)).toBe('VXCA');
    expect(validateCurp(data.curp).valid).toBe(true);
  });
});
