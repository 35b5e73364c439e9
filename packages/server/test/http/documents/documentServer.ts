import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createTenant, startTestServer, type Tenant, type TestServer } from '../../helpers/testServer.js';

export const PDF = Buffer.from('%PDF-1.4\n% test document\n');

// Set by `useDocumentServer` in the beforeAll of the test file that calls it: each test file
// gets a server, its tenants and a file server of its own, read through these live bindings.
export let t: TestServer;
export let acme: Tenant;
export let other: Tenant;
/** Origin of a local server that answers `/doc.pdf`, `/huge.pdf` (25 MB) and `/redirect`. */
export let fileBase: string;

/** A server without workers, two tenants and a file server, for the tests of the calling file. */
export function useDocumentServer() {
  let fileServer: http.Server;
  beforeAll(async () => {
    t = await startTestServer({}, { startWorkers: false });
    acme = await createTenant(t, { name: 'Acme' });
    other = await createTenant(t, { name: 'Other' });
    fileServer = http.createServer((req, res) => {
      if (req.url === '/doc.pdf') return res.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF);
      if (req.url === '/huge.pdf') {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        const chunk = Buffer.alloc(1024 * 1024, 1);
        let sent = 0;
        const pump = () => {
          while (sent < 25 && res.write(chunk)) sent++;
          if (sent < 25) res.once('drain', pump);
          else res.end();
        };
        return pump();
      }
      if (req.url === '/redirect') return res.writeHead(302, { location: '/doc.pdf' }).end();
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => fileServer.listen(0, '127.0.0.1', r));
    fileBase = `http://127.0.0.1:${(fileServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => fileServer.close(r));
  });
}

export const keyHeaders = (tenant: Tenant) => ({ 'x-api-key': tenant.apiKey });
export const upload = (payload: unknown, headers: Record<string, string> = keyHeaders(acme)) =>
  t.inject({ method: 'POST', url: '/v1/documents', headers, payload: payload as Record<string, unknown> });

/** Sets the sandbox OCR answer for a file's `bytes` (operator-surface §3: keyed by their sha256). */
export const setOcr = (server: TestServer, bytes: Buffer, outcome: Record<string, unknown>) =>
  server.admin('PUT', `/admin/sandbox/fixtures/ocr/${createHash('sha256').update(bytes).digest('hex')}`, outcome);
