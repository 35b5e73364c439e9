import { ERROR_STATUS, type ErrorCode } from '@vcase/shared';

/** An error with the HTTP status and contract code the client sees. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | null,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  static of(code: ErrorCode, message: string, details?: unknown) {
    return new HttpError(ERROR_STATUS[code], code, message, details);
  }
}

export const badRequest = (message: string, details?: unknown) => new HttpError(400, null, message, details);
export const validationError = (message: string, details?: unknown) => HttpError.of('VALIDATION_ERROR', message, details);
/** Failed checks of a request, as every channel answers them: "Solicitud inválida: <field>: <why>; …". */
export function invalidRequest(issues: { field: string; message: string }[], code: ErrorCode | null = 'VALIDATION_ERROR') {
  return new HttpError(400, code, `Solicitud inválida: ${issues.map((i) => `${i.field}: ${i.message}`).join('; ')}`, issues);
}
/** A body sent in another format than JSON. */
export const NOT_JSON_MEDIA_TYPE = 'Content-Type no soportado; use application/json';

/** A request body over the server's limit (contract §4.9: 400 VALIDATION_ERROR, even mid-stream). */
export const BODY_TOO_LARGE = 'El cuerpo de la solicitud excede el tamaño máximo (archivo de 20 MB como máximo)';
/** The same for a route whose body carries no file: its own limit, in KB. */
export const bodyTooLarge = (limitBytes: number) =>
  `El cuerpo de la solicitud excede el tamaño máximo de esta operación (${Math.floor(limitBytes / 1024)} KB)`;
/** A body that is not JSON. */
export const invalidJson = () => validationError('El cuerpo de la solicitud no es JSON válido');
export const notFound = (message: string) => new HttpError(404, null, message);
export const unauthorized = (message: string, code: ErrorCode | null = null) => new HttpError(401, code, message);
export const forbidden = (message: string) => HttpError.of('FORBIDDEN', message);
