import { ERROR_CODES, isA } from '@vcase/shared';
import type { TrpcErrorShape } from '@vcase/shared/trpc';
import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import type { Authenticator, AuthHeaders } from '../auth/authenticate.js';
import { authenticateBy, type AuthRule } from '../auth/operationAuth.js';
import type { Principal } from '../auth/principal.js';
import { BODY_TOO_LARGE, HttpError, invalidJson, invalidRequest, NOT_JSON_MEDIA_TYPE } from '../errors.js';
import type { RouteDeps } from '../http/routeDeps.js';

export interface TrpcContext {
  deps: RouteDeps;
  headers: AuthHeaders;
  authenticator: Authenticator;
}

const CODE_BY_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  501: 'NOT_IMPLEMENTED',
};

/** A zod failure as REST answers it: 400 VALIDATION_ERROR, "Solicitud inválida: <field>: <why>". */
export function invalidInput(error: ZodError): HttpError {
  return invalidRequest(error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message })));
}

/**
 * What REST would have answered for an error tRPC raised itself: input that is not JSON
 * (PARSE_ERROR) or not an object (the procedure's input schema).
 */
function restError(error: TRPCError): HttpError | null {
  if (isA(HttpError, error.cause)) return error.cause;
  if (isA(ZodError, error.cause)) return invalidInput(error.cause);
  if (error.code === 'PARSE_ERROR' || error.cause?.name === 'SyntaxError') return invalidJson();
  // REST answers a body that is not JSON with 400 VALIDATION_ERROR (contract §7 lists no 415).
  if (error.code === 'UNSUPPORTED_MEDIA_TYPE') return HttpError.of('VALIDATION_ERROR', NOT_JSON_MEDIA_TYPE);
  if (error.code === 'BAD_REQUEST' && !error.cause) {
    const spanish = BATCH_MESSAGES.find(([english]) => error.message.startsWith(english))?.[1];
    if (spanish) return HttpError.of('VALIDATION_ERROR', spanish);
  }
  return null;
}

/** tRPC's own refusals of a batch or stream request, by the start of their message. */
const BATCH_MESSAGES: [string, string][] = [
  ['Cannot mix procedure types', 'Un lote no puede mezclar consultas (GET) y mutaciones (POST)'],
  ['"input" needs to be an object', 'En un lote (?batch=1) la entrada es un objeto con una entrada por posición: {"0": …, "1": …}'],
  ['Streaming requests must be batched', 'Las respuestas en flujo (trpc-accept: application/jsonl) se piden en lote: ?batch=1'],
];

/** tRPC's own transport errors (no procedure, wrong method or format), in the API's language. */
export const METHOD_NOT_SUPPORTED = 'Método HTTP no soportado por este procedimiento: consultas por GET, mutaciones por POST';
const TRANSPORT_MESSAGES: Partial<Record<TRPC_ERROR_CODE_KEY, string>> = {
  NOT_FOUND: 'Procedimiento tRPC no encontrado',
  METHOD_NOT_SUPPORTED,
  PAYLOAD_TOO_LARGE: BODY_TOO_LARGE,
};

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }): TrpcErrorShape {
    const rest = restError(error);
    // The contract code travels in `data.contractCode`: `error.code` is tRPC's own.
    const code = rest?.code ?? null;
    return {
      ...shape,
      message:
        error.code === 'INTERNAL_SERVER_ERROR'
          ? 'Error interno del servidor'
          : (rest?.message ?? TRANSPORT_MESSAGES[error.code] ?? shape.message),
      data: {
        ...shape.data,
        stack: undefined,
        contractCode: code && (ERROR_CODES as readonly string[]).includes(code) ? code : null,
        httpStatus: rest ? rest.statusCode : shape.data.httpStatus,
        details: rest?.details,
      },
    };
  },
});

/** Turns service errors into tRPC errors carrying the same status and contract code. */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && isA(HttpError, result.error.cause)) {
    const cause = result.error.cause;
    throw new TRPCError({ code: CODE_BY_STATUS[cause.statusCode] ?? 'INTERNAL_SERVER_ERROR', message: cause.message, cause });
  }
  return result;
});

function authed(rule: AuthRule) {
  return t.procedure.use(mapErrors).use(async ({ ctx, next }) => {
    const principal = (await authenticateBy(ctx.authenticator, rule, ctx.headers)) as Principal;
    return next({ ctx: { ...ctx, principal } });
  });
}

export const router = t.router;
/** A procedure that authenticates like the REST route with the same credential rule. */
export const procedureFor = authed;
