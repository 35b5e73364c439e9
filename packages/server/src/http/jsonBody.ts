import type { FastifyInstance } from 'fastify';
import { scan as refusePoisonedKeys } from 'secure-json-parse';
import { HttpError } from '../errors.js';

/** Objects and arrays nested deeper than this are refused: storing them would overflow the stack. */
export const MAX_JSON_DEPTH = 64;

/** True when `value` nests objects or arrays more than `limit` levels deep (walked level by level, no recursion). */
function nestedDeeperThan(value: object, limit: number): boolean {
  let level: object[] = [value];
  for (let depth = 1; level.length > 0; depth++) {
    if (depth > limit) return true;
    const next: object[] = [];
    for (const node of level) {
      for (const key in node) {
        const child = (node as Record<string, unknown>)[key];
        if (child !== null && typeof child === 'object') next.push(child);
      }
    }
    level = next;
  }
  return false;
}

/**
 * The JSON body parser of every route that takes JSON.
 *
 * - An empty body reads as no body: clients often send `Content-Type: application/json` with
 *   nothing on no-body POSTs.
 * - Poisoned keys (`__proto__`, `constructor.prototype`) are refused as Fastify refuses them,
 *   with the library Fastify uses, but on the parsed keys (a handful) instead of by regular
 *   expressions over the whole text (on a 20 KB upload, twice the length of the base64).
 * - A text that fails either check goes through Fastify's own parser, which answers exactly
 *   as before (400 VALIDATION_ERROR through the error handler).
 * - Nesting deeper than `MAX_JSON_DEPTH` is a 400 VALIDATION_ERROR, not a stack overflow when
 *   the value is stored.
 */
export function registerJsonBody(app: FastifyInstance) {
  const fastifyParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
      if (value !== null && typeof value === 'object') refusePoisonedKeys(value, { protoAction: 'error', constructorAction: 'error' });
    } catch {
      return fastifyParser(req, text, done);
    }
    if (value !== null && typeof value === 'object' && nestedDeeperThan(value, MAX_JSON_DEPTH)) {
      return done(HttpError.of('VALIDATION_ERROR', `El cuerpo JSON anida más de ${MAX_JSON_DEPTH} niveles`), undefined);
    }
    return done(null, value);
  });
}
