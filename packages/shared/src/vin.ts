/**
 * The North American VIN check digit (position 9; domain facts, "VIN"): letters transliterate
 * A–H→1–8, J–N→1–5, P→7, R→9, S–Z→2–9; weights 8,7,6,5,4,3,2,10,0,9,8,7,6,5,4,3,2; the sum
 * mod 11, 10 written X. One home for the server's validator, the corpus and the bench.
 */
const TRANSLITERATION: Record<string, number> = {
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

/** The expected check digit ('0'–'9' or 'X') of a 17-character VIN of the VIN alphabet. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin[i];
    sum += (c >= '0' && c <= '9' ? Number(c) : TRANSLITERATION[c]) * WEIGHTS[i];
  }
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}
