import { makePerson, type Person } from '../data/people.js';
import { ineMrz, mrzName } from '../ids/ine.js';
import { DIGITS, type Rng } from '../random.js';
import { address, dmy } from './common.js';

/** An INE-like voter card: the person and what the card prints about them. */
export interface IneCard {
  person: Person;
  domicilio: [string, string, string];
  registro: string;
  emision: number;
  vigencia: number;
  seccion: string;
  cic: string;
  ocr: string;
  mrz: [string, string, string];
}

const CITIES = ['CUAUHTÉMOC, CDMX.', 'ZAPOPAN, JAL.', 'NAUCALPAN DE JUÁREZ, MÉX.', 'MONTERREY, N.L.', 'PUEBLA, PUE.'];

/** A card whose holder's names fit the MRZ's 30 characters (others are drawn again). */
export function buildIne(rng: Rng): IneCard {
  let person = makePerson(rng, { minYear: 1960, maxYear: 2004 });
  while (`${mrzName(person.paterno)}<${mrzName(person.materno)}<<${mrzName(person.nombre)}`.length > 30)
    person = makePerson(rng, { minYear: 1960, maxYear: 2004 });
  const emision = rng.int(2016, 2024);
  const card = {
    cic: rng.chars(DIGITS, 9),
    ocr: rng.chars(DIGITS, 13),
    vigencia: emision + 10,
    emision,
    seccion: String(rng.int(100, 5999)).padStart(4, '0'),
  };
  const registro = `${Math.max(person.nacimiento.y + 18, 1995) + rng.int(0, 3)} ${String(rng.int(0, 3)).padStart(2, '0')}`;
  return { person, domicilio: address(rng, rng.pick(CITIES)), registro, ...card, mrz: ineMrz(person, card) };
}

/** The front: names, CURP, clave de elector, birth date. */
export function ineFrontFields(c: IneCard): Record<string, unknown> {
  const p = c.person;
  return {
    nombre: p.nombre,
    apellido_paterno: p.paterno,
    apellido_materno: p.materno,
    curp: p.curp,
    clave_elector: p.claveElector,
    fecha_nacimiento: dmy(p.nacimiento),
  };
}

/** The back: what the MRZ holds (names, birth date). */
export function ineBackFields(c: IneCard): Record<string, unknown> {
  const p = c.person;
  return { nombre: p.nombre, apellido_paterno: p.paterno, apellido_materno: p.materno, fecha_nacimiento: dmy(p.nacimiento) };
}
