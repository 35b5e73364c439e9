import { makeVin } from '../ids/vin.js';
import { DIGITS, LETTERS, type Rng } from '../random.js';

interface Model {
  marca: string;
  modelo: string;
  versiones: readonly string[];
  wmi: string;
  vds: readonly string[];
  plant: string;
  motor: (rng: Rng) => string;
  body: 'SEDAN' | 'HATCHBACK' | 'SUV' | 'PICK UP';
  /** Built abroad: sold used with a pedimento. */
  imported?: boolean;
}

const d = (rng: Rng, n: number) => rng.chars(DIGITS, n);
const l = (rng: Rng, n: number) => rng.chars(LETTERS.replace(/[IOQ]/g, ''), n);

export const MODELS: readonly Model[] = [
  {
    marca: 'NISSAN',
    modelo: 'VERSA',
    versiones: ['SENSE', 'ADVANCE', 'EXCLUSIVE'],
    wmi: '3N1',
    vds: ['CN8AE', 'CN8AF'],
    plant: 'L',
    motor: (r) => `HR16${d(r, 6)}${l(r, 1)}`,
    body: 'SEDAN',
  },
  {
    marca: 'NISSAN',
    modelo: 'KICKS',
    versiones: ['SENSE', 'ADVANCE'],
    wmi: '3N8',
    vds: ['CP5CB', 'CP5CC'],
    plant: 'L',
    motor: (r) => `HR16${d(r, 6)}${l(r, 1)}`,
    body: 'SUV',
  },
  {
    marca: 'VOLKSWAGEN',
    modelo: 'JETTA',
    versiones: ['COMFORTLINE', 'HIGHLINE', 'GLI'],
    wmi: '3VW',
    vds: ['C57BU', 'E57BU'],
    plant: 'M',
    motor: (r) => `DJN${d(r, 6)}`,
    body: 'SEDAN',
  },
  {
    marca: 'CHEVROLET',
    modelo: 'AVEO',
    versiones: ['LS', 'LT'],
    wmi: '3G1',
    vds: ['TA5CF', 'TB5CF'],
    plant: 'L',
    motor: (r) => `LDE${d(r, 7)}`,
    body: 'SEDAN',
  },
  {
    marca: 'TOYOTA',
    modelo: 'TACOMA',
    versiones: ['SR', 'TRD SPORT'],
    wmi: '3TM',
    vds: ['CZ5AN', 'AZ5CN'],
    plant: 'M',
    motor: (r) => `2TR${d(r, 7)}`,
    body: 'PICK UP',
  },
  {
    marca: 'HONDA',
    modelo: 'HR-V',
    versiones: ['UNIQ', 'TOURING'],
    wmi: '3CZ',
    vds: ['RU5H5', 'RU6H7'],
    plant: 'M',
    motor: (r) => `L15Z${d(r, 7)}`,
    body: 'SUV',
  },
  {
    marca: 'MAZDA',
    modelo: 'CX-30',
    versiones: ['I SPORT', 'I GRAND TOURING'],
    wmi: '3MV',
    vds: ['DMBBL', 'DMBDM'],
    plant: 'M',
    motor: (r) => `PE${d(r, 8)}`,
    body: 'SUV',
  },
  {
    marca: 'KIA',
    modelo: 'RIO',
    versiones: ['LX', 'EX'],
    wmi: '3KP',
    vds: ['A24AD', 'A34AD'],
    plant: 'E',
    motor: (r) => `G4FG${l(r, 1)}${d(r, 6)}`,
    body: 'SEDAN',
  },
  {
    marca: 'FORD',
    modelo: 'F-150',
    versiones: ['XLT', 'LARIAT'],
    wmi: '1FT',
    vds: ['EW1EP', 'FW1E5'],
    plant: 'F',
    motor: (r) => `${l(r, 1)}${d(r, 7)}`,
    body: 'PICK UP',
    imported: true,
  },
  {
    marca: 'HONDA',
    modelo: 'CR-V',
    versiones: ['EX', 'TOURING'],
    wmi: '2HK',
    vds: ['RW2H8', 'RW1H5'],
    plant: 'H',
    motor: (r) => `K24V${d(r, 7)}`,
    body: 'SUV',
    imported: true,
  },
  {
    marca: 'TOYOTA',
    modelo: 'RAV4',
    versiones: ['XLE', 'LIMITED'],
    wmi: '2T3',
    vds: ['W1RFV', 'P1RFV'],
    plant: 'C',
    motor: (r) => `A25A${d(r, 7)}`,
    body: 'SUV',
    imported: true,
  },
  {
    marca: 'JEEP',
    modelo: 'GRAND CHEROKEE',
    versiones: ['LAREDO', 'LIMITED'],
    wmi: '1C4',
    vds: ['RJFAG', 'RJKBG'],
    plant: 'C',
    motor: (r) => `${d(r, 2)}${l(r, 2)}${d(r, 6)}`,
    body: 'SUV',
    imported: true,
  },
];

export const COLORS = ['BLANCO', 'NEGRO', 'GRIS', 'ROJO', 'AZUL', 'PLATA'] as const;

/** One vehicle: what a case's documents say about it. */
export interface Vehicle {
  marca: string;
  modelo: string;
  version: string;
  anio: number;
  vin: string;
  motor: string;
  color: string;
  body: Model['body'];
  /** SAT's ClaveVehicular (7 digits). */
  claveVehicular: string;
  imported: boolean;
  cilindros: number;
  puertas: number;
}

export function makeVehicle(rng: Rng, opts: { imported?: boolean; year?: number } = {}): Vehicle {
  const pool = MODELS.filter((m) => !!m.imported === !!opts.imported);
  const m = rng.pick(pool);
  const anio = opts.year ?? rng.int(2019, 2025);
  return {
    marca: m.marca,
    modelo: m.modelo,
    version: rng.pick(m.versiones),
    anio,
    vin: makeVin(rng, { wmi: m.wmi, vds: rng.pick(m.vds), year: anio, plant: m.plant }),
    motor: m.motor(rng),
    color: rng.pick(COLORS),
    body: m.body,
    claveVehicular: `${rng.int(1, 9)}${d(rng, 6)}`,
    imported: !!m.imported,
    cilindros: m.body === 'PICK UP' ? 6 : 4,
    puertas: m.body === 'PICK UP' ? 4 : m.body === 'HATCHBACK' ? 5 : 4,
  };
}
