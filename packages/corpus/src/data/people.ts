import { makeCurp, type CurpPerson } from '../ids/curp.js';
import { claveElector } from '../ids/ine.js';
import { rfcFisica } from '../ids/rfc.js';
import type { Rng } from '../random.js';

const MALE = [
  'JOSÉ LUIS',
  'JUAN CARLOS',
  'MIGUEL ÁNGEL',
  'JESÚS',
  'ALEJANDRO',
  'FERNANDO',
  'RICARDO',
  'IÑAKI',
  'SERGIO',
  'RAÚL',
  'EDUARDO',
  'HÉCTOR',
  'JAVIER',
  'MARTÍN',
  'ÓSCAR',
  'RAMÓN',
];
const FEMALE = [
  'MARÍA FERNANDA',
  'GUADALUPE',
  'ANA SOFÍA',
  'VERÓNICA',
  'BEATRIZ',
  'MÓNICA',
  'PATRICIA',
  'LUCÍA',
  'XIMENA',
  'ROCÍO',
  'MARÍA JOSÉ',
  'ITZEL',
  'NOEMÍ',
  'CAROLINA',
];
const SURNAMES = [
  'HERNÁNDEZ',
  'GARCÍA',
  'MARTÍNEZ',
  'LÓPEZ',
  'GONZÁLEZ',
  'PÉREZ',
  'RODRÍGUEZ',
  'SÁNCHEZ',
  'RAMÍREZ',
  'CRUZ',
  'FLORES',
  'GÓMEZ',
  'MUÑOZ',
  'PEÑA',
  'NÚÑEZ',
  'IBÁÑEZ',
  'ORDÓÑEZ',
  'ZÚÑIGA',
  'CASTAÑEDA',
  'VÁZQUEZ',
  'JIMÉNEZ',
  'DÍAZ',
  'MORALES',
  'REYES',
  'GUTIÉRREZ',
  'ORTIZ',
  'CHÁVEZ',
  'RUIZ',
  'AGUILAR',
  'MENDOZA',
  'TREVIÑO',
  'ESPAÑA',
  'SALAS',
  'ROMERO',
  'VEGA',
  'OCHOA',
];
/** Birth states (CURP codes) of the people, weighted to the corpus's five plate states. */
const BIRTH_STATES = ['DF', 'DF', 'MC', 'MC', 'JC', 'NL', 'PL', 'GT', 'VZ', 'MN', 'QT', 'YN'];

export interface Person extends CurpPerson {
  curp: string;
  rfc: string;
  claveElector: string;
}

/** "NOMBRE PATERNO MATERNO", the order invoices and cards print. */
export const fullName = (p: Person) => `${p.nombre} ${p.paterno} ${p.materno}`;

function daysIn(y: number, m: number) {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** A person with real birth date, CURP, RFC and clave de elector. */
export function makePerson(rng: Rng, opts: { minYear?: number; maxYear?: number } = {}): Person {
  const sexo = rng.pick(['H', 'M'] as const);
  const y = rng.int(opts.minYear ?? 1958, opts.maxYear ?? 2002);
  const m = rng.int(1, 12);
  const base: CurpPerson = {
    nombre: rng.pick(sexo === 'H' ? MALE : FEMALE),
    paterno: rng.pick(SURNAMES),
    materno: rng.pick(SURNAMES),
    sexo,
    nacimiento: { y, m, d: rng.int(1, daysIn(y, m)) },
    estado: rng.pick(BIRTH_STATES),
  };
  return { ...base, curp: makeCurp(rng, base), rfc: rfcFisica(rng, base), claveElector: claveElector(rng, base) };
}
