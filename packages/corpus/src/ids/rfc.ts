import { DIGITS, LETTERS, type Rng } from '../random.js';
import { firstInternalVowel, significantWord, yymmdd } from './fold.js';
import { avoidInconvenient } from './inconvenient.js';
import type { CurpPerson } from './curp.js';

/** RFC homoclave check character: moral RFCs padded with a leading space; 10 → A, 11 → 0. */
const ALPHABET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';
export const RFC_PATTERN = /^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{2}[A\d]$/;

export function rfcCheckDigit(first: string): string {
  const padded = first.length === 11 ? ` ${first}` : first;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += ALPHABET.indexOf(padded[i]) * (13 - i);
  const digit = 11 - (sum % 11);
  return digit === 11 ? '0' : digit === 10 ? 'A' : String(digit);
}

const HOMOCLAVE = `${LETTERS.replace(/[IOÑ]/g, '')}${DIGITS.slice(1)}`;

/** Persona física (13 characters): four name letters, birth date, homoclave, check. */
export function rfcFisica(rng: Rng, p: CurpPerson): string {
  const pat = significantWord(p.paterno);
  const four = avoidInconvenient(
    `${pat[0]}${firstInternalVowel(pat)}${significantWord(p.materno)[0]}${significantWord(p.nombre, true)[0]}`,
  );
  const first = `${four}${yymmdd(p.nacimiento)}${rng.chars(HOMOCLAVE, 2)}`;
  return first + rfcCheckDigit(first);
}

/** Persona moral (12 characters): three letters of the name, constitution date, homoclave, check. */
export function rfcMoral(rng: Rng, letters: string, founded: { y: number; m: number; d: number }): string {
  if (!/^[A-ZÑ&]{3}$/.test(letters)) throw new Error(`moral RFC letters: ${letters}`);
  const first = `${letters}${yymmdd(founded)}${rng.chars(HOMOCLAVE, 2)}`;
  return first + rfcCheckDigit(first);
}
