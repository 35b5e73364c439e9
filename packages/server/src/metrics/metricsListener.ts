import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { errorBody } from '../http/errorHandler.js';
import type { ServerMetrics } from './promMetrics.js';

export interface MetricsListener {
  /** `http://host:port` it listens on. */
  address: string;
  close(): Promise<void>;
}

/**
 * `--metrics-port`: `GET /metrics` alone, without credentials, on a port of its own (meant for
 * a private network the scraper shares); the API port then does not serve it. A plain Node
 * server: a worker process has no HTTP app to hang it on.
 */
export async function listenForMetrics(
  metrics: Pick<ServerMetrics, 'scrape' | 'contentType'>,
  opts: { port: number; host: string; logger: FastifyBaseLogger },
): Promise<MetricsListener> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(errorBody(null, `Ruta no encontrada: ${req.method} ${path}`)));
      return;
    }
    metrics.scrape().then(
      (text) => {
        res.writeHead(200, { 'content-type': metrics.contentType });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        opts.logger.error({ err }, 'metrics scrape failed');
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(errorBody(null, 'Error interno del servidor')));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return {
    address: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
