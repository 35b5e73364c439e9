import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { findDocumentByStorageKey } from '../repositories/documents.repository.js';
import { MIME_BY_EXTENSION } from '../storage/fileStore.js';
import type { RouteDeps } from './routeDeps.js';

/** Stored files at their document `url`. The key is unguessable, so the URL is the capability. */
export const filesRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { ctx }) => {
  app.get('/files/:key', { schema: { hide: true, params: z.object({ key: z.string() }) } }, async (req, reply) => {
    const stream = await ctx.storage.stream(req.params.key);
    if (!stream) return reply.status(404).send({ error: { code: null, message: 'Archivo no encontrado' } });
    const doc = await findDocumentByStorageKey(ctx.db, req.params.key);
    const ext = req.params.key.split('.').pop() ?? '';
    const type = doc?.mime_type ?? MIME_BY_EXTENSION[ext] ?? 'application/octet-stream';
    return reply.header('content-type', type).header('cache-control', 'private, max-age=3600').send(stream);
  });
};
