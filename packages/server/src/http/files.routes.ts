import contentDisposition from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { findStoredFileOwner } from '../repositories/documents.repository.js';
import { isStorageKey, MIME_BY_EXTENSION } from '../storage/fileStore.js';
import type { RouteDeps } from './routeDeps.js';

/**
 * What a stored file is served with: it is an uploaded file (an XML can carry a script), so it
 * downloads as an attachment, its type is never sniffed, and if a browser renders it anyway it
 * runs in a sandbox with nothing allowed (docs/operator-guide.md, "Stored files").
 */
export const STORED_FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'private, no-store',
};

const NOT_FOUND = { error: { code: null, message: 'Archivo no encontrado' } };

/**
 * Stored files at their document `url`. The key is unguessable, so the URL is the capability;
 * a file is served only while its document and the document's case are active (a restored
 * document's file is served again). Files that belong to no document (a bureau report's PDF)
 * are served as long as they exist.
 */
export const filesRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { ctx }) => {
  app.get('/files/:key', { schema: { hide: true, params: z.object({ key: z.string() }) } }, async (req, reply) => {
    const { key } = req.params;
    if (!isStorageKey(key)) return reply.status(404).send(NOT_FOUND);
    const owner = await findStoredFileOwner(ctx.db, key);
    if (owner && (owner.active !== 1 || owner.case_active !== 1)) return reply.status(404).send(NOT_FOUND);
    const stream = await ctx.storage.stream(key);
    if (!stream) return reply.status(404).send(NOT_FOUND);
    const ext = key.split('.').pop() ?? '';
    return reply
      .headers(STORED_FILE_HEADERS)
      .header('content-type', owner?.mime_type ?? MIME_BY_EXTENSION[ext] ?? 'application/octet-stream')
      .header('content-disposition', contentDisposition(owner?.file_name ?? key))
      .send(stream);
  });
};
