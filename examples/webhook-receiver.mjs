// A webhook receiver that answers 2xx at once and applies each event as state: the latest
// review status per case, whatever order or how many times notices arrive.
// Usage: node webhook-receiver.mjs [port]   then register it with the admin API; a receiver on
// 127.0.0.1 needs a server started with VCASE_ALLOW_PRIVATE_URLS=true (see README.md here).
import http from 'node:http';

export function createReceiver() {
  /** case id (vehicle_id) or internal_id → what we know now */
  const state = new Map();
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST') return res.writeHead(405).end();
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.writeHead(204).end(); // acknowledge first, work after
      let event;
      try {
        event = JSON.parse(body);
      } catch {
        return;
      }
      const key = event.vehicle_id ?? event.internal_id;
      if (!key) return;
      const previous = state.get(key) ?? {};
      state.set(key, { ...previous, ...event, path: req.url, received_at: new Date().toISOString() });
    });
  });
  return { server, state };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { server, state } = createReceiver();
  server.listen(Number(process.argv[2] ?? 4000), '127.0.0.1', () => console.log(`listening on ${JSON.stringify(server.address())}`));
  setInterval(() => console.log(Object.fromEntries(state)), 5_000).unref();
}
