import type { Vehicle } from '../data/vehicles.js';
import type { Rng } from '../random.js';

const noun = (v: Vehicle, used: boolean) =>
  `${v.body === 'SEDAN' || v.body === 'HATCHBACK' ? 'AUTOMOVIL' : 'CAMIONETA'} ` +
  `${used ? (v.body === 'SEDAN' ? 'USADO' : 'USADA') : v.body === 'SEDAN' ? 'NUEVO' : 'NUEVA'}`;

/**
 * Concept descriptions as dealers write them. Each states make, model name, model year,
 * serial number (VIN) and engine number without ambiguity: the model name stands alone
 * after its label (or right after an unlabeled make), the version under its own label.
 */
const NEW_TEMPLATES: readonly ((v: Vehicle) => string)[] = [
  (v) =>
    `${noun(v, false)} MARCA ${v.marca} TIPO ${v.modelo} VERSION ${v.version} MODELO ${v.anio} ` +
    `COLOR ${v.color} SERIE ${v.vin} MOTOR ${v.motor}`,
  (v) => `${v.marca} ${v.modelo} ${v.anio} NO. DE SERIE ${v.vin} NO. DE MOTOR ${v.motor} COLOR ${v.color}`,
  (v) =>
    `VEHICULO NUEVO MARCA: ${v.marca}, LINEA: ${v.modelo}, VERSION: ${v.version}, MODELO: ${v.anio}, COLOR: ${v.color}, ` +
    `NIV: ${v.vin}, NUMERO DE MOTOR: ${v.motor}, CILINDROS: ${v.cilindros}, PUERTAS: ${v.puertas}, TRANSMISION AUTOMATICA`,
];

/** A new vehicle's description; `withVin: false` leaves the VIN to the complement. */
export function newVehicleDescription(rng: Rng, v: Vehicle, withVin = true): string {
  if (!withVin)
    return `${noun(v, false)} MARCA ${v.marca} TIPO ${v.modelo} VERSION ${v.version} MODELO ${v.anio} COLOR ${v.color} MOTOR ${v.motor}`;
  return rng.pick(NEW_TEMPLATES)(v);
}

export function usedVehicleDescription(rng: Rng, v: Vehicle): string {
  const km = rng.int(12, 140) * 1000 + rng.int(0, 999);
  return (
    `${noun(v, true)} MARCA ${v.marca} SUBMARCA ${v.modelo} AÑO MODELO ${v.anio} NIV ${v.vin} ` +
    `MOTOR ${v.motor} COLOR ${v.color} KILOMETRAJE ${km.toLocaleString('en-US')}`
  );
}

/** An imported vehicle (its pedimento goes in InformacionAduanera, not here). */
export function importedVehicleDescription(v: Vehicle): string {
  return (
    `${noun(v, true)} DE IMPORTACION MARCA ${v.marca} MODELO ${v.modelo} AÑO ${v.anio} ` +
    `SERIE ${v.vin} MOTOR ${v.motor} COLOR ${v.color}`
  );
}

export const SERVICES: readonly { clave: string; unidad: [string, string]; text: string; price: [number, number] }[] = [
  { clave: '84111500', unidad: ['E48', 'SERVICIO'], text: 'SERVICIOS DE CONTABILIDAD Y DECLARACIONES DEL MES', price: [3500, 12000] },
  { clave: '84111500', unidad: ['E48', 'SERVICIO'], text: 'HONORARIOS POR ASESORÍA FISCAL', price: [5000, 25000] },
  { clave: '76111500', unidad: ['E48', 'SERVICIO'], text: 'SERVICIO DE LIMPIEZA DE OFICINAS, 2 TURNOS', price: [8000, 30000] },
  { clave: '80131500', unidad: ['MON', 'MES'], text: 'ARRENDAMIENTO DE LOCAL COMERCIAL', price: [15000, 60000] },
  { clave: '78101800', unidad: ['E48', 'SERVICIO'], text: 'FLETE LOCAL DE MERCANCÍA GENERAL', price: [2500, 9000] },
  { clave: '43231500', unidad: ['E48', 'SERVICIO'], text: 'LICENCIA ANUAL DE SOFTWARE ADMINISTRATIVO', price: [4000, 18000] },
];
