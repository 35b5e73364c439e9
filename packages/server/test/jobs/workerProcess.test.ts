import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config.js';
import { listJobs } from '../../src/jobs/jobQueue.js';
import { findUser } from '../../src/repositories/users.repository.js';
import { createServer, createWorker } from '../../src/server.js';
import { createCase } from '../../src/services/cases.service.js';
import { createCompany, createUser } from '../../src/services/admin.service.js';
import { WEBHOOK_DELIVER_JOB } from '../../src/jobs/kinds.js';
import type { WebhookDeliverPayload } from '../../src/webhooks/deliverWebhook.js';
import { putRegistration } from '../../src/webhooks/webhooks.repository.js';

const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-worker-'));
afterAll(() => fs.rmSync(stateDir, { recursive: true, force: true }));

const config = () =>
  configSchema.parse({
    db: path.join(stateDir, 'vcase.db'),
    stateDir,
    storageDir: path.join(stateDir, 'files'),
    adminToken: 'worker-test-admin-token',
    jwtSecret: 'worker-test-jwt-secret',
    workers: 2,
    sandboxLatencyMs: 0,
    bootstrap: false,
    logLevel: 'silent',
  });
const logger = pino({ level: 'silent' }) as FastifyBaseLogger;
/** Timers that keep the event loop alive (unref'd ones are not listed). */
const heldTimers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('vcase-server worker', () => {
  it('holds its process open from start() until stop(): it runs until told to stop', async () => {
    // the database is created and migrated by the API side first, as in production
    const api = await createServer({ config: { ...config(), workers: 0 }, logger });
    await api.stop();
    const worker = await createWorker({ config: config(), logger });
    const before = heldTimers();
    await worker.start();
    expect(heldTimers()).toBeGreaterThan(before);
    await worker.stop();
    expect(heldTimers()).toBeLessThanOrEqual(before);
  });

  it('stays stopped when stop() comes while start() reads the API address', async () => {
    const worker = await createWorker({ config: config(), logger });
    const before = heldTimers();
    const started = worker.start();
    await worker.stop();
    await started;
    // At most as many as before: a timer of something else may have ended meanwhile.
    expect(heldTimers()).toBeLessThanOrEqual(before);
    expect(worker.address.following).toBe(false);
  });
});

describe('links a worker builds', () => {
  it('name the address the API instance recorded, not the port the worker never listens on', async () => {
    const api = await createServer({ config: { ...config(), workers: 0, port: 0, host: '127.0.0.1' }, logger });
    const address = (await api.start()).replace(/\/+$/, '');
    const company = await createCompany(api.ctx, { name: 'Links', status_catalog: ['nuevo'] });
    const user = await createUser(api.ctx, company.company_id, { name: 'Ana' });
    await putRegistration(api.ctx.db, {
      company_id: company.company_id,
      event: 'expediente-created',
      url: 'http://127.0.0.1:9/hook',
      template: { link: '{{expedientData.url_exp}}' },
      updated_at: new Date().toISOString(),
    });
    await api.stop();

    const worker = await createWorker({ config: config(), logger });
    await worker.start();
    try {
      // A case created where no API listens (as a worker's jobs change cases): its event's link.
      const userRow = (await findUser(worker.ctx.db, user.user_id))!;
      const principal = { kind: 'user' as const, userId: user.user_id, companyId: company.company_id, user: userRow };
      const { body } = await createCase(worker.ctx, principal, { internal_id: 'LINKS-1', status: 'nuevo' });
      const [delivery] = await listJobs<WebhookDeliverPayload>(worker.ctx.db, { kind: WEBHOOK_DELIVER_JOB, caseId: body.case_id });
      expect(JSON.parse(delivery!.payload.body)).toEqual({ link: `${address}/cases/${body.case_id}` });
      expect(worker.address.following).toBe(true);
      // The address is held beside the config, which stays as it was read.
      expect(worker.ctx.address.baseUrl).toBe(address);
      expect(worker.ctx.config.publicUrl).toBeUndefined();
    } finally {
      await worker.stop();
    }
    expect(worker.address.following).toBe(false);
    // VCASE_PUBLIC_URL, when set, is used as is.
    const configured = await createWorker({ config: { ...config(), publicUrl: 'https://api.example' }, logger });
    await configured.start();
    expect(configured.ctx.config.publicUrl).toBe('https://api.example');
    expect(configured.address.following).toBe(false);
    await configured.stop();
  });
});
