import { expandYear, formatDate } from './dates.js';
import { CURP_INCONVENIENT_WORDS, curpLettersAsAssigned } from './inconvenientWords.js';

/**
 * CURP validation (domain facts): pattern, real birth date, state code, no inconvenient word
 * in the first four letters (RENAPO never assigns one), check digit.
 */

export const CURP_PATTERN = /^[A-Z][AEIOUX][A-Z]{2}\d{6}[HM][A-Z]{2}[B-DF-HJ-NP-TV-Z]{3}[0-9A-Z]\d$/;

/** Birth-state codes of the CURP; NE = born abroad. */
export const CURP_STATE_CODES = [
  'AS',
  'BC',
  'BS',
  'CC',
  'CH',
  'CL',
  'CM',
  'CS',
  'DF',
  'DG',
  'GR',
  'GT',
  'HG',
  'JC',
  'MC',
  'MN',
  'MS',
  'NE',
  'NL',
  'NT',
  'OC',
  'PL',
  'QR',
  'QT',
  'SL',
  'SP',
  'SR',
  'TC',
  'TL',
  'TS',
  'VZ',
  'YN',
  'ZS',
] as const;
const STATES = new Set<string>(CURP_STATE_CODES);
const ALPHABET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ';

export type CurpReason = 'empty' | 'pattern' | 'date' | 'state' | 'inconvenient_word' | 'check_digit';

export interface CurpValidation {
  valid: boolean;
  normalized: string;
  checkDigitValid: boolean;
  /** DD/MM/YYYY, when the date is real. */
  birthDate: string | null;
  sex: 'H' | 'M' | null;
  /** Two-letter birth-state code (NE = abroad). */
  state: string | null;
  reason: CurpReason | null;
}

/** Expected check digit of the first 17 characters (`&` or `Ñ` stand for Ñ). */
export function curpCheckDigit(curp: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = curp[i] === 'Ñ' ? '&' : curp[i];
    sum += ALPHABET.indexOf(c) * (18 - i);
  }
  return String((10 - (sum % 10)) % 10);
}

export function validateCurp(value: unknown): CurpValidation {
  const normalized = typeof value === 'string' ? value.toUpperCase().replace(/\s+/g, '') : '';
  const none = { normalized, checkDigitValid: false, birthDate: null, sex: null, state: null };
  if (!normalized) return { ...none, valid: false, reason: 'empty' };
  if (!CURP_PATTERN.test(normalized)) return { ...none, valid: false, reason: 'pattern' };
  // Position 17 is a digit for people born before 2000 and a letter from 2000 on.
  const century2000 = /[A-Z]/.test(normalized[16]);
  const yy = Number(normalized.slice(4, 6));
  const year = century2000 ? 2000 + yy : expandYear(yy, -1);
  const birthDate = formatDate(year, Number(normalized.slice(6, 8)), Number(normalized.slice(8, 10))) ?? null;
  const sex = normalized[10] as 'H' | 'M';
  const state = normalized.slice(11, 13);
  const checkDigitValid = curpCheckDigit(normalized) === normalized[17];
  const parts = { normalized, checkDigitValid, birthDate, sex, state };
  if (!birthDate) return { ...parts, valid: false, reason: 'date' };
  if (!STATES.has(state)) return { ...parts, valid: false, reason: 'state' };
  if (CURP_INCONVENIENT_WORDS.has(normalized.slice(0, 4))) return { ...parts, valid: false, reason: 'inconvenient_word' };
  if (!checkDigitValid) return { ...parts, valid: false, reason: 'check_digit' };
  return { ...parts, valid: true, reason: null };
}

const VOWELS = 'AEIOU';
/** The first vowel after the first letter, X when none. */
const internalVowel = (word: string) => [...word.slice(1)].find((c) => VOWELS.includes(c)) ?? 'X';
/** The first consonant after the first letter, X when none. */
const internalConsonant = (word: string) => [...word.slice(1)].find((c) => /[A-Z]/.test(c) && !VOWELS.includes(c) && c !== 'Ñ') ?? 'X';

/**
 * The CURP RENAPO would assign (the sandbox's synthetic people): surname letters, internal
 * vowel and consonants, birth date, sex, state, the century differentiator (a digit before
 * 2000, a letter from 2000) and the check digit; four letters that form an inconvenient word
 * get X as their second letter. Names are uppercase A–Z; `differentiator` is 0–9 (the sandbox
 * picks it).
 */
export function curpFor(p: {
  names: string;
  paternal: string;
  maternal: string;
  year: number;
  month: number;
  day: number;
  sex: 'H' | 'M';
  state: string;
  differentiator: number;
}): string {
  const yymmdd = `${String(p.year % 100).padStart(2, '0')}${String(p.month).padStart(2, '0')}${String(p.day).padStart(2, '0')}`;
  const century = p.year >= 2000 ? 'ABCDEFGHIJ'[p.differentiator % 10] : String(p.differentiator % 10);
  const letters = curpLettersAsAssigned(`${p.paternal[0]}${internalVowel(p.paternal)}${p.maternal[0]}${p.names[0]}`);
  const first17 =
    `${letters}${yymmdd}${p.sex}${p.state}` +
    `${internalConsonant(p.paternal)}${internalConsonant(p.maternal)}${internalConsonant(p.names)}${century}`;
  return first17 + curpCheckDigit(first17);
}
