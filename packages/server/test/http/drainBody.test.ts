import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { drainRequestBody } from '../../src/http/drainBody.js';
import { startTestServer } from '../helpers/testServer.js';

/** A request whose body keeps coming: it never ends on its own. */
function endlessRequest() {
  const body = new PassThrough();
  const feed = setInterval(() => body.write(Buffer.alloc(1024)), 5);
  return { req: Object.assign(body, { complete: false }) as unknown as IncomingMessage, stop: () => clearInterval(feed) };
}

describe('draining a refused body', () => {
  it('reads and drops the rest of the body until it ends, then answers', async () => {
    const body = new PassThrough();
    const req = Object.assign(body, { complete: false }) as unknown as IncomingMessage;
    let ended = false;
    const drained = drainRequestBody(req).then(() => (ended = true));
    body.write(Buffer.alloc(4096));
    await new Promise((r) => setTimeout(r, 20));
    expect(ended).toBe(false);
    body.end(Buffer.alloc(10));
    await drained;
    expect(ended).toBe(true);
  });

  it('stops at its byte bound', async () => {
    const { req, stop } = endlessRequest();
    try {
      await drainRequestBody(req, 8 * 1024);
    } finally {
      stop();
    }
  });

  it('a server that closes ends the drains in progress: a slow client does not hold up its shutdown', async () => {
    const t = await startTestServer();
    const { req, stop } = endlessRequest();
    try {
      let ended = false;
      const drained = drainRequestBody(req).then(() => (ended = true));
      await new Promise((r) => setTimeout(r, 20));
      expect(ended).toBe(false);
      await t.close();
      await drained;
      expect(ended).toBe(true);
    } finally {
      stop();
    }
  });
});
