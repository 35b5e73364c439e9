import { ddmmyyyy, seeded } from './seed.js';

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/** Synthetic official-portal answer for a plate (Estado de México). */
export function syntheticPlatePortal(plate: string): Record<string, unknown> {
  const r = seeded('plate_portal', plate);
  const status = r.next() < 0.75 ? 'Vigente' : r.pick(['Vencida', 'Inactiva'] as const);
  const fromYear = r.int(2015, 2023);
  const previous = r.chance(0.5) ? `${LETTERS[r.int(0, 22)]}${LETTERS[r.int(0, 22)]}${LETTERS[r.int(0, 22)]}${r.int(1000, 9999)}` : null;
  return {
    plate_status: status,
    valid_from: ddmmyyyy(r.int(1, 28), r.int(1, 12), fromYear),
    valid_until: ddmmyyyy(r.int(1, 28), r.int(1, 12), fromYear + 5),
    previous_plate: previous,
  };
}
