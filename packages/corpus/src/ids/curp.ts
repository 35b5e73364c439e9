import { DIGITS, LETTERS, type Rng } from '../random.js';
import { firstInternalConsonant, firstInternalVowel, significantWord, yymmdd } from './fold.js';
import { avoidInconvenient } from './inconvenient.js';

/** CURP check digit: alphabet with & for Ñ, weights 18 down to 2, (10 − sum mod 10) mod 10. */
const ALPHABET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ';
export const CURP_PATTERN = /^[A-Z][AEIOUX][A-Z]{2}\d{6}[HM][A-Z]{2}[B-DF-HJ-NP-TV-Z]{3}[0-9A-Z]\d$/;

export function curpCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += ALPHABET.indexOf(first17[i]) * (18 - i);
  return String((10 - (sum % 10)) % 10);
}

export function isValidCurp(curp: string): boolean {
  return CURP_PATTERN.test(curp) && curpCheckDigit(curp) === curp[17];
}

export interface CurpPerson {
  nombre: string;
  paterno: string;
  materno: string;
  sexo: 'H' | 'M';
  nacimiento: { y: number; m: number; d: number };
  /** Two-letter birth-state code (JC, DF, NL, …). */
  estado: string;
}

/**
 * The CURP RENAPO assigns: surname initial and internal vowel, second surname and given-name
 * initials (Ñ written X), birth date, sex, state, internal consonants, the differentiator (a
 * digit before 2000, a letter from 2000) and the check digit.
 */
export function makeCurp(rng: Rng, p: CurpPerson): string {
  const pat = significantWord(p.paterno).replace(/Ñ/g, 'X');
  const mat = significantWord(p.materno).replace(/Ñ/g, 'X');
  const nom = significantWord(p.nombre, true).replace(/Ñ/g, 'X');
  const four = avoidInconvenient(`${pat[0]}${firstInternalVowel(pat)}${mat[0]}${nom[0]}`);
  const differentiator = p.nacimiento.y >= 2000 ? rng.chars(LETTERS.slice(0, 10), 1) : rng.chars(DIGITS, 1);
  const first17 =
    `${four}${yymmdd(p.nacimiento)}${p.sexo}${p.estado}` +
    `${firstInternalConsonant(pat)}${firstInternalConsonant(mat)}${firstInternalConsonant(nom)}${differentiator}`;
  return first17 + curpCheckDigit(first17);
}
