import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createServer, type VcaseServer } from '../../src/server.js';
import { listeningConfig } from '../helpers/testServer.js';

// A real socket on 127.0.0.1: a client that sends its headers, then one body byte now and then.
const REQUEST_TIMEOUT_MS = 1_500;

let server: VcaseServer;
let port: number;
let token: string;
const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcase-slow-'));

beforeAll(async () => {
  const config = listeningConfig(stateDir, { requestTimeoutMs: REQUEST_TIMEOUT_MS, headersTimeoutMs: 1_000 });
  server = await createServer({ config, logger: pino({ level: 'silent' }) as FastifyBaseLogger, strictResponses: true });
  port = Number(new URL(await server.start()).port);
  token = server.bootstrapped!.token;
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(stateDir, { recursive: true, force: true });
});

interface Outcome {
  /** The status line's code, or null when the connection closed without an answer. */
  status: number | null;
  /** When the server closed the connection, in ms from the first byte sent. */
  closedAfterMs: number;
  bodyBytesSent: number;
}

/** Sends `head`, then one body byte every `everyMs` until the server closes (or `giveUpMs`). */
function trickle(head: string, everyMs: number, giveUpMs = 20_000): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = Date.now();
    const chunks: Buffer[] = [];
    let sent = 0;
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    const feed = setInterval(() => {
      if (socket.writable) {
        socket.write('a');
        sent++;
      }
    }, everyMs);
    const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(feed);
      clearTimeout(giveUp);
      const text = Buffer.concat(chunks).toString('utf8');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ status: m ? Number(m[1]) : null, closedAfterMs: Date.now() - started, bodyBytesSent: sent });
    });
  });
}

const postHead = (auth: string) =>
  `POST /v1/cases HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n${auth}\r\n`;

describe('slow request bodies', () => {
  it('with valid credentials, a body that trickles in is cut off at the request timeout with a 408', async () => {
    const outcome = await trickle(postHead(`Authorization: Bearer ${token}\r\n`), 300);
    expect(outcome.status).toBe(408);
    // The timeout plus Node's check interval, with room for a loaded machine; far below the giving up.
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(outcome.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 5_000);
  });

  it('without credentials, the 401 goes out and the connection closes: the rest of the body is not waited for', async () => {
    const outcome = await trickle(postHead('Authorization: Bearer not-a-token\r\n'), 300);
    expect(outcome.status).toBe(401);
    expect(outcome.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS);
    const none = await trickle(postHead(''), 300);
    expect(none.status).toBe(401);
    expect(none.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS);
  });

  it('headers that trickle in are cut off too, and a quick request on the same server is answered as usual', async () => {
    const outcome = await new Promise<Outcome>((resolve) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /health HTTP/1.1\r\nHost: x\r\n'));
      const feed = setInterval(() => socket.writable && socket.write('X-Slow: a\r\n'), 200);
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(feed);
        const m = /^HTTP\/1\.1 (\d{3})/.exec(Buffer.concat(chunks).toString('utf8'));
        resolve({ status: m ? Number(m[1]) : null, closedAfterMs: Date.now() - started, bodyBytesSent: 0 });
      });
    });
    expect(outcome.status).toBe(408);
    expect(outcome.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 5_000);
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(health.status).toBe(200);
  });
});

describe('timeout settings', () => {
  it('are read from the environment once, checked, and named as the operator writes them', () => {
    const config = loadConfig({}, { VCASE_REQUEST_TIMEOUT_MS: '90000', VCASE_HEADERS_TIMEOUT_MS: '30000' });
    expect(config).toMatchObject({ requestTimeoutMs: 90_000, headersTimeoutMs: 30_000 });
    expect(loadConfig({}, {})).toMatchObject({ requestTimeoutMs: 120_000, headersTimeoutMs: 60_000 });
    expect(() => loadConfig({}, { VCASE_REQUEST_TIMEOUT_MS: 'soon' })).toThrow(/VCASE_REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({}, { VCASE_REQUEST_TIMEOUT_MS: '1000', VCASE_HEADERS_TIMEOUT_MS: '2000' })).toThrow(
      /VCASE_HEADERS_TIMEOUT_MS must not exceed/,
    );
  });
});
