/** Uppercase without accents; Ñ kept unless `enye` says what it becomes. */
export function fold(text: string, enye = 'Ñ'): string {
  return text
    .toUpperCase()
    .replace(/Ñ/g, '\u0000')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\u0000/g, enye);
}

/** Particles skipped when names give the letters of a CURP or RFC. */
const PARTICLES = new Set([
  'DA',
  'DAS',
  'DE',
  'DEL',
  'DER',
  'DI',
  'DIE',
  'DD',
  'EL',
  'LA',
  'LOS',
  'LAS',
  'LE',
  'LES',
  'MAC',
  'MC',
  'VAN',
  'VON',
  'Y',
]);
/** Given names passed over when a second one follows (RENAPO and SAT rules). */
const COMMON_FIRST = new Set(['MARIA', 'MA', 'MA.', 'JOSE', 'J', 'J.']);

/** The word of a surname or given names that gives its letters. */
export function significantWord(name: string, givenNames = false): string {
  const words = fold(name)
    .split(/\s+/)
    .filter((w) => w && !PARTICLES.has(w));
  if (givenNames && words.length > 1 && COMMON_FIRST.has(words[0])) return words[1];
  return words[0] ?? 'X';
}

const VOWELS = 'AEIOU';
export const firstInternalVowel = (word: string) => [...word.slice(1)].find((c) => VOWELS.includes(c)) ?? 'X';
export const firstInternalConsonant = (word: string) => [...word.slice(1)].find((c) => /[A-Z]/.test(c) && !VOWELS.includes(c)) ?? 'X';

export const yymmdd = (d: { y: number; m: number; d: number }) =>
  `${String(d.y % 100).padStart(2, '0')}${String(d.m).padStart(2, '0')}${String(d.d).padStart(2, '0')}`;
