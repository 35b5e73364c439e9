import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/errors.js';
import { runCli } from './helpers/harness.js';

const admin = (...args: string[]) => ['--admin-token', 'adm', 'admin', ...args];
const TOKEN_ID = '0190a1b2-c3d4-4e5f-8a6b-7c8d9e0f1a2b';
const USER_ID = '0190a1b2-c3d4-4e5f-8a6b-000000000001';

describe('admin tokens: list and revoke', () => {
  it('lists a user’s tokens by id', async () => {
    const row = { token_id: TOKEN_ID, created_at: '2026-03-01T10:00:00.000Z', expires_at: '2026-03-02T10:00:00.000Z', revoked_at: null };
    const r = await runCli(admin('tokens', 'list', USER_ID, '--json'), { routes: { [`GET /admin/users/${USER_ID}/tokens`]: { body: { data: [row] } } } });
    expect(r.code, r.stderr).toBe(EXIT.OK);
    expect(JSON.parse(r.stdout)).toEqual({ data: [row] });
    const table = await runCli(admin('tokens', 'list', USER_ID), { routes: { [`GET /admin/users/${USER_ID}/tokens`]: { body: { data: [row] } } } });
    expect(table.stdout).toContain(TOKEN_ID);
  });

  it('revokes one token, and every token of a user, with --yes; without it and without a terminal, nothing is sent', async () => {
    const one = await runCli(admin('tokens', 'revoke', TOKEN_ID, '--yes', '--json'), { routes: { [`DELETE /admin/tokens/${TOKEN_ID}`]: { status: 204 } } });
    expect(one.code, one.stderr).toBe(EXIT.OK);
    expect(JSON.parse(one.stdout)).toEqual({ token_id: TOKEN_ID, revoked: true });
    const all = await runCli(admin('tokens', 'revoke-all', USER_ID, '--yes', '--json'), { routes: { [`DELETE /admin/users/${USER_ID}/tokens`]: { status: 204 } } });
    expect(all.code, all.stderr).toBe(EXIT.OK);
    expect(all.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`DELETE /admin/users/${USER_ID}/tokens`]);
    const unconfirmed = await runCli(admin('tokens', 'revoke', TOKEN_ID));
    expect(unconfirmed.code).not.toBe(EXIT.OK);
    expect(unconfirmed.requests).toEqual([]);
  });
});

describe('admin webhooks rotate-secret', () => {
  const COMPANY = '0190a1b2-c3d4-4e5f-8a6b-00000000000c';
  const path = `POST /admin/companies/${COMPANY}/webhooks/expediente-created/rotate-secret`;
  const answer = { company_id: COMPANY, event: 'expediente-created', signing_secret: 'whsec_bmV3', previous_secret_expires_at: null };

  it('sends the overlap when given, nothing otherwise, and prints the new secret', async () => {
    const r = await runCli(admin('webhooks', 'rotate-secret', COMPANY, 'expediente-created', '--overlap', '0', '--json'), { routes: { [path]: { body: answer } } });
    expect(r.code, r.stderr).toBe(EXIT.OK);
    expect(r.requests[0]!.body).toEqual({ overlap_seconds: 0 });
    expect(JSON.parse(r.stdout)).toEqual(answer);
    const plain = await runCli(admin('webhooks', 'rotate-secret', COMPANY, 'expediente-created'), { routes: { [path]: { body: answer } } });
    expect(plain.requests[0]!.body).toEqual({});
    expect(plain.stdout).toContain('whsec_bmV3');
  });
});

describe('admin webhooks redeliver', () => {
  const COMPANY = '0190a1b2-c3d4-4e5f-8a6b-00000000000c';
  const ORIGINAL = '0190a1b2-c3d4-4e5f-8a6b-0000000000d1';
  const AGAIN = '0190a1b2-c3d4-4e5f-8a6b-0000000000d2';
  const queued = { delivery_id: AGAIN, redelivered_from: ORIGINAL, event: 'expediente-created', webhook_id: 'msg_1', job_id: '0190a1b2-c3d4-4e5f-8a6b-0000000000f1', status: 'queued' };
  const record = (ok: boolean) => ({
    delivery_id: AGAIN, event: 'expediente-created', case_id: null, url: 'https://rx.example/h', request_body: {}, status_code: ok ? 200 : 500, ok,
    response_body: null, error: ok ? null : 'el receptor respondió HTTP 500', duration_ms: 3, created_at: '2026-03-01T10:00:00.000Z', webhook_id: 'msg_1', redelivered_from: ORIGINAL,
  });
  const redeliver = `POST /admin/companies/${COMPANY}/webhook-deliveries/${ORIGINAL}/redeliver`;
  const list = `GET /admin/companies/${COMPANY}/webhook-deliveries`;

  it('queues the redelivery and prints what the server answered', async () => {
    const r = await runCli(admin('webhooks', 'redeliver', COMPANY, ORIGINAL, '--json'), { routes: { [redeliver]: { status: 202, body: queued } } });
    expect(r.code, r.stderr).toBe(EXIT.OK);
    expect(JSON.parse(r.stdout)).toEqual(queued);
  });

  it('--wait reads the delivery list until the new record is there: exit 0 when it was accepted, 1 when it failed', async () => {
    for (const ok of [true, false]) {
      const routes = { [redeliver]: { status: 202, body: queued }, [list]: (_req: unknown, n: number) => ({ body: { data: n < 3 ? [] : [record(ok)] } }) };
      const r = await runCli(admin('webhooks', 'redeliver', COMPANY, ORIGINAL, '--wait', '--json'), { routes });
      expect(r.code, r.stderr).toBe(ok ? EXIT.OK : EXIT.FAILURE);
      expect(JSON.parse(r.stdout)).toEqual(record(ok));
      expect(r.requests.filter((q) => q.method === 'GET')).toHaveLength(3);
      expect(r.requests[1]!.query).toEqual({ event: 'expediente-created' });
    }
  });

  it('--wait gives up after --timeout with exit 5', async () => {
    const routes = { [redeliver]: { status: 202, body: queued }, [list]: { body: { data: [] } } };
    const r = await runCli(admin('webhooks', 'redeliver', COMPANY, ORIGINAL, '--wait', '--timeout', '2'), { routes });
    expect(r.code).toBe(EXIT.LOOKUP);
    expect(r.stderr).toContain(`delivery ${AGAIN} was not recorded within 2 s`);
  });
});
