// An `http` provider adapter: the server POSTs {source, key, input} here when started with
// VCASE_PROVIDERS=http VCASE_PROVIDER_HTTP_URL=http://127.0.0.1:4100/lookup, and expects the
// sandbox outcome shapes back. Replace `answer` with calls to a real data vendor.
import http from 'node:http';

export async function answer({ source, key }) {
  switch (source) {
    case 'rapi':
      return { result: { niv: key, tiene_reporte: false, reportes: [] } };
    case 'repuve':
      return { info: null }; // not registered
    case 'plate_portal':
      return { not_found: true };
    case 'tickets':
      return { infractions: [] };
    case 'tenencia':
      return { years: [] };
    default:
      return { reason: `Fuente ${source} no disponible en este proveedor` };
  }
}

export function createProvider() {
  return http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      try {
        const outcome = await answer(JSON.parse(body));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(outcome));
      } catch (err) {
        res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(err) }));
      }
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  createProvider().listen(Number(process.argv[2] ?? 4100), '127.0.0.1', () => console.log('provider ready'));
}
