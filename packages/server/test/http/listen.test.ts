import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config.js';
import { createServer, type VcaseServer } from '../../src/server.js';

// Started like the operator does, on port 0 (the system picks one): everything that names
// the server's own address must name the port it really listens on.
let server: VcaseServer;
let address: string;
const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-listen-'));

beforeAll(async () => {
  const config = configSchema.parse({
    port: 0,
    host: '127.0.0.1',
    db: path.join(stateDir, 'vcase.db'),
    stateDir,
    storageDir: path.join(stateDir, 'files'),
    adminToken: 'listen-test-admin-token',
    jwtSecret: 'listen-test-jwt-secret',
    workers: 0,
    sandboxLatencyMs: 0,
    bootstrap: true,
    logLevel: 'silent',
  });
  server = await createServer({ config, logger: pino({ level: 'silent' }) as FastifyBaseLogger, strictResponses: true });
  address = (await server.start()).replace(/\/+$/, '');
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(stateDir, { recursive: true, force: true });
});

describe('a server started on port 0', () => {
  it('writes the real address into the demo credentials', () => {
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
    const creds = JSON.parse(fs.readFileSync(path.join(stateDir, 'credentials.json'), 'utf8'));
    expect(creds.base_url).toBe(address);
    expect(server.bootstrapped?.base_url).toBe(address);
  });

  it('answers stored-file URLs on the real port, and they serve the bytes', async () => {
    const { token } = server.bootstrapped!;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`${address}/v1/cases`, { method: 'POST', headers, body: JSON.stringify({ internal_id: 'PORT-0', status: 'nuevo' }) });
    expect(created.status).toBe(201);
    const { case_id } = (await created.json()) as { case_id: string };
    const bytes = Buffer.from('%PDF-1.4 puerto elegido por el sistema');
    const uploaded = await fetch(`${address}/v1/documents`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ case_id, mime_type: 'application/pdf', base64: bytes.toString('base64') }),
    });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    expect(url.startsWith(`${address}/files/`)).toBe(true);
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
  });
});

/** Sends `request` as raw bytes and reads the whole answer. */
async function raw(request: string): Promise<{ status: number; body: unknown }> {
  const { port, hostname } = new URL(address);
  const text = await new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
  const [head, body] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body: JSON.parse(body) };
}

describe('requests the HTTP parser refuses', () => {
  it('answer in the service error body: oversized headers 431, raw non-ASCII in the URL 400', async () => {
    const huge = await raw(`GET /v1/cases HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(huge).toEqual({ status: 431, body: { error: { code: null, message: 'Las cabeceras de la solicitud exceden el tamaño máximo' } } });
    const nonAscii = await raw('GET /v1/cases?internal_id=\u00e9lite HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(nonAscii.status).toBe(400);
    expect(nonAscii.body).toEqual({ error: { code: null, message: expect.stringMatching(/^La solicitud HTTP no es válida/) } });
  });
});
