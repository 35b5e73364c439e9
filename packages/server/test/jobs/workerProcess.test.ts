import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config.js';
import { createServer, createWorker } from '../../src/server.js';

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
    worker.start();
    expect(heldTimers()).toBeGreaterThan(before);
    await worker.stop();
    expect(heldTimers()).toBe(before);
  });
});
