import { DIGITS, type Rng } from '../random.js';

/** Customs offices (aduanas) that clear imported cars: two-digit code and name. */
export const ADUANAS = [
  { code: '07', name: 'CIUDAD JUAREZ, CHIH.' },
  { code: '16', name: 'MANZANILLO, COL.' },
  { code: '24', name: 'NUEVO LAREDO, TAMPS.' },
  { code: '40', name: 'TIJUANA, B.C.' },
  { code: '43', name: 'VERACRUZ, VER.' },
  { code: '51', name: 'LAZARO CARDENAS, MICH.' },
] as const;

export interface Pedimento {
  /** 15 digits. */
  digits: string;
  /** The official 21-character form `YY  AA  PPPP  NNNNNNN`. */
  formatted: string;
  aduana: (typeof ADUANAS)[number];
}

/**
 * A customs entry number: year of validation (2 digits), customs office (2), broker's patent
 * (4), and a 7-digit sequence that starts with the last digit of the year.
 */
export function makePedimento(rng: Rng, year: number): Pedimento {
  const aduana = rng.pick(ADUANAS);
  const yy = String(year % 100).padStart(2, '0');
  const patente = `${rng.int(1, 9)}${rng.chars(DIGITS, 3)}`;
  const seq = `${year % 10}${rng.chars(DIGITS, 6)}`;
  const digits = `${yy}${aduana.code}${patente}${seq}`;
  return { digits, formatted: `${yy}  ${aduana.code}  ${patente}  ${seq}`, aduana };
}
