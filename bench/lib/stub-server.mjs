// A stand-in for the vcase API that answers at once, for rows that measure a client (the
// CLI's memory while streaming a batch). node:http, no framework. Request bodies are read
// and dropped. Prints "listening on <url>" and, on SIGTERM, how many requests it served.
import { randomUUID } from 'node:crypto';
import http from 'node:http';

let served = 0;
const caseId = '00000000-0000-4000-8000-000000000001';
const json = (res, status, body) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
};

const server = http.createServer((req, res) => {
  req.on('data', () => {});
  req.on('end', () => {
    served++;
    const url = new URL(req.url, 'http://stub');
    const p = url.pathname;
    if (req.method === 'POST' && p === '/v1/documents') {
      const id = randomUUID();
      return json(res, 201, { document_id: id, url: `http://127.0.0.1/files/${id}` });
    }
    if (req.method === 'POST' && p === '/v1/cases') return json(res, 201, { case_id: randomUUID(), status: 'completed' });
    if (req.method === 'GET' && p === '/v1/cases') {
      const internalId = url.searchParams.get('internal_id') ?? 'BENCH';
      return json(res, 200, {
        data: [
          {
            case_id: caseId,
            internal_id: internalId,
            review_status: 'sin_documentos',
            use_case_id: null,
            user_id_added_by: null,
            created_by: null,
            created_at: new Date(0).toISOString(),
            active: true,
          },
        ],
        pagination: { limit: 20, offset: 0, total: 1, has_more: false },
      });
    }
    const caseMatch = /^\/v1\/cases\/([^/]+)$/.exec(p);
    if (req.method === 'GET' && caseMatch) {
      return json(res, 200, {
        case_id: caseMatch[1],
        internal_id: 'BENCH',
        review_status: 'sin_documentos',
        created_at: new Date(0).toISOString(),
        files: [],
      });
    }
    if (p === '/health') return json(res, 200, { status: 'ok' });
    return json(res, 200, {});
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`);
});
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    process.stdout.write(`served ${served}\n`);
    process.exit(0);
  });
}
