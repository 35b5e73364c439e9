import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProcessedDocument, createCase, createTenant, eventually, startTestServer } from '../helpers/testServer.js';
import { startReceiver } from '../helpers/receiver.js';
import { WEBHOOK_COMPANY_SLOTS, WEBHOOK_SLOTS } from '../../src/webhooks/deliverWebhook.js';

// Receivers that never answer (contract §6): each test starts its own server and a receiver that
// hangs; `receiver` here answers the healthy companies' deliveries at once.
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let base: string;

beforeAll(async () => {
  receiver = await startReceiver();
  base = receiver.origin;
});
afterAll(() => receiver.close());

describe('webhook delivery slots with hanging receivers', () => {
  it(
    'a receiver that never answers holds up no other work: ' +
      "lookups, processing and other companies' deliveries run while its deliveries wait",
    async () => {
      const hanging = await startReceiver(() => {});
      const server = await startTestServer({ webhookTimeoutMs: 20_000 });
      try {
        const tenant = await createTenant(server);
        const other = await createTenant(server, { name: 'Other' });
        await server.admin('PUT', `/admin/companies/${tenant.companyId}/webhooks/expediente-created`, { url: hanging.url });
        await server.admin('PUT', `/admin/companies/${other.companyId}/webhooks/expediente-created`, { url: `${base}/other` });
        // More deliveries waiting on the receiver than the server has workers (2), than the
        // deliveries' own slots, and than the jobs a runner lets wait with their slot lent out.
        for (let i = 0; i < 110; i++) await createCase(server, tenant, { internal_id: `HANG-${i}` });
        await eventually(
          async () => hanging.requests.length,
          (n) => n === WEBHOOK_COMPANY_SLOTS,
          5_000,
        );
        await createCase(server, other, { internal_id: 'OTHER-1' });
        const delivered = await eventually(
          async () => receiver.json().filter((r) => r.path === '/other'),
          (list) => list.length === 1,
          5_000,
        );
        expect(delivered[0].body).toEqual({ internal_id: 'OTHER-1', source: 'api' });
        const caseId = await createCase(server, tenant, { internal_id: 'HANG-WORK' });
        await addProcessedDocument(server, tenant, caseId, 'factura', { vin: '3N1CN8AE5RK812345' });
        expect((await server.inject({ method: 'POST', url: `/v1/cases/${caseId}/rapi`, headers: tenant.bearer })).statusCode).toBe(202);
        const rapi = await eventually(
          async () => (await server.inject({ method: 'GET', url: `/v1/cases/${caseId}/rapi`, headers: tenant.bearer })).json(),
          (r: { status: string }) => r.status === 'completed',
          5_000,
        );
        expect(rapi.status).toBe('completed');
        // The hanging company never held more than its share of the delivery slots.
        expect(hanging.requests.length).toBe(WEBHOOK_COMPANY_SLOTS);
        expect(WEBHOOK_COMPANY_SLOTS).toBeLessThan(WEBHOOK_SLOTS);
      } finally {
        await hanging.close();
        await server.close();
      }
    },
  );

  it(
    'companies whose receivers all hang cannot fill the delivery slots by being several: ' +
      'the last slots go to companies with none in flight',
    async () => {
      const hanging = await startReceiver(() => {});
      const server = await startTestServer({ webhookTimeoutMs: 20_000 });
      try {
        const hangers = [];
        for (let i = 0; i < 5; i++) hangers.push(await createTenant(server, { name: `Hang ${i}` }));
        const healthy = await createTenant(server, { name: 'Healthy' });
        for (const tenant of hangers) {
          await server.admin('PUT', `/admin/companies/${tenant.companyId}/webhooks/expediente-created`, { url: hanging.url });
        }
        await server.admin('PUT', `/admin/companies/${healthy.companyId}/webhooks/expediente-created`, { url: `${base}/healthy` });
        // Four companies with more hanging deliveries than their bound: 8 + 8 + 8, then the
        // fourth stops where only the reserved eighth of the slots (4) is left.
        for (const tenant of hangers.slice(0, 4)) {
          for (let i = 0; i < WEBHOOK_COMPANY_SLOTS + 2; i++) await createCase(server, tenant, { internal_id: `HANG-${i}` });
        }
        const reserve = Math.ceil(WEBHOOK_SLOTS / 8);
        await eventually(
          async () => hanging.requests.length,
          (n) => n === WEBHOOK_SLOTS - reserve,
          5_000,
        );
        await createCase(server, healthy, { internal_id: 'HEALTHY-1' });
        await eventually(
          async () => receiver.json().filter((r) => r.path === '/healthy').length,
          (n) => n === 1,
          5_000,
        );
        // A fifth company with nothing in flight may take a reserved slot too, one at a time.
        await createCase(server, hangers[4], { internal_id: 'HANG-5-1' });
        await createCase(server, hangers[4], { internal_id: 'HANG-5-2' });
        await eventually(
          async () => hanging.requests.length,
          (n) => n === WEBHOOK_SLOTS - reserve + 1,
          5_000,
        );
        await new Promise((r) => setTimeout(r, 300));
        expect(hanging.requests.length).toBe(WEBHOOK_SLOTS - reserve + 1);
      } finally {
        await hanging.close();
        await server.close();
      }
    },
  );
});
