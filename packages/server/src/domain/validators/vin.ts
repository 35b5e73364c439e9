/** VIN (NIV) validation: alphabet, length and the North American check digit (position 9). */
import { vinCheckDigit } from '@vcase/shared';

const VIN_ALPHABET = /^[A-HJ-NPR-Z0-9]+$/;

export type VinReason = 'empty' | 'length' | 'alphabet' | 'check_digit';

export interface VinValidation {
  /** A complete 17-character VIN of the right alphabet whose check digit does not reject it. */
  valid: boolean;
  /** Uppercase, separators removed. */
  normalized: string;
  /** The position-9 check digit matches the North American computation. */
  checkDigitValid: boolean;
  /** The check digit is binding: WMIs starting 1–5 (North America, Mexico = 3). */
  northAmerican: boolean;
  /** Why `valid` is false, or `check_digit` as a warning on a non-North-American WMI. */
  reason: VinReason | null;
  warning: boolean;
}

/** Uppercase, spaces, dashes and dots removed. */
export function normalizeVin(value: string): string {
  return value.toUpperCase().replace(/[\s.\-_]/g, '');
}

export { vinCheckDigit };

/**
 * Validates a VIN. I, O and Q never appear. A bad check digit rejects WMIs 1–5 and is only a
 * warning elsewhere (domain facts).
 */
export function validateVin(value: unknown): VinValidation {
  const normalized = typeof value === 'string' ? normalizeVin(value) : '';
  const base = { normalized, checkDigitValid: false, northAmerican: false, warning: false };
  if (!normalized) return { ...base, valid: false, reason: 'empty' };
  if (!VIN_ALPHABET.test(normalized)) return { ...base, valid: false, reason: 'alphabet' };
  if (normalized.length !== 17) return { ...base, valid: false, reason: 'length' };
  const checkDigitValid = vinCheckDigit(normalized) === normalized[8];
  const northAmerican = normalized[0] >= '1' && normalized[0] <= '5';
  if (checkDigitValid) return { ...base, checkDigitValid, northAmerican, valid: true, reason: null };
  if (northAmerican) return { ...base, northAmerican, valid: false, reason: 'check_digit' };
  return { ...base, valid: true, reason: 'check_digit', warning: true };
}

/** A plausible partial VIN (what receipts print): 4–16 characters of the VIN alphabet. */
export function isPartialVin(value: string): boolean {
  const v = normalizeVin(value);
  return v.length >= 4 && v.length < 17 && VIN_ALPHABET.test(v);
}

/**
 * A partial VIN matches a full one when it is a suffix of it (contract §4.5 rule 1); two full
 * VINs match when equal. Empty values never match.
 */
export function vinMatches(partial: string, full: string): boolean {
  const p = normalizeVin(partial);
  const f = normalizeVin(full);
  if (!p || !f) return false;
  return p.length <= f.length ? f.endsWith(p) : false;
}
