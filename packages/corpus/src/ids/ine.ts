import { DIGITS, type Rng } from '../random.js';
import type { CurpPerson } from './curp.js';
import { firstInternalConsonant, fold, significantWord, yymmdd } from './fold.js';

/** Entity number (01–32) of a CURP birth-state code, as the clave de elector writes it. */
const STATE_NUMBERS: Record<string, string> = {
  AS: '01',
  BC: '02',
  BS: '03',
  CC: '04',
  CL: '05',
  CM: '06',
  CS: '07',
  CH: '08',
  DF: '09',
  DG: '10',
  GT: '11',
  GR: '12',
  HG: '13',
  JC: '14',
  MC: '15',
  MN: '16',
  MS: '17',
  NT: '18',
  NL: '19',
  OC: '20',
  PL: '21',
  QT: '22',
  QR: '23',
  SP: '24',
  SL: '25',
  SR: '26',
  TC: '27',
  TS: '28',
  TL: '29',
  VZ: '30',
  YN: '31',
  ZS: '32',
};

export const CLAVE_ELECTOR_PATTERN = /^[A-Z]{6}\d{6}\d{2}[HM]\d{3}$/;

/** Clave de elector: initial and first inner consonant of each name, birth date, state, sex, homonymy. */
export function claveElector(rng: Rng, p: CurpPerson): string {
  const two = (w: string) => {
    const word = w.replace(/Ñ/g, 'X');
    return `${word[0]}${firstInternalConsonant(word)}`;
  };
  const letters = `${two(significantWord(p.paterno))}${two(significantWord(p.materno))}${two(significantWord(p.nombre, true))}`;
  return `${letters}${yymmdd(p.nacimiento)}${STATE_NUMBERS[p.estado] ?? '09'}${p.sexo}${rng.chars(DIGITS, 3)}`;
}

/** ICAO 9303 check digit: weights 7, 3, 1; A=10 … Z=35; `<` = 0. */
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

/** A name as the MRZ writes it: A–Z only (accents dropped, Ñ as N), words joined by `<`. */
export const mrzName = (name: string) =>
  fold(name, 'N')
    .replace(/[^A-Z ]/g, '')
    .trim()
    .split(/\s+/)
    .join('<');

export interface InePrint {
  /** CIC: 9 digits. */
  cic: string;
  /** OCR identifier: 13 digits. */
  ocr: string;
  /** Last year of validity (the card expires 31 December). */
  vigencia: number;
  emision: number;
  seccion: string;
}

/**
 * The back's TD1 machine-readable zone (3 × 30 characters): `IDMEX`, CIC and check, `<<`, the
 * OCR identifier; birth date and check, sex (ICAO M/F), expiry and check, `MEX`, optional data,
 * composite check; names. Throws when the names do not fit (the corpus picks names that do).
 */
export function ineMrz(p: CurpPerson, card: InePrint): [string, string, string] {
  const l1 = `IDMEX${card.cic}${mrzCheckDigit(card.cic)}<<${card.ocr}`;
  const birth = yymmdd(p.nacimiento);
  const expiry = `${String(card.vigencia % 100).padStart(2, '0')}1231`;
  const optional = `<${String(card.emision % 100).padStart(2, '0')}<<${card.seccion.padStart(5, '0')}<`;
  const l2Head = `${birth}${mrzCheckDigit(birth)}${p.sexo === 'H' ? 'M' : 'F'}${expiry}${mrzCheckDigit(expiry)}MEX${optional}`;
  const composite = l1.slice(5, 30) + l2Head.slice(0, 7) + l2Head.slice(8, 15) + l2Head.slice(18, 29);
  const l2 = `${l2Head}${mrzCheckDigit(composite)}`;
  const names = `${mrzName(p.paterno)}<${mrzName(p.materno)}<<${mrzName(p.nombre)}`;
  if (names.length > 30) throw new Error(`names do not fit the MRZ: ${names}`);
  const l3 = names.padEnd(30, '<');
  for (const l of [l1, l2, l3]) if (!/^[A-Z0-9<]{30}$/.test(l)) throw new Error(`bad MRZ line: ${l}`);
  return [l1, l2, l3];
}
