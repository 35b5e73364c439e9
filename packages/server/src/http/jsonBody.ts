import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonLimitExcess, TOO_DEEP, tooManyEntries } from '@vcase/shared';
import { scan as refusePoisonedKeys } from 'secure-json-parse';
import { HttpError } from '../errors.js';
import { DEFAULT_BODY_LIMITS, type BodyLimits } from './bodyLimits.js';
import { scanJsonText } from './jsonScan.js';

const refusal = (excess: string) => HttpError.of('VALIDATION_ERROR', `El cuerpo JSON ${excess}`);

/**
 * JSON text checked against `limits` before it is parsed (nesting and separators, cheap), so a
 * key bomb is never parsed: the refusal, or null.
 */
export function jsonTextRefusal(text: string, limits: BodyLimits): HttpError | null {
  const scanned = scanJsonText(text, 2 * limits.maxEntries);
  if (scanned === 'depth') return refusal(TOO_DEEP);
  if (scanned === 'entries') return refusal(tooManyEntries(limits.maxEntries));
  return null;
}

/** A parsed body past `limits` (nesting, exact entries): the refusal, or null. */
export function jsonValueRefusal(value: unknown, limits: BodyLimits): HttpError | null {
  const excess = jsonLimitExcess(value, { maxEntries: limits.maxEntries });
  return excess ? refusal(excess) : null;
}

/** The limits of the request's route (`config.bodyLimits`, set from the operations table). */
export const bodyLimitsOfRequest = (req: FastifyRequest): BodyLimits => req.routeOptions.config?.bodyLimits ?? DEFAULT_BODY_LIMITS;

/**
 * The JSON body parser of every route that takes JSON.
 *
 * - An empty body reads as no body: clients often send `Content-Type: application/json` with
 *   nothing on no-body POSTs.
 * - The text is checked against the route's limits before it is parsed (`jsonTextRefusal`),
 *   the value after (`jsonValueRefusal`): 400 VALIDATION_ERROR, never a stalled event loop or
 *   a stack overflow when the value is stored.
 * - Poisoned keys (`__proto__`, `constructor.prototype`) are refused as Fastify refuses them,
 *   with the library Fastify uses, but on the parsed keys (a handful) instead of by regular
 *   expressions over the whole text (on a 20 KB upload, twice the length of the base64).
 * - A text that fails either check goes through Fastify's own parser, which answers exactly
 *   as before (400 VALIDATION_ERROR through the error handler).
 */
export function registerJsonBody(app: FastifyInstance) {
  const fastifyParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
    parseJsonText(req, body.toString(), done, fastifyParser),
  );
}

export type Done = (err: Error | null, body?: unknown) => void;
export type FastifyJsonParser = ReturnType<FastifyInstance['getDefaultJsonParser']>;

/** One JSON body's text, as `registerJsonBody` describes. */
export function parseJsonText(req: FastifyRequest, text: string, done: Done, fastifyParser: FastifyJsonParser) {
  if (text.trim() === '') return done(null, undefined);
  const limits = bodyLimitsOfRequest(req);
  const early = jsonTextRefusal(text, limits);
  if (early) return done(early, undefined);
  let value: unknown;
  try {
    value = JSON.parse(text);
    if (value !== null && typeof value === 'object') refusePoisonedKeys(value, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    return fastifyParser(req, text, done);
  }
  const late = jsonValueRefusal(value, limits);
  if (late) return done(late, undefined);
  return done(null, value);
}
