import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../errors.js';
import { bodyLimitsOfRequest, parseJsonText } from '../jsonBody.js';
import { OFFLOAD_BYTES, type UploadBodyOffload } from './offload.js';
import type { PreparedUpload } from './prepare.js';

/** Large uploads taken apart off the event loop, per request, for the upload's handler. */
const preparedUploads = new WeakMap<FastifyRequest, PreparedUpload>();

/** The upload `registerUploadBody` took apart for this request, if it did. */
export const preparedUploadOf = (req: FastifyRequest): PreparedUpload | undefined => preparedUploads.get(req);

/**
 * The JSON parser of the upload route (POST /v1/documents): bodies under `OFFLOAD_BYTES` as
 * every route's; larger ones taken apart on a worker thread (`UploadBodyOffload`) and answered
 * exactly as the event loop would have: the same refusals, the same fingerprint and checks.
 */
export function registerUploadBody(scope: FastifyInstance, offload: UploadBodyOffload) {
  const fastifyParser = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    const bytes = body as Buffer;
    if (bytes.byteLength < OFFLOAD_BYTES) return parseJsonText(req, bytes.toString(), done, fastifyParser);
    offload.prepare(bytes, bodyLimitsOfRequest(req), req.headers['idempotency-key'] !== undefined).then(
      (p) => {
        if (p.kind === 'refused') return done(HttpError.of(p.code, p.message), undefined);
        if (p.kind === 'unparsed') return fastifyParser(req, p.text, done);
        if (p.kind === 'value') return done(null, p.value);
        const { kind: _kind, ...upload } = p;
        preparedUploads.set(req, upload);
        return done(null, upload.body);
      },
      (err: Error) => done(err, undefined),
    );
  });
}
