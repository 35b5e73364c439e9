import { describe, expect, it } from 'vitest';
import * as deleteWebhook from '../../../src/commands/admin/webhooks/delete.js';
import * as redeliver from '../../../src/commands/admin/webhooks/redeliver.js';
import * as rotateSecret from '../../../src/commands/admin/webhooks/rotateSecret.js';
import * as setWebhook from '../../../src/commands/admin/webhooks/set.js';
import { EXIT } from '../../../src/errors.js';
import { runCli, type Routes } from '../../helpers/harness.js';
import { flagTable } from '../../helpers/tables.js';

const admin = (...args: string[]) => ['--admin-token', 'adm', 'admin', ...args];

describe('admin webhooks: flags', () => {
  flagTable('admin webhooks set', setWebhook.register, [
    {
      name: 'a company, an event, the URL and the rest',
      args: ['co-1', 'expediente-created', '--url', 'https://rx.example/h', '--template', '@t.json', '--receiver-key', 'k'],
      opts: { company: 'co-1', event: 'expediente-created', url: 'https://rx.example/h', template: '@t.json', receiverKey: 'k' },
    },
    { name: 'an event it does not know', args: ['co-1', 'case-created', '--url', 'https://x'], error: "value 'case-created' is invalid" },
    { name: '--url is required', args: ['co-1', 'expediente-created'], error: "required option '--url <url>' not specified" },
  ]);
  flagTable('admin webhooks delete', deleteWebhook.register, [
    {
      name: 'a company and an event',
      args: ['co-1', 'expediente-created', '-y'],
      opts: { company: 'co-1', event: 'expediente-created', yes: true },
    },
  ]);
  flagTable('admin webhooks rotate-secret', rotateSecret.register, [
    { name: 'no overlap given', args: ['co-1', 'expediente-created'], opts: { overlap: undefined } },
    { name: '--overlap 0 stops the old secret at once', args: ['co-1', 'expediente-created', '--overlap', '0'], opts: { overlap: 0 } },
    { name: 'a negative overlap', args: ['co-1', 'expediente-created', '--overlap', '-5'], error: 'must be a non-negative integer' },
  ]);
  flagTable('admin webhooks redeliver', redeliver.register, [
    { name: 'queued only', args: ['co-1', 'd-1'], opts: { company: 'co-1', delivery: 'd-1', wait: undefined, timeout: 60 } },
    { name: 'waited for', args: ['co-1', 'd-1', '--wait', '--timeout', '5'], opts: { wait: true, timeout: 5 } },
  ]);
});

describe('admin webhooks set', () => {
  const routes: Routes = {
    'PUT /admin/companies/co-1/webhooks/expediente-created': (req) => ({ body: { ...(req.body as object), event: 'expediente-created' } }),
  };
  const sentTemplate = async (template: string) => {
    const r = await runCli(
      [
        '--admin-token',
        'adm',
        'admin',
        'webhooks',
        'set',
        'co-1',
        'expediente-created',
        '--url',
        'https://rx.example/h',
        '--template',
        template,
        '--json',
      ],
      { routes },
    );
    expect(r.code, r.stderr).toBe(0);
    return (r.requests[0]!.body as { template: unknown }).template;
  };

  it('sends a JSON object as an object template and any other text as a string template', async () => {
    expect(await sentTemplate('{"ref": "{{expedientData.internal_id}}"}')).toEqual({ ref: '{{expedientData.internal_id}}' });
    // JSON text with a placeholder standing for a value is not a JSON object: sent as text.
    expect(await sentTemplate('{"ref": {{expedientData.internal_id}}}')).toBe('{"ref": {{expedientData.internal_id}}}');
    expect(await sentTemplate('["{{environment}}"]')).toBe('["{{environment}}"]');
  });
});

describe('admin webhooks rotate-secret', () => {
  const COMPANY = '0190a1b2-c3d4-4e5f-8a6b-00000000000c';
  const path = `POST /admin/companies/${COMPANY}/webhooks/expediente-created/rotate-secret`;
  const answer = { company_id: COMPANY, event: 'expediente-created', signing_secret: 'whsec_bmV3', previous_secret_expires_at: null };

  it('sends the overlap when given, nothing otherwise, and prints the new secret', async () => {
    const r = await runCli(admin('webhooks', 'rotate-secret', COMPANY, 'expediente-created', '--overlap', '0', '--json'), {
      routes: { [path]: { body: answer } },
    });
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
  const queued = {
    delivery_id: AGAIN,
    redelivered_from: ORIGINAL,
    event: 'expediente-created',
    webhook_id: 'msg_1',
    job_id: '0190a1b2-c3d4-4e5f-8a6b-0000000000f1',
    status: 'queued',
  };
  const record = (ok: boolean) => ({
    delivery_id: AGAIN,
    event: 'expediente-created',
    case_id: null,
    url: 'https://rx.example/h',
    request_body: {},
    status_code: ok ? 200 : 500,
    ok,
    response_body: null,
    error: ok ? null : 'el receptor respondió HTTP 500',
    duration_ms: 3,
    created_at: '2026-03-01T10:00:00.000Z',
    webhook_id: 'msg_1',
    redelivered_from: ORIGINAL,
  });
  const redeliver = `POST /admin/companies/${COMPANY}/webhook-deliveries/${ORIGINAL}/redeliver`;
  const list = `GET /admin/companies/${COMPANY}/webhook-deliveries`;

  it('queues the redelivery and prints what the server answered', async () => {
    const r = await runCli(admin('webhooks', 'redeliver', COMPANY, ORIGINAL, '--json'), {
      routes: { [redeliver]: { status: 202, body: queued } },
    });
    expect(r.code, r.stderr).toBe(EXIT.OK);
    expect(JSON.parse(r.stdout)).toEqual(queued);
  });

  it('--wait reads the delivery list until the new record is there: exit 0 when it was accepted, 1 when it failed', async () => {
    for (const ok of [true, false]) {
      const routes = {
        [redeliver]: { status: 202, body: queued },
        [list]: (_req: unknown, n: number) => ({ body: { data: n < 3 ? [] : [record(ok)] } }),
      };
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
