import { DIGITS, type Rng } from '../random.js';

/**
 * VINs (NIV) with the North American check digit in position 9: letters transliterate
 * A–H→1–8, J–N→1–5, P→7, R→9, S–Z→2–9; weights 8,7,6,5,4,3,2,10,0,9,8,7,6,5,4,3,2; sum mod
 * 11, 10 written X. I, O and Q never appear.
 */
const VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
export const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin[i];
    sum += (/\d/.test(c) ? Number(c) : VALUES[c]) * WEIGHTS[i];
  }
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

export function isValidVin(vin: string): boolean {
  return VIN_PATTERN.test(vin) && vinCheckDigit(vin) === vin[8];
}

/** Position 10: the model year (2010 = A … 2030 = Y, skipping I O Q U Z). */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY';
export function modelYearCode(year: number): string {
  const code = YEAR_CODES[year - 2010];
  if (!code) throw new Error(`model year out of range: ${year}`);
  return code;
}

/**
 * A VIN: world manufacturer (3 characters), vehicle descriptor (5), check digit, model year,
 * plant, and a 6-digit serial.
 */
export function makeVin(rng: Rng, p: { wmi: string; vds: string; year: number; plant: string }): string {
  const draft = `${p.wmi}${p.vds}0${modelYearCode(p.year)}${p.plant}${rng.chars(DIGITS, 6)}`;
  if (!VIN_PATTERN.test(draft)) throw new Error(`not a VIN shape: ${draft}`);
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}
