import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isA, type ErrorBody, type ErrorCode } from '@vcase/shared';
import { BODY_LEFT_UNREAD, drainRequestBody, stopDrains } from './drainBody.js';
import { BODY_TOO_LARGE, bodyTooLarge, HttpError, invalidJson, invalidRequest, NOT_JSON_MEDIA_TYPE } from '../errors.js';
import type { BodyLimits } from './bodyLimits.js';

export function errorBody(code: ErrorCode | null, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

function describeValidation(error: { validation: { instancePath?: string; message?: string }[] }, where?: string) {
  return error.validation.map((v) => {
    const field = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    return { field: field || where || 'body', message: v.message ?? 'invalid' };
  });
}

/** Path parameters up to this length reach their route (and its 401 or 400); Fastify's default is 100. */
export const MAX_PATH_PARAM_LENGTH = 2048;

/**
 * Errors the router raises before any route runs: a path with a broken `%` escape, or a
 * parameter longer than `MAX_PATH_PARAM_LENGTH`. Both are an invalid identifier in the
 * path, answered like one (400 without a code, contract §7) in the service's error body.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? `Un identificador de la ruta excede la longitud máxima (${MAX_PATH_PARAM_LENGTH} caracteres)`
      : error.code === 'FST_ERR_BAD_URL'
        ? 'La ruta contiene una secuencia de escape (%) no válida'
        : 'La solicitud no es válida';
  return reply.status(400).send(errorBody(null, message));
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers over the size limit,
 * a malformed request line such as raw non-ASCII in the URL, a client too slow to send its
 * request), answered in the service's error body instead of Fastify's default shape.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Las cabeceras de la solicitud exceden el tamaño máximo']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'La solicitud no llegó completa a tiempo']
        : [400, 'La solicitud HTTP no es válida (la URL debe ir codificada con %, sin espacios ni caracteres fuera de ASCII)'];
  const body = JSON.stringify(errorBody(null, message));
  // Nothing of an answer written yet: once one has gone out (a 401 while the body still came),
  // a second would be read as garbage, so the connection is only closed.
  if (socket.writable && (socket as Duplex & { bytesWritten?: number }).bytesWritten === 0) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** What a body over its route's limit is told: the file's limit where the body carries one. */
export function bodyTooLargeMessage(
  request: FastifyRequest,
  limits: BodyLimits | undefined = request.routeOptions.config?.bodyLimits,
): string {
  return !limits || limits.carriesFile ? BODY_TOO_LARGE : bodyTooLarge(limits.bytes);
}

/**
 * One error handler: the operator-surface error body everywhere, the contract's code where
 * it names one, and no internals in a 5xx.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.addHook('preClose', (done) => {
    stopDrains();
    done();
  });
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (BODY_LEFT_UNREAD.has(error.code)) await drainRequestBody(request.raw);
    if (isA(HttpError, error)) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const code =
        request.routeOptions.config?.validationErrorCode === undefined
          ? 'VALIDATION_ERROR'
          : request.routeOptions.config.validationErrorCode;
      const invalid = invalidRequest(describeValidation(error, error.validationContext), code);
      return reply.status(400).send(errorBody(invalid.code, invalid.message, invalid.details));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send(errorBody(null, 'Error interno del servidor'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(errorBody(null, 'Error interno del servidor'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      const invalid = invalidJson();
      return reply.status(400).send(errorBody(invalid.code, invalid.message));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // The contract answers an oversized file with 400 VALIDATION_ERROR (§4.9), even mid-stream;
      // other bodies over their operation's limit alike.
      return reply.status(400).send(errorBody('VALIDATION_ERROR', bodyTooLargeMessage(request)));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      // Contract §7 lists every status the API answers; a body that is not JSON is a 400.
      return reply.status(400).send(errorBody('VALIDATION_ERROR', NOT_JSON_MEDIA_TYPE));
    }
    return reply.status(status).send(errorBody(null, error.message));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody(null, `Ruta no encontrada: ${request.method} ${request.url.split('?')[0]}`));
  });
}
