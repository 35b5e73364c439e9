/**
 * The type of the server's tRPC router, built from the operations table alone: every REST
 * operation (but `health`) is a procedure named by its operation id, a query for GET and a
 * mutation otherwise, whose input is the path parameters and the query or body fields,
 * flattened, and whose output is the REST answer.
 *
 * It lives here, not in the server, so that a tRPC client is typed without the server's
 * code: `@vcase/sdk/trpc` needs only this package and tRPC. The server types its router by
 * it (`trpc/appRouter.ts`). Types only: this entry has no runtime code.
 */
import type { TRPCBuiltRouter, TRPCDefaultErrorShape, TRPCMutationProcedure, TRPCQueryProcedure } from '@trpc/server';
import type * as z from 'zod';
import type { ErrorCode } from './errors.js';
import type { OperationId, OPERATIONS } from './operations.js';
import type { PathParams } from './operationTypes.js';

type Ops = typeof OPERATIONS;
/** Every operation but `health`, which tRPC does not serve. */
export type TrpcProcedureId = Exclude<OperationId, 'health'>;

/**
 * A schema's input fields, typed as a client writes them. A field whose input is `unknown`
 * takes its output type instead: the query integers (`limit`, `offset`) are preprocessed
 * from text, so their input type says nothing, while a tRPC client sends numbers (JSON) and
 * the SDK's REST methods take numbers too.
 */
type PreciseInput<S extends z.ZodType> = {
  [K in keyof z.input<S>]: unknown extends z.input<S>[K] ? (K extends keyof z.output<S> ? z.output<S>[K] : z.input<S>[K]) : z.input<S>[K];
};
type InputPart<S> = S extends z.ZodType ? (z.input<S> extends Record<string, unknown> ? PreciseInput<S> : { body?: z.input<S> }) : unknown;
/** Procedure input: path parameters, then the query (GET) or body fields, flattened. */
type InputOf<Op extends Ops[TrpcProcedureId]> = PathParams<Op['path']> &
  InputPart<Op extends { query: infer Q } ? Q : unknown> &
  InputPart<Op extends { body: infer B } ? B : unknown> & { idempotency_key?: string };
type OutputOf<Op extends Ops[TrpcProcedureId]> = Op['response'] extends z.ZodType ? z.output<Op['response']> : void;
type ProcedureOf<Op extends Ops[TrpcProcedureId]> = Op['method'] extends 'GET'
  ? TRPCQueryProcedure<{ input: InputOf<Op>; output: OutputOf<Op>; meta: object }>
  : TRPCMutationProcedure<{ input: InputOf<Op>; output: OutputOf<Op>; meta: object }>;

/** Every procedure of the router, by operation id. */
export type TrpcProcedures = { [K in TrpcProcedureId]: ProcedureOf<Ops[K]> };

/**
 * A tRPC error as the server shapes it: tRPC's own, with the REST status and the contract's
 * code (`data.contractCode`, null where the contract names none) and details.
 */
export type TrpcErrorShape = Omit<TRPCDefaultErrorShape, 'data'> & {
  data: Omit<TRPCDefaultErrorShape['data'], 'stack'> & {
    stack: undefined;
    contractCode: ErrorCode | null;
    httpStatus: number;
    details?: unknown;
  };
};

/** The router's type as a client sees it; `Context` is the server's own. */
export type TrpcRouter<Context extends object = object> = TRPCBuiltRouter<
  { ctx: Context; meta: object; errorShape: TrpcErrorShape; transformer: false },
  TrpcProcedures
>;
