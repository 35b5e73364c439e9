// A webhook receiver that checks each delivery's signature, answers 2xx at once and applies
// each event as state: the latest review status per case, whatever order or how many times
// notices arrive. A delivery that does not verify (another sender, a changed body, a replay
// older than 5 minutes) is answered 401 and ignored.
// Usage: VCASE_WEBHOOK_SECRET=whsec_… node webhook-receiver.mjs [port]   (the secret is in the
// answer that registered the webhook, or from `vcase admin webhooks rotate-secret`); a receiver
// on 127.0.0.1 needs a server started with VCASE_ALLOW_PRIVATE_URLS=true (see README.md here).
import http from 'node:http';
import { webhooks, WebhookVerificationError } from '@vcase/sdk';

/**
 * `secrets`: the webhook's signing secrets, read on every delivery; during a rotation's
 * overlap hold the old and the new one, then drop the old.
 */
export function createReceiver({ secrets = [process.env.VCASE_WEBHOOK_SECRET].filter(Boolean) } = {}) {
  /** case id (vehicle_id) or internal_id → what we know now */
  const state = new Map();
  /** Why deliveries were refused (WebhookVerificationError reasons), newest last. */
  const refused = [];
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST') return res.writeHead(405).end();
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      let event;
      try {
        // The raw bytes as received: the signature covers exactly them.
        event = webhooks.unwrap(Buffer.concat(chunks), req.headers, secrets);
      } catch (err) {
        if (!(err instanceof WebhookVerificationError)) return res.writeHead(500).end();
        refused.push(err.reason);
        return res.writeHead(401).end();
      }
      res.writeHead(204).end(); // acknowledge first, work after
      const key = event?.vehicle_id ?? event?.internal_id;
      if (!key) return;
      const previous = state.get(key) ?? {};
      state.set(key, {
        ...previous,
        ...event,
        path: req.url,
        webhook_id: req.headers['webhook-id'],
        received_at: new Date().toISOString(),
      });
    });
  });
  return { server, state, refused, secrets };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.env.VCASE_WEBHOOK_SECRET) {
    console.error('set VCASE_WEBHOOK_SECRET to the webhook signing secret (whsec_…)');
    process.exit(2);
  }
  const { server, state } = createReceiver();
  server.listen(Number(process.argv[2] ?? 4000), '127.0.0.1', () => console.log(`listening on ${JSON.stringify(server.address())}`));
  setInterval(() => console.log(Object.fromEntries(state)), 5_000).unref();
}
