import type { BodyOf, OperationId, ParamsOf, QueryOf } from '@vcase/shared';
import type { Principal } from '../auth/principal.js';
import type { TokenSigner } from '../auth/tokens.js';
import type { ServerContext } from '../context.js';
import type { DocumentRow } from '../repositories/documents.repository.js';
import type { ResponseCache } from './responseCache.js';
import type { PreparedUpload } from '../http/uploadBody/prepare.js';

/** What operations run with, whichever channel (REST or tRPC) serves them. */
export interface OperationDeps {
  ctx: ServerContext;
  signer: TokenSigner;
  /** Public URL of a stored document file. */
  fileUrl: (doc: DocumentRow) => string;
  /** Encoded answers of reads that are cached by revision (`cachedReads.ts`). */
  responses: ResponseCache;
}

/** What every operation handler is given: the deps and the authenticated caller. */
export interface OperationEnv extends OperationDeps {
  principal: Principal;
}

/** Every operation but `health`, which its own route answers. */
export type HandledOperationId = Exclude<OperationId, 'health'>;

/** A request's parts as a route or procedure hands them over, once the operation's schemas parsed them. */
export interface ParsedInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  /** `Idempotency-Key` header (REST) or `idempotency_key` input (tRPC). */
  idempotencyKey?: string;
  /** A large upload's body already taken apart off the event loop (REST, http/uploadBody/). */
  preparedUpload?: PreparedUpload;
}

/** The same parts typed by operation `Id`'s own schemas (packages/shared/src/operationTypes.ts). */
export interface OperationInput<Id extends HandledOperationId> {
  params: ParamsOf<Id>;
  query: QueryOf<Id>;
  body: BodyOf<Id>;
  idempotencyKey?: string;
  preparedUpload?: PreparedUpload;
}

/** A handler answers a body (sent with the operation's success status) or `withStatus(...)`. */
export type OperationHandler<Id extends HandledOperationId> = (env: OperationEnv, input: OperationInput<Id>) => Promise<unknown>;
export type OperationHandlers = { [Id in HandledOperationId]: OperationHandler<Id> };

const STATUS = Symbol('status');
export interface WithStatus {
  [STATUS]: true;
  statusCode: number;
  body: unknown;
  replayed: boolean;
}

/** Marks a result whose status differs from the operation's success status. */
export const withStatus = (statusCode: number, body: unknown, replayed = false): WithStatus => ({
  [STATUS]: true,
  statusCode,
  body,
  replayed,
});
export const isWithStatus = (r: unknown): r is WithStatus => typeof r === 'object' && r !== null && STATUS in r;
