import type * as z from 'zod';
import { jsonObject } from './common.js';

/**
 * How much JSON a request may carry, so that no request holds the server's event loop: every
 * value is walked, stored and sent back whole, and costs in proportion to its entries. One
 * rule for REST and tRPC (docs/operator-guide.md, "Request limits").
 */

/** Objects and arrays nested deeper than this are refused: storing them would overflow the stack. */
export const MAX_JSON_DEPTH = 64;

export interface JsonLimits {
  /** Entries: object keys plus array elements, nested ones included. */
  maxEntries: number;
  /** Characters of the value written as compact JSON. */
  maxChars?: number;
}

const KB = 1024;

/** One metadata entry (POST …/metadata, `metadata` of POST /v1/cases). */
export const METADATA_LIMITS: JsonLimits = { maxEntries: 1_000, maxChars: 64 * KB };
/** All metadata entries of one case together: GET …/metadata answers them all. */
export const CASE_METADATA_MAX_CHARS = 512 * KB;
/** `parsed_data` of PATCH …/ocr: the vocabulary's keys, a few hundred characters each at most. */
export const PARSED_DATA_LIMITS: JsonLimits = { maxEntries: 1_000, maxChars: 64 * KB };
/** `json_ocr` of PATCH …/ocr: the engine's structure, larger than parsed_data but bounded. */
export const JSON_OCR_LIMITS: JsonLimits = { maxEntries: 20_000, maxChars: 512 * KB };

const sizeText = (chars: number) => (chars % KB === 0 ? `${chars / KB} KB` : `${chars} caracteres`);

/** The message for a value nested deeper than `MAX_JSON_DEPTH`, as every channel words it. */
export const TOO_DEEP = `anida más de ${MAX_JSON_DEPTH} niveles`;
export const tooManyEntries = (max: number) => `tiene más de ${max} entradas (claves y elementos de listas, contando los anidados)`;
export const tooManyChars = (max: number) => `excede ${sizeText(max)} de JSON`;

/** Characters a primitive takes in compact JSON, escapes aside. */
function primitiveChars(value: unknown): number {
  if (typeof value === 'string') return value.length + 2;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value).length;
  return 4;
}

/**
 * What in `value` passes `limits` (and `MAX_JSON_DEPTH`), as a message without the field
 * name, or null. Walked level by level without recursion, and stopped as soon as a limit is
 * passed, so a value far over the limits costs no more than one at them.
 */
export function jsonLimitExcess(value: unknown, limits: JsonLimits): string | null {
  if (value === null || typeof value !== 'object') return null;
  const maxChars = limits.maxChars ?? Number.POSITIVE_INFINITY;
  let entries = 0;
  let chars = 0;
  let level: object[] = [value];
  for (let depth = 1; level.length > 0; depth++) {
    if (depth > MAX_JSON_DEPTH) return TOO_DEEP;
    const next: object[] = [];
    for (const node of level) {
      const isArray = Array.isArray(node);
      chars += 2;
      for (const key in node) {
        if (++entries > limits.maxEntries) return tooManyEntries(limits.maxEntries);
        const child = (node as Record<string, unknown>)[key];
        chars += (isArray ? 0 : key.length + 3) + 1;
        if (child !== null && typeof child === 'object') next.push(child);
        else chars += primitiveChars(child);
      }
      if (chars > maxChars) return tooManyChars(maxChars);
    }
    level = next;
  }
  return null;
}

/**
 * Adds `limits` to a schema of a JSON value: a value past them fails validation with the
 * reason. A plain refinement (the reason is worked out again only for a value that fails), not
 * a superRefine, whose closure per parse kept large values alive (documents.ts).
 */
export function withJsonLimits<S extends z.ZodType>(schema: S, limits: JsonLimits): S {
  return schema.refine((value) => jsonLimitExcess(value, limits) === null, {
    error: (issue) => jsonLimitExcess(issue.input, limits) ?? undefined,
  }) as unknown as S;
}

/** A JSON object of unknown keys within `limits`. */
export const limitedJsonObject = (limits: JsonLimits) => withJsonLimits(jsonObject, limits);
