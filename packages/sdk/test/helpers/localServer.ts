import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { IDS } from './mockFetch.js';

export interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Which connection carried the request (1, 2, …), to tell keep-alive apart. */
  socket: number;
}

export interface LocalServer {
  baseURL: string;
  seen: Seen[];
  /**
   * A fresh `x-mark` header, and the requests seen with it: a request a test aborted may reach
   * the server only after the next test began, so tests look for their own by mark.
   */
  mark(): { headers: { 'x-mark': string }; seen(): Seen[] };
  /** A base URL where nothing listens (the port was just freed). */
  closedURL(): Promise<string>;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 and a random port, so the client's calls go over a socket.
 * The `x-test` request header picks a misbehaviour for any path; `x-fail-times: n` answers the
 * first n requests carrying it with 503 (and `retry-after: 0.01`).
 */
export async function startLocalServer(): Promise<LocalServer> {
  const seen: Seen[] = [];
  const sockets = new Map<unknown, number>();
  const failed = new Map<string, number>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      if (!sockets.has(req.socket)) sockets.set(req.socket, sockets.size + 1);
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body, socket: sockets.get(req.socket)! });
      const send = (status: number, text: string, headers: Record<string, string> = { 'content-type': 'application/json' }) => {
        res.writeHead(status, { 'x-request-id': `req-${seen.length}`, ...headers });
        res.end(text);
      };
      const failTimes = Number(req.headers['x-fail-times'] ?? 0);
      const key = String(req.headers['idempotency-key'] ?? req.url);
      if (failTimes > (failed.get(key) ?? 0)) {
        failed.set(key, (failed.get(key) ?? 0) + 1);
        return send(503, JSON.stringify({ error: { code: null, message: 'Servicio no disponible' } }), {
          'content-type': 'application/json',
          'retry-after': '0.01',
        });
      }
      const test = req.headers['x-test'];
      if (test === 'proxy-error') return send(502, '<html>Bad Gateway</html>', { 'content-type': 'text/html' });
      if (test === 'web-page') return send(200, '<html>hola</html>', { 'content-type': 'text/html' });
      if (test === 'slow') return setTimeout(() => send(200, '{}'), 500);
      if (test === 'cut') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"partial":');
        return setTimeout(() => res.socket?.destroy(), 10);
      }
      if (req.url === '/v1/documents') return send(201, JSON.stringify({ document_id: IDS.doc, url: 'http://files/x' }));
      if (req.url === '/health') return send(200, JSON.stringify({ status: 'ok' }));
      if (req.url === '/moved') return send(307, '', { location: '/health' });
      if (req.url?.startsWith('/v1/cases?')) {
        return send(200, JSON.stringify({ data: [], pagination: { limit: 1, offset: 0, total: 0, has_more: false } }));
      }
      if (req.method === 'DELETE' && req.url === '/admin/sandbox/fixtures') return send(204, '', {});
      if (req.url === `/v1/cases/${IDS.case}/process`) {
        return send(422, JSON.stringify({ error: { code: 'INVALID_STATUS', message: 'Estado inválido', details: { status: 'x' } } }));
      }
      send(404, JSON.stringify({ error: { code: null, message: 'Recurso no encontrado' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let marks = 0;
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    mark() {
      const value = `mark-${++marks}`;
      return { headers: { 'x-mark': value }, seen: () => seen.filter((s) => s.headers['x-mark'] === value) };
    },
    async closedURL() {
      const closed = http.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      return `http://127.0.0.1:${port}`;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
