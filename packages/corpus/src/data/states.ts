import { DIGITS, type Rng } from '../random.js';

/** Letters plates use (no I, O, Q, Ñ: they read as digits or are not issued). */
const PLATE_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

export interface PlateState {
  /** ISO 3166-2:MX three-letter code (the vocabulary's `entidad`). */
  code: 'CMX' | 'MEX' | 'JAL' | 'NLE' | 'PUE';
  name: string;
  /** The government that issues the card, as its header prints it. */
  government: string;
  /** A private-car plate as printed, with its separators. */
  plate: (rng: Rng) => string;
}

const L = (rng: Rng, n: number) => rng.chars(PLATE_LETTERS, n);
const D = (rng: Rng, n: number) => rng.chars(DIGITS, n);

export const PLATE_STATES: readonly PlateState[] = [
  {
    code: 'CMX',
    name: 'CIUDAD DE MÉXICO',
    government: 'GOBIERNO DE LA CIUDAD DE MÉXICO',
    plate: (r) => `${L(r, 3)}-${D(r, 3)}-${L(r, 1)}`,
  },
  {
    code: 'MEX',
    name: 'ESTADO DE MÉXICO',
    government: 'GOBIERNO DEL ESTADO DE MÉXICO',
    plate: (r) => `${L(r, 3)}-${D(r, 2)}-${D(r, 2)}`,
  },
  { code: 'JAL', name: 'JALISCO', government: 'GOBIERNO DEL ESTADO DE JALISCO', plate: (r) => `J${L(r, 2)}-${D(r, 3)}-${L(r, 1)}` },
  { code: 'NLE', name: 'NUEVO LEÓN', government: 'GOBIERNO DEL ESTADO DE NUEVO LEÓN', plate: (r) => `S${L(r, 2)}-${D(r, 3)}-${L(r, 1)}` },
  { code: 'PUE', name: 'PUEBLA', government: 'GOBIERNO DEL ESTADO DE PUEBLA', plate: (r) => `T${L(r, 2)}-${D(r, 3)}-${L(r, 1)}` },
];

export const stateOf = (code: PlateState['code']) => PLATE_STATES.find((s) => s.code === code)!;

/** A plate as the vocabulary keeps it: uppercase, no separators. */
export const normalizePlate = (plate: string) => plate.toUpperCase().replace(/[^A-Z0-9Ñ]/g, '');
