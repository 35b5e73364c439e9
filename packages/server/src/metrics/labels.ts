import { DOCUMENT_TYPES, SANDBOX_SOURCES, WEBHOOK_EVENTS } from '@vcase/shared';
import { REQUIRED_FIELDS, VALIDITY_CODES } from '../pipeline/validity.js';

/**
 * Label values are bounded: a value outside its known set is `other`, so no label carries a
 * case or document id, a company name or anything a client typed, and the series stay few.
 */
const OTHER = 'other';

export function oneOf(known: ReadonlySet<string>): (value: string | null | undefined) => string {
  return (value) => (value != null && known.has(value) ? value : OTHER);
}

/** Values not known ahead (written by code, not clients): the first `max` short words, then `other`. */
export function firstFew(max: number): (value: string) => string {
  const seen = new Set<string>();
  return (value) => {
    if (seen.has(value)) return value;
    if (seen.size >= max || !/^[a-z][a-z0-9_.-]{0,39}$/.test(value)) return OTHER;
    seen.add(value);
    return value;
  };
}

export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

export const httpMethod = oneOf(new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']));
export const lookupSource = oneOf(new Set(SANDBOX_SOURCES));
export const webhookEvent = oneOf(new Set(WEBHOOK_EVENTS));
/** The types the pipeline reads; the rest (a type given by hand) is `other`. */
export const mimeType = oneOf(new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/tiff', 'application/xml']));

const documentTypeOf = oneOf(new Set(DOCUMENT_TYPES));
export const documentType = (type: string | null) => (type === null ? 'unclassified' : documentTypeOf(type));

/** Validity codes (`MISSING_<FIELD>` of the required fields included) and the processing failure. */
export const extractionCode = oneOf(
  new Set([
    ...Object.keys(VALIDITY_CODES),
    ...Object.values(REQUIRED_FIELDS).flatMap((fields) => fields.map((f) => `MISSING_${f.toUpperCase()}`)),
    'PROCESSING_FAILED',
  ]),
);

/** The codes of a validity that are problems (warnings and notes are not failures). */
export function problemCodes(codes: readonly string[]): string[] {
  return codes.filter((code) => code.startsWith('MISSING_') || VALIDITY_CODES[code as keyof typeof VALIDITY_CODES] === 'problem');
}
