import { dateKey } from './plates.js';
import { isPlausiblePlate, normalizePlate } from './validators/index.js';

// The main plate (contract §4.7, §4.5 rule 6); rules: docs/rules.md "Plate selection".

/** Legible: the normalized text is a plausible Mexican plate. */
export function isLegiblePlate(plate: string | null | undefined): boolean {
  return !!plate && isPlausiblePlate(normalizePlate(plate));
}

/** The legible plate with the most recent `document_date`, else the first legible one; null when none is. */
export function mainPlate<T extends { plate: string; document_date: string }>(plates: readonly T[]): T | null {
  let best: T | null = null;
  let bestKey = '';
  let firstLegible: T | null = null;
  for (const p of plates) {
    if (!isLegiblePlate(p.plate)) continue;
    firstLegible ??= p;
    const key = dateKey(p.document_date);
    if (key && key > bestKey) {
      best = p;
      bestKey = key;
    }
  }
  return best ?? firstLegible;
}
