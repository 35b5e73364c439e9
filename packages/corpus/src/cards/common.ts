import type { Rng } from '../random.js';

export interface Day {
  y: number;
  m: number;
  d: number;
}

const MONTHS = [
  'ENERO',
  'FEBRERO',
  'MARZO',
  'ABRIL',
  'MAYO',
  'JUNIO',
  'JULIO',
  'AGOSTO',
  'SEPTIEMBRE',
  'OCTUBRE',
  'NOVIEMBRE',
  'DICIEMBRE',
];
const p2 = (n: number) => String(n).padStart(2, '0');

/** DD/MM/YYYY: the vocabulary's form. */
export const dmy = (d: Day) => `${p2(d.d)}/${p2(d.m)}/${d.y}`;

/** The ways documents print a day. */
export const DAY_FORMATS = {
  slash: dmy,
  dash: (d: Day) => `${p2(d.d)}-${p2(d.m)}-${d.y}`,
  short: (d: Day) => `${p2(d.d)}-${MONTHS[d.m - 1].slice(0, 3)}-${d.y}`,
  long: (d: Day) => `${d.d} DE ${MONTHS[d.m - 1]} DE ${d.y}`,
  iso: (d: Day) => `${d.y}-${p2(d.m)}-${p2(d.d)}`,
} as const;

/** A working day between two years (inclusive). */
export function someDay(rng: Rng, fromYear: number, toYear: number): Day {
  const y = rng.int(fromYear, toYear);
  const m = rng.int(1, 12);
  return { y, m, d: rng.int(1, 28) };
}

const STREETS = [
  'AV. REVOLUCIÓN',
  'CALLE HIDALGO',
  'AV. JUÁREZ',
  'CALLE MORELOS',
  'CALZ. DE TLALPAN',
  'AV. VALLARTA',
  'CALLE 5 DE MAYO',
  'AV. CONSTITUCIÓN',
];
const COLONIAS = ['CENTRO', 'DEL VALLE', 'NARVARTE', 'LAS ÁGUILAS', 'JARDINES DEL BOSQUE', 'MITRAS CENTRO', 'LA PAZ', 'SANTA MARÍA'];

/** A street address in three lines (street and number, colonia and CP, city). */
export function address(rng: Rng, city: string): [string, string, string] {
  return [`${rng.pick(STREETS)} ${rng.int(10, 2999)}`, `COL. ${rng.pick(COLONIAS)} ${rng.int(10000, 99999)}`, city];
}
