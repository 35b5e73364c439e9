import {
  classifyDocumentBodySchema,
  classifyDocumentResponseSchema,
  deleteDocumentResponseSchema,
  documentDetailSchema,
  documentListQuerySchema,
  documentListResponseSchema,
  extractionDataResponseSchema,
  MAX_FILE_BYTES,
  patchDocumentOcrBodySchema,
  processDocumentResponseSchema,
  reclassifyDocumentBodySchema,
  reclassifyDocumentResponseSchema,
  restoreDocumentResponseSchema,
  uploadDocumentBodySchema,
  uploadDocumentResponseSchema,
} from '@vcase/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findDocumentByStorageKey } from '../repositories/documents.repository.js';
import { MIME_BY_EXTENSION } from '../storage/fileStore.js';
import { classifyDocument, extractionData } from '../services/documentInsights.js';
import {
  listCompanyDocuments,
  loadDocument,
  patchDocumentOcr,
  queueDocumentProcessing,
  reclassifyDocument,
  setDocumentActive,
  toDocumentDetail,
  uploadDocument,
} from '../services/documents.service.js';
import { withIdempotency } from './idempotency.js';
import { principalOf, type RouteDeps } from './routeDeps.js';

const tags = ['documents'];
/** Other /v1/documents endpoints take the API key; a bearer token is accepted too. */
const keyed = { auth: 'bearerOrApiKey' } as const;
const params = z.object({ document_id: z.string() });
/** A 20 MB file in base64 plus the JSON around it; larger bodies are cut off while streaming. */
const UPLOAD_BODY_LIMIT = Math.ceil((MAX_FILE_BYTES * 4) / 3) + 512 * 1024;

export const documentsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { ctx, fileUrl } = deps;

  app.get(
    '/v1/documents',
    {
      config: { auth: 'bearer', authErrorCode: 'UNAUTHORIZED' },
      schema: { tags, summary: "Paginated list of the company's documents", querystring: documentListQuerySchema, response: { 200: documentListResponseSchema } },
    },
    async (req) => listCompanyDocuments(ctx, principalOf(req), req.query, fileUrl),
  );

  app.post(
    '/v1/documents',
    {
      config: keyed,
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Upload a document to a case',
        headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(),
        body: uploadDocumentBodySchema,
        response: { 201: uploadDocumentResponseSchema },
      },
    },
    async (req, reply) => {
      const principal = principalOf(req);
      const result = await withIdempotency(
        ctx,
        { companyId: principal.companyId ?? '', route: 'POST /v1/documents', key: req.headers['idempotency-key'], body: req.body },
        async () => {
          const doc = await uploadDocument(ctx, principal, req.body);
          return { statusCode: 201, body: { document_id: doc.id, url: fileUrl(doc) } };
        },
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.statusCode as 201).send(result.body);
    },
  );

  app.get(
    '/v1/documents/:document_id',
    { config: keyed, schema: { tags, summary: 'Metadata, OCR, extracted data', params, response: { 200: documentDetailSchema } } },
    async (req) => toDocumentDetail(await loadDocument(ctx, principalOf(req), req.params.document_id), fileUrl),
  );

  app.get(
    '/v1/documents/:document_id/extraction-data',
    {
      config: keyed,
      schema: { tags, summary: 'Advanced extraction (validity, QR/barcodes, owner info)', params, response: { 200: extractionDataResponseSchema } },
    },
    async (req) => extractionData(ctx, await loadDocument(ctx, principalOf(req), req.params.document_id)),
  );

  app.delete(
    '/v1/documents/:document_id',
    { config: keyed, schema: { tags, summary: 'Soft-delete', params, response: { 200: deleteDocumentResponseSchema } } },
    async (req) => setDocumentActive(ctx, principalOf(req), req.params.document_id, false) as Promise<{ document_id: string; active: false }>,
  );

  app.post(
    '/v1/documents/:document_id/restore',
    { config: keyed, schema: { tags, summary: 'Restore a soft-deleted document', params, response: { 200: restoreDocumentResponseSchema } } },
    async (req) => setDocumentActive(ctx, principalOf(req), req.params.document_id, true) as Promise<{ document_id: string; active: true }>,
  );

  app.patch(
    '/v1/documents/:document_id/ocr',
    {
      config: keyed,
      schema: { tags, summary: 'Inject OCR manually', params, body: patchDocumentOcrBodySchema, response: { 200: documentDetailSchema } },
    },
    async (req) => toDocumentDetail(await patchDocumentOcr(ctx, principalOf(req), req.params.document_id, req.body), fileUrl),
  );

  app.post(
    '/v1/documents/:document_id/classify',
    {
      config: keyed,
      schema: { tags, summary: 'Classify (manual with a type, automatic without)', params, body: classifyDocumentBodySchema, response: { 200: classifyDocumentResponseSchema } },
    },
    async (req) => classifyDocument(ctx, await loadDocument(ctx, principalOf(req), req.params.document_id), req.body?.type),
  );

  app.post(
    '/v1/documents/:document_id/process',
    { config: keyed, schema: { tags, summary: 'Trigger automatic OCR', params, response: { 202: processDocumentResponseSchema } } },
    async (req, reply) => {
      const doc = await loadDocument(ctx, principalOf(req), req.params.document_id);
      const job = await queueDocumentProcessing(ctx, doc);
      return reply.status(202).send({ document_id: doc.id, job_id: job.id, status: 'processing' as const });
    },
  );

  app.post(
    '/v1/documents/:document_id/reclassify',
    {
      config: keyed,
      schema: { tags, summary: 'Change the type and reprocess', params, body: reclassifyDocumentBodySchema, response: { 202: reclassifyDocumentResponseSchema } },
    },
    async (req, reply) => reply.status(202).send(await reclassifyDocument(ctx, principalOf(req), req.params.document_id, req.body.type)),
  );

  app.get(
    '/files/:key',
    { schema: { hide: true, params: z.object({ key: z.string() }) } },
    async (req, reply) => {
      // The key is unguessable, so the URL itself is the capability (no credential needed).
      const stream = ctx.storage.stream(req.params.key);
      if (!stream) return reply.status(404).send({ error: { code: null, message: 'Archivo no encontrado' } });
      const doc = await findDocumentByStorageKey(ctx.db, req.params.key);
      const ext = req.params.key.split('.').pop() ?? '';
      const type = doc?.mime_type ?? MIME_BY_EXTENSION[ext] ?? 'application/octet-stream';
      return reply.header('content-type', type).header('cache-control', 'private, max-age=3600').send(stream);
    },
  );
};
