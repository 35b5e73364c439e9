import { findDates } from '../../domain/validators/dates.js';
import { isPlausiblePlate, normalizePlate } from '../../domain/validators/plates.js';
import { findEntityInText } from '../../domain/validators/entities.js';
import { matchesOf, segments, valuesOf, type Segment, type TextView } from '../text.js';
import type { ExtractContext } from './context.js';
import { cleanName, findDate, findEntity, findMakeModel, findMotor, findPlate } from './fields.js';
import { findVin, vinOf } from './vin.js';
import { LABELS } from './labels.js';

export type Data = Record<string, unknown>;

/** A folio: the labeled value without spaces when short, else its first token with a digit. */
export function findFolio(segs: readonly Segment[]): string | undefined {
  for (const v of valuesOf(segs, 'folio')) {
    const compact = v.replace(/\s+/g, '').toUpperCase();
    if (/^[A-Z0-9-]{3,20}$/.test(compact) && /\d/.test(compact)) return compact;
    const token = v.split(/\s+/).find((w) => /\d/.test(w) && /^[A-Z0-9-]+$/i.test(w));
    if (token) return token.toUpperCase();
  }
  return undefined;
}

/** The document's own date: issue/registration labels, then any `FECHA`, then the first date. */
export function documentDate(t: TextView, segs: readonly Segment[], extra: readonly string[] = []): string | undefined {
  return findDate(segs, ['fecha_expedicion', ...extra, 'fecha']) ?? unlabeledDate(t, segs);
}

/** Labels whose dates are not the date of the document: a validity's end, a birth date. */
const OTHER_DATES = new Set(['vigencia', 'fecha_nacimiento']);

/** The first date in the text that does not follow a label of another date on its line. */
function unlabeledDate(t: TextView, segs: readonly Segment[]): string | undefined {
  return findDates(t.original).find((d) => {
    const owner = segs.filter((s) => s.index <= d.index).at(-1);
    return !owner || !OTHER_DATES.has(owner.key) || t.original.slice(owner.index, d.index).includes('\n');
  })?.date;
}

/**
 * Registration documents (certificate_title, vehicle_certificate, alta_vehicular, repuve,
 * lumo_checklist): vin, placa, entidad, propietario, numero_motor, fecha_documento, marca,
 * modelo, anio_modelo, folio.
 */
export function extractVehicleDocument(t: TextView, ctx: ExtractContext): Data {
  const segs = segments(t, LABELS);
  return {
    vin: vinOf(findVin(t, segs, { partial: true, vehicleDocument: true, scanned: ctx.scanned }), ctx.findings),
    placa: findPlate(segs),
    entidad: findEntity(t, segs),
    propietario: cleanName(valuesOf(segs, 'propietario')[0] ?? valuesOf(segs, 'nombre')[0]),
    numero_motor: findMotor(segs),
    fecha_documento: documentDate(t, segs),
    ...findMakeModel(segs),
    folio: findFolio(segs),
  };
}

/**
 * A photo of a plate, or a card filed as one: the plate-shaped token and the state printed on
 * it, and the VIN and date when the document labels them (a plate row reads both, §2.4).
 */
export function extractVehiclePlate(t: TextView, ctx: ExtractContext): Data {
  const segs = segments(t, LABELS);
  const labeled = findPlate(segs);
  const token = matchesOf(t, String.raw`(?<![A-Z0-9])[A-Z]{2,3}[\s-]?\d{2,4}[\s-]?[A-Z0-9]{0,2}(?![A-Z0-9])`)
    .map((m) => normalizePlate(m.value))
    .find(isPlausiblePlate);
  return {
    placa: labeled ?? token,
    entidad: findEntity(t, segs) ?? findEntityInText(t.original) ?? undefined,
    vin: vinOf(findVin(t, segs, { partial: true, vehicleDocument: true, scanned: ctx.scanned }), ctx.findings),
    fecha_documento: documentDate(t, segs),
  };
}
