import { parseYymmdd } from './dates.js';

/** Voter card (INE) identifiers (domain facts). */

/** 6 letters, birth date YYMMDD, 2 digits (birth state), H/M, 3 digits. */
export const CLAVE_ELECTOR_PATTERN = /^[A-Z]{6}(\d{6})(\d{2})[HM]\d{3}$/;

export interface ClaveElectorValidation {
  valid: boolean;
  normalized: string;
  reason: 'empty' | 'pattern' | 'date' | null;
}

export function validateClaveElector(value: unknown): ClaveElectorValidation {
  const normalized = typeof value === 'string' ? value.toUpperCase().replace(/\s+/g, '') : '';
  if (!normalized) return { valid: false, normalized, reason: 'empty' };
  const m = CLAVE_ELECTOR_PATTERN.exec(normalized);
  if (!m) return { valid: false, normalized, reason: 'pattern' };
  // The century is not written; any century will do for a real day.
  if (!parseYymmdd(m[1], 99) && !parseYymmdd(m[1], -1)) return { valid: false, normalized, reason: 'date' };
  return { valid: true, normalized, reason: null };
}

/** ICAO 9303 check digit (weights 7, 3, 1; letters A=10…Z=35; `<` = 0). */
export function mrzCheckDigit(field: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < field.length; i++) {
    const c = field[i];
    const v = c >= '0' && c <= '9' ? Number(c) : c >= 'A' && c <= 'Z' ? c.charCodeAt(0) - 55 : 0;
    sum += v * weights[i % 3];
  }
  return String(sum % 10);
}
