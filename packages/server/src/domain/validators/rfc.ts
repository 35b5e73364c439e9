import { isRealDate } from './dates.js';
import { RFC_INCONVENIENT_WORDS } from './inconvenientWords.js';

/**
 * RFC (tax id) validation (domain facts): 12 characters for a persona moral, 13 for a persona
 * física, a real date, no inconvenient word in a persona física's four letters (SAT never
 * assigns one), generic RFCs flagged. The homoclave checksum is reported but never rejects:
 * real RFCs fail it often enough.
 */

export const RFC_PATTERN = /^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{2}[A\d]$/;
/** Generic RFC for the national public (sales to unidentified buyers). */
export const RFC_GENERIC_NATIONAL = 'XAXX010101000';
/** Generic RFC for foreign residents. */
export const RFC_GENERIC_FOREIGN = 'XEXX010101000';

const CHECKSUM_ALPHABET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

export type RfcReason = 'empty' | 'pattern' | 'date' | 'inconvenient_word';

export interface RfcValidation {
  valid: boolean;
  normalized: string;
  personType: 'fisica' | 'moral' | null;
  /** `national` for XAXX010101000, `foreign` for XEXX010101000. */
  generic: 'national' | 'foreign' | null;
  checksumValid: boolean;
  reason: RfcReason | null;
}

/** Expected homoclave check character of an RFC (moral RFCs are padded with a leading space). */
export function rfcCheckDigit(rfc: string): string {
  const padded = rfc.length === 12 ? ` ${rfc}` : rfc;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += CHECKSUM_ALPHABET.indexOf(padded[i]) * (13 - i);
  const digit = 11 - (sum % 11);
  return digit === 11 ? '0' : digit === 10 ? 'A' : String(digit);
}

export function validateRfc(value: unknown): RfcValidation {
  const normalized = typeof value === 'string' ? value.toUpperCase().replace(/[\s-]/g, '') : '';
  const none = { normalized, personType: null, generic: null, checksumValid: false };
  if (!normalized) return { ...none, valid: false, reason: 'empty' };
  if (!RFC_PATTERN.test(normalized)) return { ...none, valid: false, reason: 'pattern' };
  const personType = normalized.length === 12 ? 'moral' : 'fisica';
  const generic = normalized === RFC_GENERIC_NATIONAL ? 'national' : normalized === RFC_GENERIC_FOREIGN ? 'foreign' : null;
  const d = normalized.length - 9;
  const yy = Number(normalized.slice(d, d + 2));
  const mm = Number(normalized.slice(d + 2, d + 4));
  const dd = Number(normalized.slice(d + 4, d + 6));
  // The century is not written: the date is real if it is in either one.
  const realDate = isRealDate(1900 + yy, mm, dd) || isRealDate(2000 + yy, mm, dd);
  const checksumValid = rfcCheckDigit(normalized) === normalized[normalized.length - 1];
  const parts = { normalized, personType, generic, checksumValid } as const;
  if (!realDate) return { ...parts, valid: false, reason: 'date' };
  if (personType === 'fisica' && RFC_INCONVENIENT_WORDS.has(normalized.slice(0, 4)))
    return { ...parts, valid: false, reason: 'inconvenient_word' };
  return { ...parts, valid: true, reason: null };
}
