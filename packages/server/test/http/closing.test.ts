import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { CLOSING_MESSAGE } from '../../src/http/closing.js';
import { listeningConfig } from '../helpers/testServer.js';
import { createServer } from '../../src/server.js';

const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-closing-'));
afterAll(() => fs.rmSync(stateDir, { recursive: true, force: true }));

/** The next HTTP/1.1 response read off `socket`: status, head and JSON body. */
function responsesOf(socket: net.Socket) {
  let buffered = Buffer.alloc(0);
  const waiting: ((r: { status: number; headers: string; body: unknown }) => void)[] = [];
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    const end = buffered.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = buffered.subarray(0, end).toString('latin1');
    const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (buffered.length < end + 4 + length) return;
    const body = JSON.parse(buffered.subarray(end + 4, end + 4 + length).toString('utf8'));
    buffered = buffered.subarray(end + 4 + length);
    waiting.shift()?.({ status: Number(head.split(' ')[1]), headers: head, body });
  });
  return () => new Promise<{ status: number; headers: string; body: unknown }>((resolve) => waiting.push(resolve));
}

describe('a server that is closing (SIGTERM)', () => {
  it('refuses a request it reads once closing with 503 in the error shape, and closes the connection', async () => {
    const config = listeningConfig(stateDir);
    const server = await createServer({ config, logger: pino({ level: 'silent' }) as FastifyBaseLogger, strictResponses: true });
    const address = new URL(await server.start());
    const { token } = server.bootstrapped!;
    const open = await fetch(`${address.origin}/v1/cases`, { headers: { authorization: `Bearer ${token}` } });
    expect(open.status).toBe(200);

    // A client whose request is half-way in when the server begins to close (its headers
    // not yet complete): the connection is busy, so it is kept, and the request is read after.
    const socket = net.connect(Number(address.port), address.hostname);
    const next = responsesOf(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const refused = next();
    socket.write(`GET /v1/cases HTTP/1.1\r\nHost: ${address.host}\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    try {
      const stopped = server.stop();
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.write(`Authorization: Bearer ${token}\r\n\r\n`);
      const { status, body, headers } = await refused;
      expect(status).toBe(503);
      expect(body).toEqual({ error: { code: null, message: CLOSING_MESSAGE } });
      expect(headers).toMatch(/^connection: close$/im);
      expect(headers).toMatch(/^x-request-id: [0-9a-f-]{36}$/im);
      await stopped;
    } finally {
      socket.destroy();
    }
  });
});
