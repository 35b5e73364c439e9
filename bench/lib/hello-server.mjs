// The reference of every HTTP row: a bare Fastify hello-world route, same Fastify the server
// uses, default options (but a body limit for the ceiling route), no logger. Prints "listening on <url>" once it accepts requests.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
// The server's own copy of Fastify, so the reference runs the same version.
const require = createRequire(path.join(root, 'packages/server/package.json'));
const { default: Fastify } = await import(pathToFileURL(require.resolve('fastify')).href);

const app = Fastify({ bodyLimit: 30 * 1024 * 1024 });
app.get('/', async () => ({ hello: 'world' }));

// Ceilings for the vcase rows, same Fastify and same sizes, none of the service's work:
// GET /sized?bytes=N answers a JSON body of N bytes built once (a cached answer), and
// POST /parse parses the JSON body and answers how many fields it has (an upload that stores
// nothing; until round 13 it answered the body's size, encoding the parsed body again).
const sized = new Map();
app.get('/sized', (req, reply) => {
  const n = Math.max(20, Math.min(1_000_000, Number(req.query.bytes) || 0));
  if (!sized.has(n)) sized.set(n, JSON.stringify({ data: 'x'.repeat(n - 11) }));
  reply.type('application/json; charset=utf-8').send(sized.get(n));
});
app.post('/parse', async (req) => ({ fields: Object.keys(req.body ?? {}).length }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening on ${address}\n`);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => app.close().then(() => process.exit(0)));
