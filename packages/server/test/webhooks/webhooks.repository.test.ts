import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  deleteRegistration,
  getRegistration,
  listDeliveries,
  putRegistration,
  recordDelivery,
} from '../../src/webhooks/webhooks.repository.js';
import { createTestContext, type TestContext } from '../jobs/testContext.js';

describe('webhooks repository', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  it('stores a registration and gives back an object template as an object, a string as a string', async () => {
    const objectTemplate = { id: '{{expedientData.vehicle_id}}', nested: { n: 1 } };
    const stored = await putRegistration(t.ctx.db, {
      company_id: 'co',
      event: 'expediente-created',
      url: 'https://a.example/hook',
      template: objectTemplate,
      api_key: 'secret',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    const { signing_secret: secret, ...read } = stored;
    expect(read).toEqual({
      company_id: 'co',
      event: 'expediente-created',
      url: 'https://a.example/hook',
      template: objectTemplate,
      api_key: 'secret',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    // The signing secret is in the answer that created the registration, never in a read.
    expect(secret).toMatch(/^whsec_/);
    expect(await getRegistration(t.ctx.db, 'co', 'expediente-created')).toEqual(read);

    const stringTemplate = '{"id": "{{expedientData.vehicle_id}}"}';
    await putRegistration(t.ctx.db, {
      company_id: 'co',
      event: 'expediente-created',
      url: 'https://b.example/hook',
      template: stringTemplate,
      updated_at: '2026-01-02T00:00:00.000Z',
    });
    expect(await getRegistration(t.ctx.db, 'co', 'expediente-created')).toEqual({
      company_id: 'co',
      event: 'expediente-created',
      url: 'https://b.example/hook',
      template: stringTemplate,
      api_key: null,
      updated_at: '2026-01-02T00:00:00.000Z',
    });
    expect(await getRegistration(t.ctx.db, 'co', 'v1-assign-analyst')).toBeUndefined();
    expect(await getRegistration(t.ctx.db, 'other', 'expediente-created')).toBeUndefined();
  });

  it('deletes a registration and says whether one existed', async () => {
    await putRegistration(t.ctx.db, { company_id: 'co', event: 'e', url: 'https://x.example', updated_at: 'now' });
    expect(await deleteRegistration(t.ctx.db, 'co', 'e')).toBe(true);
    expect(await deleteRegistration(t.ctx.db, 'co', 'e')).toBe(false);
    expect(await getRegistration(t.ctx.db, 'co', 'e')).toBeUndefined();
  });

  it('lists deliveries newest first, filtered, with JSON bodies parsed back', async () => {
    const base = {
      company_id: 'co',
      url: 'https://x.example',
      status_code: 200,
      ok: 1,
      response_body: 'ok',
      error: null,
      duration_ms: 12,
    };
    await recordDelivery(t.ctx.db, {
      ...base,
      id: 'd1',
      event: 'a',
      case_id: 'c1',
      request_body: '{"n":1}',
      created_at: '2026-01-01T00:00:01.000Z',
    });
    await recordDelivery(t.ctx.db, {
      ...base,
      id: 'd2',
      event: 'b',
      case_id: 'c1',
      request_body: 'not json {',
      created_at: '2026-01-01T00:00:02.000Z',
      ok: 0,
      status_code: 500,
      error: 'el receptor respondió HTTP 500',
    });
    await recordDelivery(t.ctx.db, {
      ...base,
      id: 'd3',
      event: 'a',
      case_id: 'c2',
      request_body: '{"n":3}',
      created_at: '2026-01-01T00:00:03.000Z',
    });
    await recordDelivery(t.ctx.db, {
      ...base,
      id: 'd4',
      company_id: 'other',
      event: 'a',
      case_id: 'c1',
      request_body: '{}',
      created_at: '2026-01-01T00:00:04.000Z',
    });

    const all = await listDeliveries(t.ctx.db, 'co');
    expect(all.map((d) => d.delivery_id)).toEqual(['d3', 'd2', 'd1']);
    expect(all[1]).toEqual({
      delivery_id: 'd2',
      event: 'b',
      case_id: 'c1',
      url: 'https://x.example',
      request_body: 'not json {',
      status_code: 500,
      ok: false,
      response_body: 'ok',
      error: 'el receptor respondió HTTP 500',
      duration_ms: 12,
      created_at: '2026-01-01T00:00:02.000Z',
      webhook_id: null,
      redelivered_from: null,
    });
    expect(all[0].request_body).toEqual({ n: 3 });
    expect(all[0].ok).toBe(true);
    expect((await listDeliveries(t.ctx.db, 'co', { event: 'a' })).map((d) => d.delivery_id)).toEqual(['d3', 'd1']);
    expect((await listDeliveries(t.ctx.db, 'co', { case_id: 'c1' })).map((d) => d.delivery_id)).toEqual(['d2', 'd1']);
    expect((await listDeliveries(t.ctx.db, 'co', { event: 'a', case_id: 'c1' })).map((d) => d.delivery_id)).toEqual(['d1']);
  });
});
