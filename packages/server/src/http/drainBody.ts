import type { IncomingMessage } from 'node:http';

/** Errors Fastify raises before reading the body: what the client still sends is drained first. */
export const BODY_LEFT_UNREAD = new Set(['FST_ERR_CTP_BODY_TOO_LARGE', 'FST_ERR_CTP_INVALID_MEDIA_TYPE']);

/** What is left of a refused body is read and dropped up to this much, then the socket closes. */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
const DRAIN_MAX_MS = 30_000;

/**
 * Reads and drops what is left of a request body the server refused before reading it (over
 * the size limit, of a type no parser takes), so the answer goes out once the client has sent
 * everything. Fastify answers such a request with `connection: close`; answered at once, the
 * socket closed under a client still sending the body, which then saw a broken pipe instead of
 * the 400. Bounded: past `maxBytes` or `maxMs` the answer goes out and the socket closes.
 */
export function drainRequestBody(req: IncomingMessage, maxBytes = DRAIN_MAX_BYTES, maxMs = DRAIN_MAX_MS): Promise<void> {
  if (req.complete || req.readableEnded || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      draining.delete(finish);
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', finish);
      req.off('close', finish);
      req.off('error', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) finish();
    };
    const timer = setTimeout(finish, maxMs);
    timer.unref();
    req.on('data', onData);
    req.once('end', finish);
    req.once('close', finish);
    req.once('error', finish);
    draining.add(finish);
    req.resume();
  });
}

/** The drains in progress in this process: each ends by answering its request. */
const draining = new Set<() => void>();

/**
 * Ends every drain in progress at once: the server is closing, and a slow client must not
 * hold up its shutdown (the answers go out and the sockets close). One server per process in
 * production; in a process with several, the others' refused clients are only answered early.
 */
export function stopDrains(): void {
  for (const finish of [...draining]) finish();
}
