import type * as z from 'zod';

/**
 * Some endpoints answer a missing field with `MISSING_PARAMETER` and a bad value with
 * `VALIDATION_ERROR` (contract §4.9, §4.10). A plain zod parse cannot tell those apart, so
 * such bodies are checked here: first presence, then the schema.
 */
export type BodyCheckResult<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      code: 'MISSING_PARAMETER' | 'VALIDATION_ERROR';
      message: string;
      /** Fields at fault (for MISSING_PARAMETER, the absent ones). */
      fields: string[];
    };

/** A required field given as a name, or a group of which exactly one must be present. */
export type RequiredField = string | readonly string[];

/** `undefined`, `null` and whitespace-only strings count as absent. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks `body` against `schema`, reporting absent `required` fields as MISSING_PARAMETER.
 * Blank values are dropped before parsing, so an empty optional field is the same as an
 * omitted one. A missing body counts as `{}`; any other non-object is a VALIDATION_ERROR.
 */
export function checkBody<S extends z.ZodType>(schema: S, body: unknown, required: readonly RequiredField[]): BodyCheckResult<z.output<S>> {
  if (body !== undefined && body !== null && !isPlainObject(body)) {
    return { ok: false, code: 'VALIDATION_ERROR', message: 'el cuerpo de la solicitud debe ser un objeto JSON', fields: [] };
  }
  const present = Object.fromEntries(Object.entries(body ?? {}).filter(([, v]) => !isBlank(v)));

  const missing = required
    .filter((field) => (typeof field === 'string' ? !(field in present) : !field.some((f) => f in present)))
    .map((field) => (typeof field === 'string' ? field : field.join(' o ')));
  if (missing.length > 0) {
    return {
      ok: false,
      code: 'MISSING_PARAMETER',
      message:
        missing.length === 1
          ? `Falta el parámetro obligatorio: ${missing[0]}`
          : `Faltan los parámetros obligatorios: ${missing.join(', ')}`,
      fields: missing,
    };
  }

  const parsed = schema.safeParse(present);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields = [...new Set(parsed.error.issues.map((i) => i.path.join('.')).filter(Boolean))];
  const message = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
  return { ok: false, code: 'VALIDATION_ERROR', message, fields };
}
