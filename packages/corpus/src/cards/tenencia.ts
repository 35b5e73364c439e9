import { fullName, makePerson } from '../data/people.js';
import { normalizePlate, PLATE_STATES, type PlateState } from '../data/states.js';
import { makeVehicle, type Vehicle } from '../data/vehicles.js';
import { DIGITS, LETTERS, type Rng } from '../random.js';
import { dmy, someDay, type Day } from './common.js';

/** A tenencia / refrendo / control vehicular receipt. */
export interface Tenencia {
  state: PlateState;
  placa: string;
  vehicle: Vehicle;
  propietario: string;
  /** The fiscal years paid, ascending. */
  ejercicios: number[];
  pago: Day;
  /** One line per year and concept. */
  lineas: { concepto: string; ejercicio: number; importe: number }[];
  total: number;
  /** The VIN as the receipt prints it: whole, or its last 8 characters. */
  vinPrinted: string;
  folio: string;
  lineaCaptura: string;
}

const CONCEPTS: Record<PlateState['code'], string> = {
  CMX: 'TENENCIA O USO DE VEHÍCULOS',
  MEX: 'REFRENDO ANUAL DE PLACAS',
  JAL: 'REFRENDO VEHICULAR',
  NLE: 'DERECHOS DE CONTROL VEHICULAR',
  PUE: 'REFRENDO DE CONTROL VEHICULAR',
};

export function buildTenencia(rng: Rng, code?: PlateState['code']): Tenencia {
  const state = code ? PLATE_STATES.find((s) => s.code === code)! : rng.pick(PLATE_STATES);
  const vehicle = makeVehicle(rng);
  const pago = someDay(rng, Math.max(vehicle.anio, 2021), 2025);
  // Jalisco and Puebla receipts often settle several years at once.
  const years = state.code === 'JAL' || state.code === 'PUE' ? rng.int(1, 3) : 1;
  const last = pago.m <= 3 ? pago.y : rng.chance(0.5) ? pago.y : pago.y - 1;
  const ejercicios = Array.from({ length: years }, (_, i) => last - years + 1 + i).filter((y) => y >= vehicle.anio);
  if (!ejercicios.length) ejercicios.push(last);
  const lineas = ejercicios.map((ejercicio) => ({
    concepto: CONCEPTS[state.code],
    ejercicio,
    importe: rng.int(650, 4200) + rng.pick([0, 0.5]),
  }));
  const person = makePerson(rng);
  return {
    state,
    placa: state.plate(rng),
    vehicle,
    propietario: fullName(person),
    ejercicios,
    pago,
    lineas,
    total: Math.round(lineas.reduce((s, l) => s + l.importe, 0) * 100) / 100,
    vinPrinted: state.code === 'MEX' || state.code === 'PUE' ? vehicle.vin.slice(-8) : vehicle.vin,
    folio: `${rng.chars(LETTERS, 2)}${rng.chars(DIGITS, 9)}`,
    lineaCaptura: `${rng.chars(DIGITS, 2)}${rng.chars(LETTERS, 2)}${rng.chars(DIGITS, 6)}${rng.chars(LETTERS, 2)}${rng.chars(DIGITS, 8)}`,
  };
}

/** What a receipt holds, in the vocabulary's forms (make and model only where printed). */
export function tenenciaFields(t: Tenencia, printsVehicle: boolean): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    placa: normalizePlate(t.placa),
    entidad: t.state.code,
    ejercicio_fiscal: t.ejercicios.length === 1 ? t.ejercicios[0] : t.ejercicios,
    fecha_pago: dmy(t.pago),
    fecha_documento: dmy(t.pago),
    total: t.total,
    vin: t.vinPrinted,
    propietario: t.propietario,
    folio: t.folio,
  };
  if (printsVehicle) Object.assign(fields, { marca: t.vehicle.marca, modelo: t.vehicle.modelo, anio_modelo: t.vehicle.anio });
  return fields;
}

/** Receipts whose layout prints the vehicle's make, model and year. */
export const PRINTS_VEHICLE: Record<PlateState['code'], boolean> = { CMX: true, MEX: false, JAL: true, NLE: true, PUE: false };
