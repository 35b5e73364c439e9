import { dateKey } from './plates.js';
import { isPlausiblePlate, normalizePlate } from './validators/index.js';

/**
 * The main plate (contract §4.7, §4.5 rule 6): among the plates given (the kept ones), the
 * legible plate with the most recent `document_date`; undated plates do not compete; when
 * none has a date, the first legible plate wins; null when none is legible.
 *
 * Legible: the normalized text is a plausible Mexican plate (5–8 letters and digits with at
 * least one of each). An illegible plate never becomes the main plate, dated or not. Ties on
 * the date keep the first plate given.
 */
export function isLegiblePlate(plate: string | null | undefined): boolean {
  return !!plate && isPlausiblePlate(normalizePlate(plate));
}

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
