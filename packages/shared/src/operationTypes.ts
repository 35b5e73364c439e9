/**
 * The parts of an operation's request and answer as the receiving side holds them once the
 * operation's schemas have parsed them (`z.output`): what a server handler is given, and what
 * a client gets back. Types only, from the one operations table.
 */
import type * as z from 'zod';
import type { OperationId, OPERATIONS } from './operations.js';

type Ops = typeof OPERATIONS;

type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

/** The `{case_id}` placeholders of a path template as an object type, each as text. */
export type PathParams<P extends string> = { [K in PathParamNames<P>]: string };

/** An operation's path parameters. */
export type ParamsOf<Id extends OperationId> = PathParams<Ops[Id]['path']>;

/** An operation's query as its `query` schema parses it; the raw fields where it has none. */
export type QueryOf<Id extends OperationId> = Ops[Id] extends { query: infer Q extends z.ZodType } ? z.output<Q> : Record<string, unknown>;

/**
 * An operation's body as the route's schema parses it: the permissive `wireBody` where the
 * operation checks its body itself (`bodyCheck`), anything where it refuses every body
 * (`rejectsBody`) or takes none.
 */
export type BodyOf<Id extends OperationId> = Ops[Id] extends { rejectsBody: true }
  ? unknown
  : Ops[Id] extends { wireBody: infer W extends z.ZodType }
    ? z.output<W>
    : Ops[Id] extends { body: infer B extends z.ZodType }
      ? z.output<B>
      : unknown;

/** The success body of an operation, from its response schema; void where it answers none. */
export type ResponseOf<Id extends OperationId> = Ops[Id]['response'] extends z.ZodType ? z.output<Ops[Id]['response']> : void;
