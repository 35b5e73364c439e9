import { segments, view } from '../text.js';
import { findMakeModel, findMotor, findVin } from './fields.js';
import { LABELS } from './labels.js';

export interface DescribedVehicle {
  vin?: string;
  numero_motor?: string;
  marca?: string;
  modelo?: string;
  anio_modelo?: number;
}

/**
 * The vehicle a concept description names: "AUTOMOVIL NUEVO MARCA NISSAN TIPO VERSA SENSE
 * MODELO 2024 SERIE 3N1CN8AE1RK812345 MOTOR HR16123456X COLOR BLANCO".
 */
export function vehicleFromDescription(description: string): DescribedVehicle {
  const t = view(description);
  const segs = segments(t, LABELS);
  const out: DescribedVehicle = { vin: findVin(t, segs), numero_motor: findMotor(segs), ...findMakeModel(segs) };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as DescribedVehicle;
}
