import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCase, createTenant, startTestServer, type Tenant, type TestServer } from '../helpers/testServer.js';

let t: TestServer;
let acme: Tenant;
let other: Tenant;

beforeAll(async () => {
  t = await startTestServer();
  acme = await createTenant(t, { name: 'Acme' });
  other = await createTenant(t, { name: 'Other' });
});
afterAll(() => t.close());

async function user(companyId: string, body: Record<string, unknown>) {
  return (await t.admin('POST', `/admin/companies/${companyId}/users`, body)).json();
}

const assign = (caseId: string, payload: unknown, headers = acme.bearer) =>
  t.inject({ method: 'POST', url: `/v1/cases/${caseId}/assign`, headers, payload: payload as Record<string, unknown> });

describe('POST /v1/cases/{case_id}/assign', () => {
  it('assigns by uid or pid; history grows oldest to newest with the label rule', async () => {
    const caseId = await createCase(t, acme);
    const named = await user(acme.companyId, { name: 'Beatriz Ruiz', email: 'bea@example.com', pid: 'PID-BEA' });
    const emailOnly = await user(acme.companyId, { email: 'solo@example.com' });
    const anonymous = await user(acme.companyId, {});

    const first = await assign(caseId, { user_id: named.user_id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      case_id: caseId,
      assigned_to: named.user_id,
      assignment_history: [{ date: expect.any(String), user: 'Beatriz Ruiz', pid: 'PID-BEA', label: expect.any(String) }],
    });

    const byPid = (await assign(caseId, { user_id: 'PID-BEA' })).json();
    expect(byPid.assigned_to).toBe('PID-BEA');
    const second = (await assign(caseId, { user_id: emailOnly.user_id })).json();
    const third = (await assign(caseId, { user_id: anonymous.pid })).json();
    expect(third.assigned_to).toBe(anonymous.pid);
    expect(third.assignment_history.map((h: { user: string }) => h.user)).toEqual([
      'Beatriz Ruiz',
      'Beatriz Ruiz',
      'solo@example.com',
      'un usuario',
    ]);
    expect(second.assignment_history).toHaveLength(3);
    const dates = third.assignment_history.map((h: { date: string }) => Date.parse(h.date));
    expect([...dates].sort((a, b) => a - b)).toEqual(dates);
    expect(third.assignment_history[3].date).toMatch(/Z$/);
  });

  it.each([
    ['user_id missing', {}],
    ['user_id empty', { user_id: '' }],
    ['user_id not a string', { user_id: 42 }],
    ['body an array', [{ user_id: 'x' }]],
  ])('400 VALIDATION_ERROR when %s', async (_n, payload) => {
    const caseId = await createCase(t, acme);
    const res = await assign(caseId, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('400 VALIDATION_ERROR when the assigned user does not exist', async () => {
    const caseId = await createCase(t, acme);
    const res = await assign(caseId, { user_id: 'nobody-here' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it("400 VALIDATION_ERROR when the assigned user's profile has no pid", async () => {
    const caseId = await createCase(t, acme);
    const noPid = await user(acme.companyId, { name: 'Sin Perfil', pid: null });
    const res = await assign(caseId, { user_id: noPid.user_id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('assigned_to echoes user_id exactly as sent; surrounding spaces do not change who is found', async () => {
    const caseId = await createCase(t, acme);
    const user = (await t.admin('POST', `/admin/companies/${acme.companyId}/users`, { name: 'Eco', pid: 'PID-ECO' })).json();
    const spaced = await assign(caseId, { user_id: ' PID-ECO ' });
    expect(spaced.statusCode).toBe(200);
    expect(spaced.json().assigned_to).toBe(' PID-ECO ');
    expect(spaced.json().assignment_history).toEqual([expect.objectContaining({ user: 'Eco', pid: user.pid })]);
    expect((await assign(caseId, { user_id: '   ' })).statusCode).toBe(400);
  });

  it('400 VALIDATION_ERROR when the case has no company associated', async () => {
    const caseId = await createCase(t, acme);
    await t.server.ctx.db.updateTable('cases').set({ company_id: null }).where('id', '=', caseId).execute();
    const res = await assign(caseId, { user_id: acme.userId });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('403 FORBIDDEN when the assigned user belongs to another company', async () => {
    const caseId = await createCase(t, acme);
    const res = await assign(caseId, { user_id: other.userId });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it("403 FORBIDDEN when the token's company differs from the case's", async () => {
    const caseId = await createCase(t, acme);
    const res = await assign(caseId, { user_id: other.userId }, other.bearer);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    const history = await t.server.ctx.db.selectFrom('case_assignments').selectAll().where('case_id', '=', caseId).execute();
    expect(history).toEqual([]);
  });

  it('404 RESOURCE_NOT_FOUND when the case does not exist or was deleted', async () => {
    const res = await assign(crypto.randomUUID(), { user_id: acme.userId });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('RESOURCE_NOT_FOUND');
    const caseId = await createCase(t, acme);
    await t.inject({ method: 'DELETE', url: `/v1/cases/${caseId}`, headers: acme.bearer });
    const deleted = await assign(caseId, { user_id: acme.userId });
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json().error.code).toBe('RESOURCE_NOT_FOUND');
  });

  it('401 with an API key instead of a token', async () => {
    const caseId = await createCase(t, acme);
    const res = await assign(caseId, { user_id: acme.userId }, { 'x-api-key': acme.apiKey } as unknown as typeof acme.bearer);
    expect(res.statusCode).toBe(401);
  });

  it('400 without a code when the case id is not a UUID (contract §7), as on the other case endpoints', async () => {
    const res = await assign('12345', { user_id: acme.userId });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: null, message: 'case_id no es un UUID válido' });
  });
});
