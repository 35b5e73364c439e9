import { vinCheckDigit } from '@vcase/shared';
import { DIGITS, type Rng } from '../random.js';

/** VINs (NIV) with the North American check digit in position 9 (`vinCheckDigit`, @vcase/shared). I, O and Q never appear. */
export const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

export { vinCheckDigit };

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
