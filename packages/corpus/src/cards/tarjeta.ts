import { COMPANIES, makeCompany } from '../data/companies.js';
import { fullName, makePerson } from '../data/people.js';
import { normalizePlate, PLATE_STATES, type PlateState } from '../data/states.js';
import { makeVehicle, type Vehicle } from '../data/vehicles.js';
import { fold } from '../ids/fold.js';
import { DIGITS, type Rng } from '../random.js';
import { address, dmy, someDay, type Day } from './common.js';

/** A tarjeta de circulación: the vehicle, its plate and its owner in one state. */
export interface Tarjeta {
  state: PlateState;
  /** As printed, with separators. */
  placa: string;
  vehicle: Vehicle;
  propietario: string;
  rfcPropietario: string;
  domicilio: [string, string, string];
  expedicion: Day;
  vigencia: Day;
  folio: string;
}

export function buildTarjeta(rng: Rng, code?: PlateState['code']): Tarjeta {
  const state = code ? PLATE_STATES.find((s) => s.code === code)! : rng.pick(PLATE_STATES);
  const vehicle = makeVehicle(rng, { imported: rng.chance(0.2) });
  const expedicion = someDay(rng, Math.max(vehicle.anio - 1, 2019), 2025);
  let propietario: string;
  let rfc: string;
  if (rng.chance(0.2)) {
    const c = makeCompany(rng, rng.pick(COMPANIES.filter((k) => k.kind === 'fleet' || k.kind === 'services')));
    propietario = c.name;
    rfc = c.rfc;
  } else {
    const p = makePerson(rng);
    propietario = rng.chance(0.5) ? fold(fullName(p)) : fullName(p);
    rfc = p.rfc;
  }
  return {
    state,
    placa: state.plate(rng),
    vehicle,
    propietario,
    rfcPropietario: rfc,
    domicilio: address(rng, state.name),
    expedicion,
    vigencia: { ...expedicion, y: expedicion.y + 3 },
    folio: `${state.code === 'CMX' ? 'TC' : state.code.slice(0, 1)}${rng.chars(DIGITS, 8)}`,
  };
}

/** What a tarjeta holds, in the vocabulary's forms. */
export function tarjetaFields(t: Tarjeta): Record<string, unknown> {
  return {
    vin: t.vehicle.vin,
    placa: normalizePlate(t.placa),
    entidad: t.state.code,
    propietario: t.propietario,
    numero_motor: t.vehicle.motor,
    fecha_documento: dmy(t.expedicion),
    marca: t.vehicle.marca,
    modelo: t.vehicle.modelo,
    anio_modelo: t.vehicle.anio,
    folio: t.folio,
  };
}
