// The reference of every HTTP row: a bare Fastify hello-world route, same Fastify the server
// uses, default options, no logger. Prints "listening on <url>" once it accepts requests.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
// The server's own copy of Fastify, so the reference runs the same version.
const require = createRequire(path.join(root, 'packages/server/package.json'));
const { default: Fastify } = await import(pathToFileURL(require.resolve('fastify')).href);

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening on ${address}\n`);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => app.close().then(() => process.exit(0)));
